// Command benchctl submits benchmark runs to a SOAPBench server from a CI
// pipeline and, with --wait, prints the results, judges them against a base
// stack and writes reports a CI system reads (docs/ci.md).
//
// Usage:
//
//	benchctl submit --server URL [--token T] (--wsdl FILE|ZIP [--entry NAME] | --catalog ID) [--head-wsdl FILE|ZIP] --workload FILE
//	         [--visibility public|unlisted|private] [--wait [--cancel-on-interrupt] [--timeout 10m] [--keep-on-timeout]
//	         [--base STACK[@VERSION]] [--baseline-branch BRANCH | --baseline-run RUN]
//	         [--fail-on regression] [--threshold 5] [--metrics throughput,p99=10,cpu,rss]
//	         [--json FILE] [--junit FILE] [--markdown FILE]]
//	benchctl check --server URL [--token T] (--wsdl FILE|ZIP [--entry NAME] | --catalog ID)
//	         [--stacks cxf,gsoap,...] [--security plain,...] [--timeout 15m] [--json FILE]
//	benchctl compare --server URL [--token T] [--fail-on regression] [--threshold 5]
//	         [--json FILE] [--junit FILE] [--markdown FILE] BASELINE_RUN RUN
//	benchctl history --server URL [--token T] [--project P] [--branch main] [--fail-on regression] [--threshold 5]
//	benchctl acknowledge --server URL --token PROJECT_TOKEN [--project P] (--commit SHA | --branch B)
//	         [--stack ID[@VERSION]] [--metric throughput|p99|cpu|rss] --reason TEXT
//	benchctl acknowledge --server URL --token PROJECT_TOKEN (--withdraw ID | --list [--project P])
//	benchctl cancel --server URL [--token T | --manage-token M] RUN_ID
//
// Exit codes: 0 passed; 1 a regression (with --fail-on regression); 2 bad
// usage; 3 the run or a stack failed, or the API refused the submission (a
// broken WSDL, an invalid workload); 4 a service, network or auth error, or a
// wait that ran out (the run is then cancelled unless --keep-on-timeout).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

const usage = `usage: benchctl submit --server URL [--token T] (--wsdl FILE|ZIP [--entry NAME] | --catalog ID) [--head-wsdl FILE|ZIP] --workload FILE
                       [--visibility public|unlisted|private] [--wait [--cancel-on-interrupt] [--timeout 10m] [--keep-on-timeout]
                       [--base STACK[@VERSION]] [--baseline-branch BRANCH | --baseline-run RUN]
                       [--fail-on regression] [--threshold 5] [--metrics throughput,p99=10,cpu,rss]
                       [--json FILE] [--junit FILE] [--markdown FILE]]
       benchctl check --server URL [--token T] (--wsdl FILE|ZIP [--entry NAME] | --catalog ID)
                      [--stacks cxf,gsoap,...] [--security plain,...] [--timeout 15m] [--json FILE]
       benchctl compare --server URL [--token T] [--fail-on regression] [--threshold 5]
                        [--json FILE] [--junit FILE] [--markdown FILE] BASELINE_RUN RUN
       benchctl history --server URL [--token T] [--project P] [--branch main] [--fail-on regression] [--threshold 5]
       benchctl acknowledge --server URL --token PROJECT_TOKEN [--project P] (--commit SHA | --branch B)
                            [--stack ID[@VERSION]] [--metric throughput|p99|cpu|rss] --reason TEXT
       benchctl acknowledge --server URL --token PROJECT_TOKEN (--withdraw ID | --list [--project P])
       benchctl cancel --server URL [--token T | --manage-token M] RUN_ID
exit codes: 0 passed, 1 regression, 2 usage, 3 run or stack failed (or submission refused), 4 service, network or auth`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "cancel" {
		return runCancel(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "compare" {
		return runCompare(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "acknowledge" {
		return runAcknowledge(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "check" {
		return runCheck(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "history" {
		return runHistory(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "submit" {
		fmt.Fprintln(stderr, usage)
		return exitUsage
	}
	o, err := parseSubmit(args[1:])
	if err != nil {
		fmt.Fprintf(stderr, "benchctl: %v\n%s\n", err, usage)
		return exitUsage
	}
	c := newClient(o.server, o.token)
	sub, err := submit(c, o)
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		return finish(o, report{Failure: err.Error(), Exit: exitFor(err)}, stdout, stderr)
	}
	fmt.Fprintf(stdout, "run %s\n%s\n", sub.ID, sub.ShareURL)
	if sub.ManageToken != "" {
		// Shown once: the only way to cancel an anonymous run later.
		fmt.Fprintf(stdout, "manage token %s\n", sub.ManageToken)
	}
	if !o.wait {
		return exitOK
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r, err := waitForRun(ctx, c, sub.ID, o.timeout, o.poll, stderr)
	rep := report{Run: sub.ID, ShareURL: sub.ShareURL, Status: r.Status, Base: o.base}
	if ctx.Err() != nil {
		if !o.cancelOnInterrupt {
			fmt.Fprintf(stderr, "benchctl: interrupted; run %s goes on\n", sub.ID)
		} else {
			stopRun(c, sub, "interrupted", stderr)
		}
		rep.Failure, rep.Exit = "interrupted while waiting", exitService
		return finish(o, rep, stdout, stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		var late timedOut
		if errors.As(err, &late) && !o.keepOnTimeout {
			stopRun(c, sub, "the wait ran out", stderr)
		}
		rep.Failure, rep.Exit = err.Error(), exitService
		return finish(o, rep, stdout, stderr)
	}
	printSummary(stdout, r)
	rep.Exit, rep.Failure = judge(c, o, r, &rep, stderr)
	return finish(o, rep, stdout, stderr)
}

// judge is the exit code of an ended run: a failed run or stack first, then the gate.
func judge(c *client, o submitOptions, r runView, rep *report, stderr io.Writer) (int, string) {
	if r.Status != "completed" {
		reason := r.Failure
		if reason == "" {
			reason = "the run is " + r.Status
		}
		return exitRunFailed, reason
	}
	if failed := failedStacks(r); len(failed) > 0 {
		return exitRunFailed, "stacks that did not measure: " + strings.Join(failed, "; ")
	}
	base := o.base
	if base == "" && o.headWSDL != "" {
		// The backend makes the base WSDL's stack the run's reference.
		base = r.Workload.Reference
	}
	if base != "" {
		rows, err := gate(r, base, o.metrics)
		if err != nil {
			fmt.Fprintln(stderr, "benchctl:", err)
			return exitUsage, err.Error()
		}
		rep.Rows = rows
	}
	if o.baselineBranch != "" || o.baselineRun != "" {
		project := ""
		if o.ci != nil {
			project = o.ci.Project
		}
		page, found, note, err := storedBaseline(c, r.ID, project, o.baselineBranch, o.baselineRun, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "benchctl:", err)
			return exitFor(err), err.Error()
		}
		if !found {
			fmt.Fprintln(stderr, "benchctl:", note)
			rep.Notes = append(rep.Notes, note)
		} else {
			rows, notes := baselineRows(page, o.metrics)
			rep.BaselineRun = page.Runs[0].Slug
			rep.Rows = append(rep.Rows, rows...)
			rep.Notes = append(rep.Notes, notes...)
		}
	}
	rows, err := applyAcknowledgements(c, rep.Rows, r.CI, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		return exitFor(err), err.Error()
	}
	rep.Rows = rows
	if o.failOn == "regression" && regressed(rep.Rows) {
		return exitRegression, ""
	}
	return exitOK, ""
}

// finish writes the reports asked for and the outcome's last line; it returns the exit code.
func finish(o submitOptions, rep report, stdout, stderr io.Writer) int {
	rep.Outcome = describeExit(rep.Exit)
	for _, out := range []struct {
		path  string
		write func(string, report, io.Writer) error
	}{{o.jsonOut, writeJSON}, {o.junitOut, writeJUnit}} {
		if out.path != "" {
			if err := out.write(out.path, rep, stdout); err != nil {
				fmt.Fprintln(stderr, "benchctl: writing a report:", err)
			}
		}
	}
	if o.markdownOut != "" || (o.wait && os.Getenv("GITHUB_STEP_SUMMARY") != "") {
		if err := writeMarkdown(o.markdownOut, rep, stdout); err != nil {
			fmt.Fprintln(stderr, "benchctl: writing a report:", err)
		}
	}
	if o.wait {
		fmt.Fprintf(stderr, "benchctl: %s (exit %d)\n", rep.Outcome, rep.Exit)
	}
	return rep.Exit
}

// stopRun cancels the run the wait gave up on, so that it does not hold a worker for nobody.
func stopRun(c *client, sub submittedRun, why string, stderr io.Writer) {
	cr, err := cancelRun(c, sub.ID, sub.ManageToken)
	if err != nil {
		fmt.Fprintf(stderr, "benchctl: %s; cancelling run %s failed: %v\n", why, sub.ID, err)
		return
	}
	fmt.Fprintf(stderr, "benchctl: %s; run %s %s\n", why, cr.ID, cr.Status)
}

// failedStacks are the stacks that did not measure: a CI job should notice that its WSDL no
// longer builds on a stack.
func failedStacks(r runView) []string {
	var failed []string
	for _, s := range r.Stacks {
		switch s.Status {
		case "build_failed", "verify_failed", "failed":
			failed = append(failed, s.ID+"@"+s.Version+" "+s.Status+": "+s.Reason)
		}
	}
	return failed
}
