package main

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// A stored baseline is a run measured apart from the head, on another day and perhaps another
// worker: the newest completed run of the base branch with the same workload on the same hardware
// class (--baseline-branch), or a run named explicitly (--baseline-run). The backend's compare
// view judges the head against it: the shift between the two runs' repetitions with its interval
// widened by the spread between whole runs, which no paired run has (docs/statistics.md,
// "Comparing runs"). So a stored baseline finds only larger changes than an A/B in one run, and
// says so in every row.

// measuredApart marks gate rows judged against a stored baseline; measuredTogether those of the
// head's own run, paired round by round.
const (
	measuredTogether = "together"
	measuredApart    = "apart"
)

// comparePage is what the gate reads of GET /api/v1/compare (openapi.yaml, RunComparison).
type comparePage struct {
	Runs []struct {
		ID            string `json:"id"`
		Slug          string `json:"slug"`
		HardwareClass string `json:"hardwareClass"`
	} `json:"runs"`
	Warnings []struct {
		Kind  string `json:"kind"`
		Field string `json:"field"`
		Text  string `json:"text"`
	} `json:"warnings"`
	Cells []struct {
		Label  string `json:"label"`
		Stacks []struct {
			Stack string `json:"stack"`
			Runs  []struct {
				Run    string    `json:"run"`
				Slug   string    `json:"slug"`
				Ratio  *runRatio `json:"ratio"`
				Reason string    `json:"reason"`
			} `json:"runs"`
		} `json:"stacks"`
	} `json:"cells"`
}

// runRatio is one stack's throughput in the head run over the baseline run's.
type runRatio struct {
	Stack       string   `json:"stack"`
	Against     string   `json:"against"`
	Ratio       *float64 `json:"ratio"`
	Low         *float64 `json:"low"`
	High        *float64 `json:"high"`
	Repetitions int      `json:"repetitions"`
	Verdict     string   `json:"verdict"`
	Text        string   `json:"text"`
}

// runList is a page of GET /api/v1/runs.
type runList struct {
	Items []struct {
		ID     string `json:"id"`
		Slug   string `json:"slug"`
		Branch string `json:"branch"`
	} `json:"items"`
}

// baselineCandidates is how many of the base branch's newest completed runs are tried: older ones
// measured a workload the project has moved on from.
const baselineCandidates = 20

// storedBaseline finds the baseline run and compares the head with it. found is false, with a
// note saying why, when the branch has no run to judge against yet (a project's first run).
func storedBaseline(c *client, head string, project, branch, named string, log io.Writer) (page comparePage, found bool, note string, err error) {
	if named != "" {
		page, err = compareWith(c, named, head)
		if err != nil {
			return page, false, "", fmt.Errorf("the baseline run %s: %w", named, err)
		}
		if why := unlike(page); why != "" {
			return page, false, "", usageError{fmt.Errorf("the baseline run %s cannot judge this run: %s", named, why)}
		}
		return page, true, "", nil
	}
	q := url.Values{"project": {project}, "branch": {branch}, "status": {"completed"}, "size": {fmt.Sprint(baselineCandidates)}}
	req, err := http.NewRequest(http.MethodGet, c.server+"/api/v1/runs?"+q.Encode(), nil)
	if err != nil {
		return page, false, "", err
	}
	var list runList
	if err := c.do(req, &list); err != nil {
		return page, false, "", fmt.Errorf("finding the baseline: %w", err)
	}
	for _, cand := range list.Items {
		if cand.ID == head {
			continue
		}
		page, err = compareWith(c, cand.ID, head)
		if err != nil {
			return page, false, "", fmt.Errorf("comparing with the baseline candidate %s: %w", cand.Slug, err)
		}
		why := unlike(page)
		if why == "" {
			fmt.Fprintf(log, "baseline: run %s of %s on %s\n", cand.Slug, project, branch)
			return page, true, "", nil
		}
		fmt.Fprintf(log, "baseline: run %s of %s on %s left out: %s\n", cand.Slug, project, branch, why)
	}
	return page, false, fmt.Sprintf("no completed run of %s on branch %s with this workload on this hardware class "+
		"among its %d newest: nothing to judge against yet", project, branch, baselineCandidates), nil
}

// compareWith asks the backend to compare head with baseline, WSDLs allowed to differ: a changed
// WSDL is exactly what a pull request may bring.
func compareWith(c *client, baseline, head string) (comparePage, error) {
	q := url.Values{"runs": {baseline + "," + head}, "baseline": {baseline}, "wsdl": {"may-differ"}}
	req, err := http.NewRequest(http.MethodGet, c.server+"/api/v1/compare?"+q.Encode(), nil)
	if err != nil {
		return comparePage{}, err
	}
	var page comparePage
	return page, c.do(req, &page)
}

// unlike says why a compared baseline cannot judge the head: another workload or hardware class.
// Another machine of one class, or a changed WSDL, is reported with the rows but judged.
func unlike(page comparePage) string {
	var why []string
	for _, w := range page.Warnings {
		if w.Kind == "workload" || w.Kind == "unfinished" {
			why = append(why, w.Text)
		}
	}
	if len(page.Runs) == 2 && page.Runs[0].HardwareClass != page.Runs[1].HardwareClass {
		why = append(why, fmt.Sprintf("hardware class %s, not %s", page.Runs[0].HardwareClass, page.Runs[1].HardwareClass))
	}
	return strings.Join(why, "; ")
}

// baselineRows are the gate's rows for every stack the head run measured against the same stack
// in the baseline run, and the warnings the comparison carried (a machine or a WSDL that differ).
// Runs measured apart are compared on throughput only: the costs have no interval across runs.
func baselineRows(page comparePage, th thresholds) (rows []gateRow, notes []string) {
	if len(page.Runs) != 2 {
		return nil, nil
	}
	threshold, judged := th["throughput"]
	var costs []string
	for _, m := range th.names() {
		if m != "throughput" {
			costs = append(costs, m)
		}
	}
	if len(costs) > 0 {
		notes = append(notes, "against a run measured apart only the throughput is judged: "+strings.Join(costs, ", ")+
			" need a base measured in the same run (--base)")
	}
	if !judged {
		return nil, notes
	}
	baseline, head := page.Runs[0], page.Runs[1]
	for _, w := range page.Warnings {
		notes = append(notes, w.Text)
	}
	for _, cell := range page.Cells {
		for _, s := range cell.Stacks {
			for _, fig := range s.Runs {
				if fig.Run != head.ID {
					continue
				}
				if fig.Ratio == nil {
					if fig.Reason != "" {
						notes = append(notes, fmt.Sprintf("%s, %s: %s", cell.Label, s.Stack, fig.Reason))
					}
					continue
				}
				v := fig.Ratio
				row := gateRow{Cell: cell.Label, Base: v.Against + " in run " + baseline.Slug, Head: v.Stack + " in run " + head.Slug,
					Metric: "throughput", Ratio: v.Ratio, Low: v.Low, High: v.High, Rounds: v.Repetitions, Verdict: v.Verdict,
					Text: v.Text, Measured: measuredApart}
				row.Outcome = outcome(v.Verdict, v.Ratio, threshold)
				rows = append(rows, row)
			}
		}
	}
	return rows, notes
}
