package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// submitOptions are the flags of `benchctl submit`.
type submitOptions struct {
	server, token, wsdl, catalog, workload, visibility string
	wait, cancelOnInterrupt                            bool
	timeout, poll                                      time.Duration
}

func parseSubmit(args []string) (submitOptions, error) {
	var o submitOptions
	fs := flag.NewFlagSet("submit", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.server, "server", os.Getenv("SOAPBENCH_SERVER"), "backend URL (env SOAPBENCH_SERVER)")
	fs.StringVar(&o.token, "token", os.Getenv("SOAPBENCH_TOKEN"), "API token (env SOAPBENCH_TOKEN)")
	fs.StringVar(&o.wsdl, "wsdl", "", "WSDL file or zip bundle to upload")
	fs.StringVar(&o.catalog, "catalog", "", "catalog service id instead of an upload")
	fs.StringVar(&o.workload, "workload", "", "workload file, JSON or YAML")
	fs.StringVar(&o.visibility, "visibility", "public", "public or private")
	fs.BoolVar(&o.wait, "wait", false, "wait for the run to finish and print a summary")
	fs.BoolVar(&o.cancelOnInterrupt, "cancel-on-interrupt", false, "with --wait: cancel the run on Ctrl-C or SIGTERM")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "how long --wait waits")
	fs.DurationVar(&o.poll, "poll", 3*time.Second, "how often --wait asks")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.server == "":
		return o, errors.New("--server is required")
	case (o.wsdl == "") == (o.catalog == ""):
		return o, errors.New("give exactly one of --wsdl FILE and --catalog ID")
	case o.workload == "":
		return o, errors.New("--workload FILE is required")
	case o.cancelOnInterrupt && !o.wait:
		return o, errors.New("--cancel-on-interrupt needs --wait")
	case o.visibility != "public" && o.visibility != "private":
		return o, fmt.Errorf("--visibility %q: use public or private", o.visibility)
	}
	return o, nil
}

// submit posts the run: JSON for a catalog run with a JSON workload,
// multipart otherwise (a YAML workload travels as text).
func submit(c *client, o submitOptions) (submittedRun, error) {
	workload, err := os.ReadFile(o.workload)
	if err != nil {
		return submittedRun{}, fmt.Errorf("workload: %v", err)
	}
	var body bytes.Buffer
	var contentType string
	if o.catalog != "" && json.Valid(workload) {
		contentType = "application/json"
		err = json.NewEncoder(&body).Encode(map[string]any{
			"catalog": o.catalog, "workload": json.RawMessage(workload), "visibility": o.visibility,
		})
	} else {
		contentType, err = writeMultipart(&body, o, workload)
	}
	if err != nil {
		return submittedRun{}, err
	}
	req, err := http.NewRequest(http.MethodPost, c.server+"/api/v1/runs", &body)
	if err != nil {
		return submittedRun{}, err
	}
	req.Header.Set("Content-Type", contentType)
	var run submittedRun
	return run, c.do(req, &run)
}

func writeMultipart(body *bytes.Buffer, o submitOptions, workload []byte) (string, error) {
	mw := multipart.NewWriter(body)
	if o.catalog != "" {
		if err := mw.WriteField("catalog", o.catalog); err != nil {
			return "", err
		}
	} else {
		wsdl, err := os.ReadFile(o.wsdl)
		if err != nil {
			return "", fmt.Errorf("wsdl: %v", err)
		}
		part, err := mw.CreateFormFile("wsdl", filepath.Base(o.wsdl))
		if err != nil {
			return "", err
		}
		if _, err := part.Write(wsdl); err != nil {
			return "", err
		}
	}
	if err := mw.WriteField("workload", string(workload)); err != nil {
		return "", err
	}
	if err := mw.WriteField("visibility", o.visibility); err != nil {
		return "", err
	}
	return mw.FormDataContentType(), mw.Close()
}

// waitForRun polls the run until it ends or ctx does.
func waitForRun(ctx context.Context, c *client, id string, timeout, poll time.Duration, progress io.Writer) (runView, error) {
	deadline := time.Now().Add(timeout)
	last := ""
	for {
		r, err := c.getRun(id)
		if err != nil {
			return r, err
		}
		if r.Status != last {
			fmt.Fprintf(progress, "status: %s\n", r.Status)
			last = r.Status
		}
		if r.Status == "completed" || r.Status == "failed" || r.Status == "cancelled" {
			return r, nil
		}
		if time.Now().After(deadline) {
			return r, fmt.Errorf("run %s still %s after %s", id, r.Status, timeout)
		}
		select {
		case <-ctx.Done():
			return r, ctx.Err()
		case <-time.After(poll):
		}
	}
}
