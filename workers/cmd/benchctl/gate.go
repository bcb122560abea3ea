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
				High: v.High, Rounds: v.Rounds, Verdict: v.Verdict, Text: v.Text}
			switch {
			case v.Verdict == "not-enough-data" || v.Ratio == nil:
				row.Outcome = outcomeNoVerdict
			case v.Verdict == "slower" && *v.Ratio < 1-threshold:
				row.Outcome = outcomeRegression
			case v.Verdict == "faster" && *v.Ratio > 1+threshold:
				row.Outcome = outcomeImprovement
			default:
				row.Outcome = outcomeUnchanged
			}
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no cell compares a head with the base %s", base)
	}
	return rows, nil
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
