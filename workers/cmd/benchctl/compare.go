package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// compareOptions are the flags of `benchctl compare`: two runs that exist already, judged as the
// gate judges a stored baseline (baseline.go), with the same reports and exit codes as submit.
type compareOptions struct {
	server, token, baseline, head  string
	failOn                         string
	threshold                      float64
	jsonOut, junitOut, markdownOut string
}

func parseCompare(args []string) (compareOptions, error) {
	var o compareOptions
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.server, "server", os.Getenv("SOAPBENCH_SERVER"), "backend URL (env SOAPBENCH_SERVER)")
	fs.StringVar(&o.token, "token", os.Getenv("SOAPBENCH_TOKEN"), "API token (env SOAPBENCH_TOKEN)")
	fs.StringVar(&o.failOn, "fail-on", "", "'regression' exits 1 when a stack of RUN is slower than in BASELINE_RUN beyond --threshold")
	fs.Float64Var(&o.threshold, "threshold", 5, "the least change in percent that counts as a regression or an improvement")
	fs.StringVar(&o.jsonOut, "json", "", "write the outcome as JSON to FILE (- for standard output)")
	fs.StringVar(&o.junitOut, "junit", "", "write a JUnit report to FILE")
	fs.StringVar(&o.markdownOut, "markdown", "", "write a pull-request comment to FILE (also appended to $GITHUB_STEP_SUMMARY when set)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() != 2:
		return o, errors.New("give two runs: BASELINE_RUN RUN (ids or share slugs)")
	case o.server == "":
		return o, errors.New("--server is required")
	case o.failOn != "" && o.failOn != "regression":
		return o, fmt.Errorf("--fail-on %q: the gate knows 'regression'", o.failOn)
	case o.threshold < 0 || o.threshold >= 100:
		return o, fmt.Errorf("--threshold %g: a percentage from 0 to below 100", o.threshold)
	}
	o.baseline, o.head = fs.Arg(0), fs.Arg(1)
	for _, name := range []string{o.baseline, o.head} {
		if name == "" || strings.ContainsAny(name, "/?#,&") {
			return o, fmt.Errorf("run %q: not an id or share slug", name)
		}
	}
	return o, nil
}

func runCompare(args []string, stdout, stderr io.Writer) int {
	o, err := parseCompare(args)
	if err != nil {
		fmt.Fprintf(stderr, "benchctl: %v\n%s\n", err, usage)
		return exitUsage
	}
	reports := submitOptions{jsonOut: o.jsonOut, junitOut: o.junitOut, markdownOut: o.markdownOut, wait: true}
	rep := report{Run: o.head, BaselineRun: o.baseline}
	c := newClient(o.server, o.token)
	page, err := compareWith(c, o.baseline, o.head)
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		rep.Failure, rep.Exit = err.Error(), exitFor(err)
		return finish(reports, rep, stdout, stderr)
	}
	if len(page.Runs) == 2 {
		rep.BaselineRun, rep.Run = page.Runs[0].Slug, page.Runs[1].Slug
	}
	rep.Status = "compared"
	if why := unlike(page); why != "" {
		if o.failOn != "" {
			err := fmt.Errorf("run %s cannot judge run %s: %s", rep.BaselineRun, rep.Run, why)
			fmt.Fprintln(stderr, "benchctl:", err)
			rep.Failure, rep.Exit = err.Error(), exitUsage
			return finish(reports, rep, stdout, stderr)
		}
		rep.Notes = append(rep.Notes, "measured under different conditions: "+why)
	}
	rows, notes := baselineRows(page, thresholds{"throughput": o.threshold / 100})
	rep.Rows, rep.Notes = rows, append(rep.Notes, notes...)
	for _, r := range rows {
		fmt.Fprintf(stdout, "%s  %s against %s: %s  %s\n", r.Cell, r.Head, r.Base, change(r), mark(r))
	}
	for _, n := range rep.Notes {
		fmt.Fprintln(stdout, "note:", n)
	}
	if regressed(rows) {
		head, err := c.getRun(o.head)
		if err == nil {
			rows, err = applyAcknowledgements(c, rows, head.CI, stderr)
		}
		if err != nil {
			fmt.Fprintln(stderr, "benchctl:", err)
			rep.Failure, rep.Exit = err.Error(), exitFor(err)
			return finish(reports, rep, stdout, stderr)
		}
		rep.Rows = rows
	}
	if o.failOn == "regression" && regressed(rows) {
		rep.Exit = exitRegression
	}
	return finish(reports, rep, stdout, stderr)
}
