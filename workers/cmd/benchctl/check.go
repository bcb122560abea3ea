package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

// checkOptions are the flags of `benchctl check`: a compatibility check
// builds, serves and verifies every stack and measures nothing.
type checkOptions struct {
	submitOptions
	stacks, security []string
}

// checkReport is the JSON a check writes (--json): each stack's outcome.
type checkReport struct {
	Run      string       `json:"run"`
	ShareURL string       `json:"shareUrl"`
	Status   string       `json:"status"`
	Failure  string       `json:"failure,omitempty"`
	Stacks   []checkStack `json:"stacks"`
	Exit     int          `json:"exitCode"`
}

type checkStack struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	// Outcome is "verified", or the stack's status (unsupported, build_failed, verify_failed, failed, cancelled).
	Outcome string `json:"outcome"`
	Reason  string `json:"reason,omitempty"`
	// Modes says which security mode verified and which did not, when the run reported them.
	Modes []checkMode `json:"modes,omitempty"`
}

type checkMode struct {
	Security string `json:"security"`
	// Outcome is "verified", or the mode's failure (unsupported, build_failed, verify_failed, failed).
	Outcome string `json:"outcome"`
	Reason  string `json:"reason,omitempty"`
}

func parseCheck(args []string) (checkOptions, error) {
	var o checkOptions
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sourceFlags(fs, &o.submitOptions)
	stacks := fs.String("stacks", "", "comma-separated stacks (id or id@version); default every stack the server offers that a live worker can run")
	security := fs.String("security", "plain", "comma-separated security modes to verify")
	fs.StringVar(&o.visibility, "visibility", "unlisted", "public (listed), unlisted (anyone with the link) or private (this token only)")
	fs.DurationVar(&o.timeout, "timeout", 15*time.Minute, "how long to wait for the outcome")
	fs.DurationVar(&o.poll, "poll", 2*time.Second, "how often to ask")
	fs.StringVar(&o.jsonOut, "json", "", "write the outcome as JSON to FILE (- for standard output)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.server == "":
		return o, errors.New("--server is required")
	case (o.wsdl == "") == (o.catalog == ""):
		return o, errors.New("give exactly one of --wsdl and --catalog")
	}
	o.stacks, o.security = splitList(*stacks), splitList(*security)
	if len(o.security) == 0 {
		return o, errors.New("--security names no mode")
	}
	return o, nil
}

func splitList(text string) []string {
	var out []string
	for _, item := range strings.Split(text, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// offeredStack is one stack of GET /api/v1/stacks, with where it can run.
type offeredStack struct {
	ID           string `json:"id"`
	Availability []struct {
		HardwareClass string `json:"hardwareClass"`
		Available     bool   `json:"available"`
		Reason        string `json:"reason"`
	} `json:"availability"`
}

// runnable tells whether some live worker can build the stack. A stack that no
// live worker has reported yet counts as runnable: the run says what happens to it.
func (s offeredStack) runnable() (bool, string) {
	if len(s.Availability) == 0 {
		return true, ""
	}
	var reasons []string
	for _, a := range s.Availability {
		if a.Available {
			return true, ""
		}
		reasons = append(reasons, a.HardwareClass+": "+a.Reason)
	}
	return false, strings.Join(reasons, "; ")
}

// serverStacks is every stack the server offers (GET /api/v1/stacks) that a
// live worker can run. The others are named on stderr and left out, so that a
// check without --stacks fails for the WSDL, not for a stack this deployment
// has no worker for (WSF/C++ without WSFCPP_HOME).
func serverStacks(c *client, stderr io.Writer) ([]string, error) {
	req, err := http.NewRequest(http.MethodGet, c.server+"/api/v1/stacks", nil)
	if err != nil {
		return nil, err
	}
	var stacks []offeredStack
	if err := c.do(req, &stacks); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(stacks))
	for _, s := range stacks {
		if ok, why := s.runnable(); !ok {
			fmt.Fprintf(stderr, "not checked: %s, which no live worker can run (%s); name it in --stacks to check it anyway\n", s.ID, why)
			continue
		}
		ids = append(ids, s.ID)
	}
	if len(ids) == 0 {
		return nil, errors.New("no stack of the server can run on a live worker now")
	}
	return ids, nil
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	o, err := parseCheck(args)
	if err != nil {
		fmt.Fprintf(stderr, "benchctl: %v\n%s\n", err, usage)
		return exitUsage
	}
	c := newClient(o.server, o.token)
	if len(o.stacks) == 0 {
		if o.stacks, err = serverStacks(c, stderr); err != nil {
			fmt.Fprintln(stderr, "benchctl:", err)
			return exitFor(err)
		}
	}
	workload, _ := json.Marshal(map[string]any{"mode": "check", "stacks": o.stacks, "security": o.security})
	sub, err := submitWorkload(c, o.submitOptions, workload)
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		return finishCheck(o, checkReport{Failure: err.Error(), Exit: exitFor(err)}, stdout, stderr)
	}
	fmt.Fprintf(stdout, "check %s\n%s\n", sub.ID, sub.ShareURL)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r, err := waitForRun(ctx, c, sub.ID, o.timeout, o.poll, stderr)
	rep := checkReport{Run: sub.ID, ShareURL: sub.ShareURL, Status: r.Status}
	if err != nil || ctx.Err() != nil {
		if err == nil {
			err = ctx.Err()
		}
		fmt.Fprintln(stderr, "benchctl:", err)
		stopRun(c, sub, "the check was not waited for", stderr)
		rep.Failure, rep.Exit = err.Error(), exitService
		return finishCheck(o, rep, stdout, stderr)
	}
	rep.Stacks, rep.Exit = checkOutcomes(r)
	if r.Status != "completed" {
		rep.Failure, rep.Exit = r.Failure, exitRunFailed
	}
	printCheck(stdout, rep)
	return finishCheck(o, rep, stdout, stderr)
}

// checkOutcomes is each stack's outcome, and exitOK only when every stack verified in every mode.
func checkOutcomes(r runView) ([]checkStack, int) {
	exit := exitOK
	out := make([]checkStack, 0, len(r.Stacks))
	for _, s := range r.Stacks {
		outcome := s.Status
		if s.Status == "done" {
			outcome = "verified"
		} else {
			exit = exitRunFailed
		}
		c := checkStack{ID: s.ID, Version: s.Version, Outcome: outcome, Reason: s.Reason}
		for _, m := range s.Modes {
			c.Modes = append(c.Modes, checkMode{Security: m.Security, Outcome: m.Status, Reason: m.Reason})
			// A stack verified in plain but not in a mode asked for has not passed the check.
			if m.Status != "verified" {
				exit = exitRunFailed
			}
		}
		out = append(out, c)
	}
	return out, exit
}

// printCheck prints a line per stack and security mode; a stack whose failure concerns every mode
// (or a run that reported no modes) gets one line, its mode "-".
func printCheck(w io.Writer, rep checkReport) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "stack\tversion\tsecurity\toutcome\treason")
	for _, s := range rep.Stacks {
		if len(s.Modes) == 0 {
			fmt.Fprintf(tw, "%s\t%s\t-\t%s\t%s\n", s.ID, s.Version, s.Outcome, s.Reason)
		}
		for _, m := range s.Modes {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.ID, s.Version, m.Security, m.Outcome, m.Reason)
		}
	}
	tw.Flush()
	if rep.Failure != "" {
		fmt.Fprintf(w, "the check %s: %s\n", rep.Status, rep.Failure)
	}
}

func finishCheck(o checkOptions, rep checkReport, stdout, stderr io.Writer) int {
	if o.jsonOut != "" {
		err := writeTo(o.jsonOut, stdout, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(rep)
		})
		if err != nil {
			fmt.Fprintln(stderr, "benchctl:", err)
			return exitUsage
		}
	}
	return rep.Exit
}
