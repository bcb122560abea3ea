package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// gateRow is one head stack against the base in one cell, as the regression gate judges it.
type gateRow struct {
	Cell    string   `json:"cell"`
	Base    string   `json:"base"`
	Head    string   `json:"head"`
	Metric  string   `json:"metric"`
	Ratio   *float64 `json:"ratio"`
	Low     *float64 `json:"low"`
	High    *float64 `json:"high"`
	Rounds  int      `json:"rounds"`
	Verdict string   `json:"verdict"`
	// Outcome is regression, improvement, unchanged (no change beyond the threshold with the
	// verdict's confidence), no-verdict (too little data to tell) or acknowledged (a regression
	// the project accepted: it does not fail the gate).
	Outcome string `json:"outcome"`
	// Acknowledged is the project's reason for accepting the regression, when it did.
	Acknowledged string `json:"acknowledged,omitempty"`
	Text         string `json:"text"`
	// Measured is "together" when base and head ran in one run, paired round by round, and
	// "apart" when the base is a stored baseline run (baseline.go).
	Measured string `json:"measured"`
}

const (
	outcomeRegression  = "regression"
	outcomeImprovement = "improvement"
	outcomeUnchanged   = "unchanged"
	outcomeNoVerdict   = "no-verdict"
	// outcomeAcknowledged is a regression the project accepted (acknowledge.go).
	outcomeAcknowledged = "acknowledged"
)

// thresholds are the metrics the gate judges, by the API's names (throughput, latencyP99,
// cpuPerRequest, peakRss), each with the least relative change that counts.
type thresholds map[string]float64

// metricNames maps what --metrics accepts to the API's metric names.
var metricNames = map[string]string{
	"throughput": "throughput", "p99": "latencyP99", "latencyP99": "latencyP99",
	"cpu": "cpuPerRequest", "cpuPerRequest": "cpuPerRequest", "rss": "peakRss", "peakRss": "peakRss",
}

// parseMetrics reads --metrics: a comma-separated list of metrics, each optionally with its own
// threshold in percent (p99=10); the others take fallback (a fraction).
func parseMetrics(list string, fallback float64) (thresholds, error) {
	out := thresholds{}
	for _, item := range strings.Split(list, ",") {
		name, percent, hasOwn := strings.Cut(strings.TrimSpace(item), "=")
		metric, ok := metricNames[name]
		if !ok {
			return nil, fmt.Errorf("--metrics: %q is no metric; use throughput, p99, cpu or rss", name)
		}
		t := fallback
		if hasOwn {
			v, err := strconv.ParseFloat(percent, 64)
			if err != nil || v < 0 || v >= 100 {
				return nil, fmt.Errorf("--metrics: %s=%s: a percentage from 0 to below 100", name, percent)
			}
			t = v / 100
		}
		out[metric] = t
	}
	return out, nil
}

// gate judges every stack against base, cell by cell, from the run's paired verdicts: a regression
// is a head that the verdict finds worse (slower; for a cost, higher: its interval beyond 1 at the
// verdict's confidence) and whose estimate is beyond the metric's threshold. The base must be the
// cells' reference, which the workload names: only then are the verdicts head against base.
func gate(r runView, base string, th thresholds) ([]gateRow, error) {
	if r.Summary == nil {
		return nil, fmt.Errorf("the run has no statistics to judge")
	}
	var rows []gateRow
	for _, c := range r.Summary.Cells {
		if c.Reference == "" {
			continue
		}
		if c.ReferenceChosenBy != "workload" || !sameStack(c.Reference, base) {
			return nil, fmt.Errorf("cell %q compares with %s (%s), not with the base %s: name the base as the workload's \"reference\"",
				c.Label, c.Reference, c.ReferenceChosenBy, base)
		}
		for _, v := range c.Comparisons {
			if t, ok := th["throughput"]; ok {
				row := gateRow{Cell: c.Label, Base: v.Against, Head: v.Stack, Metric: "throughput", Ratio: v.Ratio, Low: v.Low,
					High: v.High, Rounds: v.Rounds, Verdict: v.Verdict, Text: v.Text, Measured: measuredTogether}
				row.Outcome = outcome(v.Verdict, v.Ratio, t)
				rows = append(rows, row)
			}
			for _, m := range c.MetricComparisons {
				t, ok := th[m.Metric]
				if !ok || m.Stack != v.Stack {
					continue
				}
				row := gateRow{Cell: c.Label, Base: m.Against, Head: m.Stack, Metric: m.Metric, Ratio: m.Ratio, Low: m.Low,
					High: m.High, Rounds: m.Rounds, Verdict: m.Verdict, Text: m.Text, Measured: measuredTogether}
				row.Outcome = costOutcome(m.Verdict, m.Ratio, t)
				rows = append(rows, row)
			}
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no cell compares a head with the base %s", base)
	}
	return rows, nil
}

// costOutcome is outcome for a metric where more is worse: p99 latency, CPU per request, RSS.
func costOutcome(verdict string, ratio *float64, threshold float64) string {
	switch {
	case verdict == "not-enough-data" || ratio == nil:
		return outcomeNoVerdict
	case verdict == "higher" && *ratio > 1+threshold:
		return outcomeRegression
	case verdict == "lower" && *ratio < 1-threshold:
		return outcomeImprovement
	}
	return outcomeUnchanged
}

// names lists the thresholds' metrics in a stable order, for messages.
func (th thresholds) names() []string {
	var out []string
	for m := range th {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

// outcome reads a verdict and its estimate (head / base) against the threshold: a regression is
// a change the verdict tells from none (its interval excludes 1) and whose estimate is beyond the
// threshold.
func outcome(verdict string, ratio *float64, threshold float64) string {
	switch {
	case verdict == "not-enough-data" || ratio == nil:
		return outcomeNoVerdict
	case verdict == "slower" && *ratio < 1-threshold:
		return outcomeRegression
	case verdict == "faster" && *ratio > 1+threshold:
		return outcomeImprovement
	}
	return outcomeUnchanged
}

// sameStack tells whether reference (id@version) is base (id or id@version).
func sameStack(reference, base string) bool {
	if strings.Contains(base, "@") {
		return reference == base
	}
	id, _, _ := strings.Cut(reference, "@")
	return id == base
}

// regressed tells whether any row is a regression.
func regressed(rows []gateRow) bool {
	for _, r := range rows {
		if r.Outcome == outcomeRegression {
			return true
		}
	}
	return false
}
