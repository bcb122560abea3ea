// Command benchctl submits benchmark runs to a SOAPBench server from a CI
// pipeline and, with --wait, prints the results.
//
// Usage:
//
//	benchctl submit --server URL [--token T] (--wsdl FILE|ZIP | --catalog ID) --workload FILE
//	         [--visibility public|private] [--wait [--cancel-on-interrupt]] [--timeout 10m]
//	benchctl cancel --server URL [--token T | --manage-token M] RUN_ID
//
// It exits 1 when the API refuses the run or the cancel, the run fails or
// is cancelled, or (with --wait) a stack fails, and 2 on bad usage.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const usage = `usage: benchctl submit --server URL [--token T] (--wsdl FILE|ZIP | --catalog ID) --workload FILE
                       [--visibility public|private] [--wait [--cancel-on-interrupt]] [--timeout 10m]
       benchctl cancel --server URL [--token T | --manage-token M] RUN_ID`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "cancel" {
		return runCancel(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "submit" {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	o, err := parseSubmit(args[1:])
	if err != nil {
		fmt.Fprintf(stderr, "benchctl: %v\n%s\n", err, usage)
		return 2
	}
	c := newClient(o.server, o.token)
	sub, err := submit(c, o)
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		return 1
	}
	fmt.Fprintf(stdout, "run %s\n%s\n", sub.ID, sub.ShareURL)
	if sub.ManageToken != "" {
		// Shown once: the only way to cancel an anonymous run later.
		fmt.Fprintf(stdout, "manage token %s\n", sub.ManageToken)
	}
	if !o.wait {
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r, err := waitForRun(ctx, c, sub.ID, o.timeout, o.poll, stderr)
	if ctx.Err() != nil {
		if !o.cancelOnInterrupt {
			fmt.Fprintf(stderr, "benchctl: interrupted; run %s goes on\n", sub.ID)
			return 1
		}
		cr, cerr := cancelRun(c, sub.ID, sub.ManageToken)
		if cerr != nil {
			fmt.Fprintln(stderr, "benchctl: interrupted; cancelling failed:", cerr)
			return 1
		}
		fmt.Fprintf(stderr, "benchctl: interrupted; run %s %s\n", cr.ID, cr.Status)
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		return 1
	}
	printSummary(stdout, r)
	if r.Status != "completed" || anyStackFailed(r) {
		return 1
	}
	return 0
}

// anyStackFailed is true when a stack did not measure: a CI job should
// notice that its WSDL no longer builds on a stack.
func anyStackFailed(r runView) bool {
	for _, s := range r.Stacks {
		switch s.Status {
		case "build_failed", "verify_failed", "failed":
			return true
		}
	}
	return false
}
