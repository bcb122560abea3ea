package dev.soapbench.studies;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Whether a probe's one change accounts for a claim we do not reproduce (docs/statistics.md, "Probes:
 * causes backed by measurement"). The claim's cells are compared one by one: our paired 95 %
 * interval in the study's latest run against the same cell's in the probe's latest run. Plain
 * functions, so that each finding can be tested without a run.
 */
final class ProbeFindings {

    static final String ACCOUNTS = "accounts";
    static final String PART = "part";
    static final String NO = "no";
    static final String UNKNOWN = "unknown";

    private ProbeFindings() {}

    /**
     * @param ours the claim as the study's own latest run judged it
     * @param probeRun the probe's latest run; null when it has never run
     */
    static StudyRunView.ProbeFinding finding(Study.Probe probe, StudyRunView.Comparison ours, StudyRunView probeRun) {
        if (probeRun == null) {
            return new StudyRunView.ProbeFinding(
                    probe.id(),
                    probe.label(),
                    probe.question(),
                    null,
                    null,
                    null,
                    null,
                    List.of(),
                    UNKNOWN,
                    "not measured yet: this probe has not been run.");
        }
        Optional<StudyRunView.Comparison> theirs = probeRun.comparisons().stream()
                .filter(c -> c.published().equals(ours.published()))
                .findFirst();
        List<StudyRunView.CellVerdict> probeCells =
                theirs.map(StudyRunView.Comparison::cellVerdicts).orElse(List.of());
        Judgement judgement = judge(probe, ours, theirs.orElse(null), probeRun.status());
        return new StudyRunView.ProbeFinding(
                probe.id(),
                probe.label(),
                probe.question(),
                probeRun.id(),
                probeRun.status(),
                theirs.map(StudyRunView.Comparison::verdict).orElse(null),
                theirs.map(StudyRunView.Comparison::verdictReason).orElse(null),
                probeCells,
                judgement.accounts(),
                judgement.sentence());
    }

    record Judgement(String accounts, String sentence) {}

    static Judgement judge(
            Study.Probe probe, StudyRunView.Comparison ours, StudyRunView.Comparison theirs, String probeStatus) {
        String with = "With " + probe.label();
        List<Pair> pairs = theirs == null ? List.of() : pairs(ours.cellVerdicts(), theirs.cellVerdicts());
        if (pairs.isEmpty()) {
            return new Judgement(
                    UNKNOWN,
                    "not measured yet: "
                            + ("completed".equals(probeStatus) || "failed".equals(probeStatus)
                                    ? "the probe's latest run has no cell of this claim that both runs measured with enough"
                                            + " paired rounds."
                                    : "the probe's latest run is " + probeStatus + "."));
        }
        String figures = pairs.stream().map(Pair::describe).collect(Collectors.joining("; "))
                + unpaired(ours.cellVerdicts(), pairs);
        boolean oursReproduced = ClaimVerdicts.REPRODUCED.equals(ours.verdict());
        boolean theirsReproduced = ClaimVerdicts.REPRODUCED.equals(theirs.verdict());
        if (theirsReproduced && !oursReproduced) {
            return new Judgement(
                    ACCOUNTS,
                    with + " the claim is reproduced (" + figures + "): this change accounts for the difference.");
        }
        if (oursReproduced) {
            return new Judgement(
                    theirsReproduced ? NO : PART,
                    "The claim is reproduced without the probe; " + with.toLowerCase(Locale.ROOT) + " it is "
                            + words(theirs.verdict()) + " (" + figures + ").");
        }
        boolean allApart = pairs.stream().allMatch(Pair::apart);
        if (allApart) {
            return new Judgement(
                    PART,
                    with + " our interval moves clear of where it was (" + figures
                            + "), but the claim is still " + words(theirs.verdict())
                            + ": this change matters, and does not account for the whole difference.");
        }
        return new Judgement(
                NO,
                with + " our interval overlaps where it was (" + figures + "): this change does not explain the"
                        + " difference.");
    }

    /** One cell measured, with enough paired rounds, in both runs. */
    record Pair(String cell, StudyRunView.CellVerdict ours, StudyRunView.CellVerdict theirs) {

        boolean apart() {
            return theirs.high() < ours.low() || theirs.low() > ours.high();
        }

        /** "small-plain-c1-article: 3.80× (3.61–3.95) → 1.12× (1.05–1.20)" */
        String describe() {
            return cell + ": " + interval(ours) + " → " + interval(theirs);
        }

        private static String interval(StudyRunView.CellVerdict cell) {
            return String.format(Locale.ROOT, "%.2f× (%.2f–%.2f)", cell.ratio(), cell.low(), cell.high());
        }
    }

    static List<Pair> pairs(List<StudyRunView.CellVerdict> ours, List<StudyRunView.CellVerdict> theirs) {
        Map<String, StudyRunView.CellVerdict> byCell = theirs.stream()
                .filter(ProbeFindings::hasInterval)
                .collect(Collectors.toMap(StudyRunView.CellVerdict::cell, Function.identity(), (a, b) -> a));
        List<Pair> pairs = new ArrayList<>();
        for (StudyRunView.CellVerdict cell : ours) {
            StudyRunView.CellVerdict other = byCell.get(cell.cell());
            if (other != null && hasInterval(cell)) {
                pairs.add(new Pair(cell.cell(), cell, other));
            }
        }
        return pairs;
    }

    /**
     * "; not measured by the probe: large/sign" when the probe left cells of the claim that the study
     * measured unmeasured (a probe of some modes, a secured cell the neutral driver cannot send), so
     * that a finding never reads as covering cells it did not see; "" when it saw them all.
     */
    static String unpaired(List<StudyRunView.CellVerdict> ours, List<Pair> pairs) {
        List<String> paired = pairs.stream().map(Pair::cell).toList();
        List<String> missing = ours.stream()
                .filter(ProbeFindings::hasInterval)
                .map(StudyRunView.CellVerdict::cell)
                .filter(cell -> !paired.contains(cell))
                .toList();
        return missing.isEmpty() ? "" : "; not measured by the probe: " + String.join(", ", missing);
    }

    private static boolean hasInterval(StudyRunView.CellVerdict cell) {
        return cell.ratio() != null && cell.low() != null && cell.high() != null;
    }

    private static String words(String verdict) {
        return verdict == null ? "not measurable" : verdict.replace('-', ' ');
    }
}
