package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// printSummary writes one line per stack and measured cell, the median
// repetition by throughput standing for the cell; then, per cell of the
// run's summary, each stack's median throughput with its interval and what
// it rests on, and the verdicts against the cell's reference.
func printSummary(w io.Writer, r runView) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "STACK\tVERSION\tSTATUS\tSECURITY\tREQ/S\tP50 MS\tP99 MS\tCPU S\tRSS MB\tERRORS")
	for _, s := range r.Stacks {
		ms := measurementsOf(r, s.ID)
		if len(ms) == 0 {
			reason := s.Reason
			fmt.Fprintf(tw, "%s\t%s\t%s\t-\t-\t-\t-\t-\t-\t%s\n", s.ID, s.Version, s.Status, reason)
			continue
		}
		for _, m := range ms {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.0f\t%.2f\t%.2f\t%.2f\t%.1f\t%d\n", s.ID, s.Version, s.Status, m.Cell.Security,
				m.Throughput, m.LatencyMs.P50, m.LatencyMs.P99, m.ServerCPUSeconds, float64(m.PeakRSSBytes)/(1<<20), errorTotal(m))
		}
	}
	tw.Flush()
	if r.Summary != nil {
		for _, c := range r.Summary.Cells {
			fmt.Fprintln(w)
			printCell(w, c, r.Summary.Confidence)
		}
	}
	if r.Failure != "" {
		fmt.Fprintf(w, "run failed: %s\n", r.Failure)
	}
}

// measurementsOf picks, per security mode, the repetition with the median
// throughput, so that one lucky or unlucky repetition does not stand alone.
func measurementsOf(r runView, stack string) []measurement {
	bySecurity := map[string][]measurement{}
	var order []string
	for _, m := range r.Measurements {
		if m.Stack != stack {
			continue
		}
		if _, seen := bySecurity[m.Cell.Security]; !seen {
			order = append(order, m.Cell.Security)
		}
		bySecurity[m.Cell.Security] = append(bySecurity[m.Cell.Security], m)
	}
	var out []measurement
	for _, sec := range order {
		ms := bySecurity[sec]
		sortByThroughput(ms)
		out = append(out, ms[len(ms)/2])
	}
	return out
}

func sortByThroughput(ms []measurement) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].Throughput < ms[j-1].Throughput; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

func errorTotal(m measurement) int64 {
	var n int64
	for _, v := range m.Errors {
		n += v
	}
	return n
}

// printCell writes one cell of the summary: its stacks by band, then the
// verdicts in the backend's words, so a CI log says the same as the run page.
func printCell(w io.Writer, c summaryCell, confidence float64) {
	fmt.Fprintln(w, c.Label)
	if c.Reference != "" {
		by := "the fastest"
		if c.ReferenceChosenBy == "workload" {
			by = "named by the workload"
		}
		fmt.Fprintf(w, "  reference %s (%s)\n", c.Reference, by)
	}
	var table strings.Builder
	tw := tabwriter.NewWriter(&table, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  BAND\tSTACK\tREQ/S\tINTERVAL\tRESTS ON\tNOTE")
	for _, s := range c.Stacks {
		band := "-"
		if s.Ranked && s.Rank != nil {
			band = strconv.Itoa(*s.Rank)
		}
		median := "-"
		if s.Throughput != nil {
			median = fmt.Sprintf("%.0f", s.Throughput.Median)
		}
		fmt.Fprintf(tw, "  %s\t%s@%s\t%s\t%s\t%s\t%s\n", band, s.Stack, s.Version, median,
			interval(s.Throughput, confidence), restsOn(s), note(s))
	}
	tw.Flush()
	// A stack with no note leaves its line padded for the column.
	for _, line := range strings.Split(strings.TrimSuffix(table.String(), "\n"), "\n") {
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	switch {
	case !c.EnoughData && c.NotEnoughData != "":
		fmt.Fprintf(w, "  %s\n", c.NotEnoughData)
	default:
		for _, v := range c.Comparisons {
			fmt.Fprintf(w, "  %s\n", v.Text)
		}
	}
	if c.Drift != nil {
		fmt.Fprintf(w, "  drift: %s\n", c.Drift.Text)
	}
}

// interval is the median's interval with its confidence; below the one
// asked for (fewer than 6 repetitions) it says the real coverage.
func interval(m *medianInterval, confidence float64) string {
	switch {
	case m == nil:
		return "-"
	case m.N < 2:
		return "one repetition, no interval"
	case m.Coverage >= confidence:
		return fmt.Sprintf("%s CI %.0f–%.0f", percent(confidence), m.Low, m.High)
	}
	return fmt.Sprintf("%s CI %.0f–%.0f (below %s)", percent(m.Coverage), m.Low, m.High, percent(confidence))
}

// percent writes a probability as a percentage, with one decimal when a
// whole number would round it up: 0.9375 is 93.7 %, never 94 %.
func percent(p float64) string {
	whole := p * 100
	if math.Abs(whole-math.Round(whole)) < 1e-9 {
		return fmt.Sprintf("%.0f %%", math.Round(whole))
	}
	return fmt.Sprintf("%.1f %%", math.Floor(whole*10+1e-9)/10)
}

// restsOn says which repetitions and how many requests the figures come from.
func restsOn(s summaryStack) string {
	out := fmt.Sprintf("%d of %d repetitions", s.Used, s.Repetitions)
	if s.Requests != nil {
		out += fmt.Sprintf(", %d requests", *s.Requests)
	}
	return out
}

// note names a stack's band companions, or why it has no band.
func note(s summaryStack) string {
	switch {
	case !s.Ranked && s.Reason != "":
		return "not ranked: " + s.Reason
	case !s.Ranked:
		return "not ranked"
	case len(s.TiedWith) > 0:
		return "tied with " + strings.Join(s.TiedWith, ", ")
	}
	return ""
}
