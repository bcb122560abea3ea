package main

import (
	"fmt"
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
	// verdict's confidence) or no-verdict (too little data to tell).
	Outcome string `json:"outcome"`
	Text    string `json:"text"`
	// Measured is "together" when base and head ran in one run, paired round by round, and
	// "apart" when the base is a stored baseline run (baseline.go).
	Measured string `json:"measured"`
}

const (
	outcomeRegression  = "regression"
	outcomeImprovement = "improvement"
	outcomeUnchanged   = "unchanged"
	outcomeNoVerdict   = "no-verdict"
)

// gate judges every stack against base, cell by cell, from the run's paired verdicts: a regression
// is a head that the verdict finds slower (its interval below 1 at the verdict's confidence) and
// whose estimate is below 1 - threshold. The base must be the cells' reference, which the
// workload names: only then are the verdicts head against base.
func gate(r runView, base string, threshold float64) ([]gateRow, error) {
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
			row := gateRow{Cell: c.Label, Base: v.Against, Head: v.Stack, Metric: "throughput", Ratio: v.Ratio, Low: v.Low,
				High: v.High, Rounds: v.Rounds, Verdict: v.Verdict, Text: v.Text, Measured: measuredTogether}
			row.Outcome = outcome(v.Verdict, v.Ratio, threshold)
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no cell compares a head with the base %s", base)
	}
	return rows, nil
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
