package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
)

// cancelOptions are the flags of `benchctl cancel`.
type cancelOptions struct {
	server, token, manageToken, runID string
}

func parseCancel(args []string) (cancelOptions, error) {
	var o cancelOptions
	fs := flag.NewFlagSet("cancel", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.server, "server", os.Getenv("SOAPBENCH_SERVER"), "backend URL (env SOAPBENCH_SERVER)")
	fs.StringVar(&o.token, "token", os.Getenv("SOAPBENCH_TOKEN"), "API token of the run's owner (env SOAPBENCH_TOKEN)")
	fs.StringVar(&o.manageToken, "manage-token", os.Getenv("SOAPBENCH_MANAGE_TOKEN"), "the manage token an anonymous submission returned (env SOAPBENCH_MANAGE_TOKEN)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() != 1:
		return o, errors.New("give the id of the run to cancel")
	case o.server == "":
		return o, errors.New("--server is required")
	}
	o.runID = fs.Arg(0)
	if o.runID == "" || strings.ContainsAny(o.runID, "/?#") {
		return o, fmt.Errorf("run id %q: not an id", o.runID)
	}
	return o, nil
}

// cancelRun asks the backend to cancel a run: POST /api/v1/runs/{id}/cancel
// as its owner (the token) or with its manage token.
func cancelRun(c *client, id, manageToken string) (runView, error) {
	req, err := http.NewRequest(http.MethodPost, c.server+"/api/v1/runs/"+url.PathEscape(id)+"/cancel", nil)
	if err != nil {
		return runView{}, err
	}
	if manageToken != "" {
		req.Header.Set("X-Run-Manage-Token", manageToken)
	}
	var r runView
	return r, c.do(req, &r)
}

func runCancel(args []string, stdout, stderr io.Writer) int {
	o, err := parseCancel(args)
	if err != nil {
		fmt.Fprintf(stderr, "benchctl: %v\n%s\n", err, usage)
		return 2
	}
	r, err := cancelRun(newClient(o.server, o.token), o.runID, o.manageToken)
	if err != nil {
		fmt.Fprintln(stderr, "benchctl:", err)
		return exitFor(err)
	}
	// cancelling: the worker has not confirmed yet; the backend ends it anyway.
	fmt.Fprintf(stdout, "run %s %s\n", r.ID, r.Status)
	return 0
}
