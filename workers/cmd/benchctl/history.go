package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
)

// history is what `benchctl history` reads of GET /api/v1/projects/history.
type history struct {
	Project string `json:"project"`
	Branch  string `json:"branch"`
	Runs    []struct {
		Slug string `json:"slug"`
	} `json:"runs"`
	Series []struct {
		HardwareClass string `json:"hardwareClass"`
		Cell          string `json:"cell"`
		Stack         string `json:"stack"`
		Metric        string `json:"metric"`
		Points        []struct {
			Commit string  `json:"commit"`
			Median float64 `json:"median"`
		} `json:"points"`
		Changes []struct {
			Direction       string           `json:"direction"`
			Regression      bool             `json:"regression"`
			Ratio           float64          `json:"ratio"`
			Text            string           `json:"text"`
			Acknowledgement *acknowledgement `json:"acknowledgement"`
		} `json:"changes"`
		Note string `json:"note"`
	} `json:"series"`
}

type historyOptions struct {
	server, token, project, branch string
	failOn                         string
	threshold                      float64
}

func parseHistory(args []string) (historyOptions, error) {
	var o historyOptions
	fs := flag.NewFlagSet("history", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.server, "server", os.Getenv("SOAPBENCH_SERVER"), "backend URL (env SOAPBENCH_SERVER)")
	fs.StringVar(&o.token, "token", os.Getenv("SOAPBENCH_TOKEN"), "API token (env SOAPBENCH_TOKEN)")
	var ci ciContext
	fs.StringVar(&ci.Project, "project", "", "the CI project (default: from GitHub Actions, GitLab CI or Jenkins)")
	fs.StringVar(&o.branch, "branch", "main", "the branch")
	fs.StringVar(&o.failOn, "fail-on", "", "'regression' exits 1 when a series' newest change is for the worse beyond --threshold, unacknowledged")
	fs.Float64Var(&o.threshold, "threshold", 5, "the least change in percent that counts")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if found := detectCIFromEnvironment(ci); found != nil {
		o.project = found.Project
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.server == "":
		return o, errors.New("--server is required")
	case o.project == "":
		return o, errors.New("--project is required outside GitHub Actions, GitLab CI and Jenkins")
	case o.failOn != "" && o.failOn != "regression":
		return o, fmt.Errorf("--fail-on %q: the gate knows 'regression'", o.failOn)
	case o.threshold < 0 || o.threshold >= 100:
		return o, fmt.Errorf("--threshold %g: a percentage from 0 to below 100", o.threshold)
	}
	return o, nil
}

// runHistory prints where each stack's throughput and costs moved on the branch; with --fail-on
// regression it exits 1 when a series' last change is for the worse beyond the threshold (the
// branch is still slower, or costlier, than it was) and the project has not acknowledged it.
func runHistory(args []string, stdout, stderr io.Writer) int {
	o, err := parseHistory(args)
	if err != nil {
		fmt.Fprintf(stderr, "benchctl: %v\n%s\n", err, usage)
		return exitUsage
	}
	q := url.Values{"project": {o.project}, "branch": {o.branch}}
	c := newClient(o.server, o.token)
	req, err := http.NewRequest(http.MethodGet, c.server+"/api/v1/projects/history?"+q.Encode(), nil)
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		return exitUsage
	}
	var h history
	if err := c.do(req, &h); err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		return exitFor(err)
	}
	fmt.Fprintf(stdout, "%s on %s: %d runs\n", h.Project, h.Branch, len(h.Runs))
	regressed := false
	for _, s := range h.Series {
		fmt.Fprintf(stdout, "\n%s %s · %s · %s: %d runs\n", s.Stack, s.Metric, s.Cell, s.HardwareClass, len(s.Points))
		if s.Note != "" {
			fmt.Fprintf(stdout, "  %s\n", s.Note)
		}
		if s.Note == "" && len(s.Changes) == 0 {
			fmt.Fprintln(stdout, "  no change found")
		}
		for _, ch := range s.Changes {
			fmt.Fprintf(stdout, "  %s\n", ch.Text)
			if ch.Acknowledgement != nil {
				fmt.Fprintf(stdout, "    acknowledged: %s\n", ch.Acknowledgement.Reason)
			}
		}
		if n := len(s.Changes); n > 0 {
			last := s.Changes[n-1]
			beyond := last.Ratio < 1-o.threshold/100 || last.Ratio > 1+o.threshold/100
			regressed = regressed || (last.Regression && beyond && last.Acknowledgement == nil)
		}
	}
	if o.failOn == "regression" && regressed {
		fmt.Fprintln(stderr, "benchctl: a series' newest change is for the worse beyond the threshold (exit 1)")
		return exitRegression
	}
	return exitOK
}
