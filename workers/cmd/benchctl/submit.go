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
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// submitOptions are the flags of `benchctl submit`.
type submitOptions struct {
	server, token, wsdl, catalog, workload, visibility string
	// entry names the WSDL inside a zip given to --wsdl, when it holds several.
	entry string
	// headWSDL is the head of an A/B of two WSDLs in one run, measured beside --wsdl (or --catalog).
	headWSDL                               string
	wait, cancelOnInterrupt, keepOnTimeout bool
	timeout, poll                          time.Duration
	// The regression gate: --fail-on regression against --base, beyond --threshold percent.
	failOn, base string
	threshold    float64
	// metrics are what the gate judges (--metrics), each with its threshold.
	metrics thresholds
	// A stored baseline: the newest completed run of --baseline-branch, or --baseline-run.
	baselineBranch, baselineRun string
	// Reports: --json, --junit and --markdown files ("-" for standard output).
	jsonOut, junitOut, markdownOut string
	// ci names where the run comes from: flags, else the pipeline's variables.
	ci *ciContext
}

// sourceFlags are the flags every command that sends a WSDL shares: where to, as whom, and which WSDL.
func sourceFlags(fs *flag.FlagSet, o *submitOptions) {
	fs.StringVar(&o.server, "server", os.Getenv("SOAPBENCH_SERVER"), "backend URL (env SOAPBENCH_SERVER)")
	fs.StringVar(&o.token, "token", os.Getenv("SOAPBENCH_TOKEN"), "API token (env SOAPBENCH_TOKEN)")
	fs.StringVar(&o.wsdl, "wsdl", "", "WSDL file or zip bundle to upload")
	fs.StringVar(&o.entry, "entry", "", "the WSDL inside a zip bundle, when it holds several")
	fs.StringVar(&o.catalog, "catalog", "", "catalog service id instead of an upload")
}

func parseSubmit(args []string) (submitOptions, error) {
	var o submitOptions
	fs := flag.NewFlagSet("submit", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sourceFlags(fs, &o)
	fs.StringVar(&o.headWSDL, "head-wsdl", "", "the head WSDL (file or zip) of an A/B of two WSDLs in one run: the workload's one stack is built from both and measured round by round; the gate judges the head against the base")
	fs.StringVar(&o.workload, "workload", "", "workload file, JSON or YAML")
	fs.StringVar(&o.visibility, "visibility", "public", "public (listed), unlisted (anyone with the link) or private (this token only)")
	fs.BoolVar(&o.wait, "wait", false, "wait for the run to finish and print a summary")
	fs.BoolVar(&o.cancelOnInterrupt, "cancel-on-interrupt", false, "with --wait: cancel the run on Ctrl-C or SIGTERM")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "how long --wait waits")
	fs.DurationVar(&o.poll, "poll", 3*time.Second, "how often --wait asks")
	fs.BoolVar(&o.keepOnTimeout, "keep-on-timeout", false, "with --wait: leave the run going when --timeout runs out (default: cancel it)")
	fs.StringVar(&o.failOn, "fail-on", "", "with --wait: 'regression' exits 1 when a head stack is slower than --base beyond --threshold")
	fs.StringVar(&o.base, "base", "", "the stack (id or id@version) the others are judged against; the workload's reference")
	fs.StringVar(&o.baselineBranch, "baseline-branch", "", "with --wait: judge every stack against the newest completed run of this branch of the project with the same workload and hardware class")
	fs.StringVar(&o.baselineRun, "baseline-run", "", "with --wait: judge every stack against this run (id or slug), measured apart")
	metrics := fs.String("metrics", "throughput", "what the gate judges: throughput, p99, cpu (per request), rss; each may carry its own threshold in percent (p99=10)")
	fs.Float64Var(&o.threshold, "threshold", 5, "the least change in percent that counts as a regression or an improvement")
	fs.StringVar(&o.jsonOut, "json", "", "with --wait: write the outcome as JSON to FILE (- for standard output)")
	fs.StringVar(&o.junitOut, "junit", "", "with --wait: write a JUnit report to FILE, a test case per head stack, cell and metric")
	fs.StringVar(&o.markdownOut, "markdown", "", "with --wait: write a pull-request comment to FILE (also appended to $GITHUB_STEP_SUMMARY when set)")
	var ci ciContext
	fs.StringVar(&ci.Project, "project", "", "the project the run measures (default: from GitHub Actions, GitLab CI or Jenkins)")
	fs.StringVar(&ci.Branch, "branch", "", "its branch (default: from the pipeline)")
	fs.StringVar(&ci.Commit, "commit", "", "its commit (default: from the pipeline)")
	fs.StringVar(&ci.URL, "ci-url", "", "the CI job's address (default: from the pipeline)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	o.ci = detectCIFromEnvironment(ci)
	if o.threshold < 0 || o.threshold >= 100 {
		return o, fmt.Errorf("--threshold %g: a percentage from 0 to below 100", o.threshold)
	}
	var err error
	if o.metrics, err = parseMetrics(*metrics, o.threshold/100); err != nil {
		return o, err
	}
	reports := o.jsonOut != "" || o.junitOut != "" || o.markdownOut != ""
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
	case o.visibility != "public" && o.visibility != "unlisted" && o.visibility != "private":
		return o, fmt.Errorf("--visibility %q: use public, unlisted or private", o.visibility)
	case o.failOn != "" && o.failOn != "regression":
		return o, fmt.Errorf("--fail-on %q: the gate knows 'regression'", o.failOn)
	case o.failOn != "" && !o.wait:
		return o, errors.New("--fail-on needs --wait")
	case o.baselineBranch != "" && o.baselineRun != "":
		return o, errors.New("give one of --baseline-branch and --baseline-run")
	case (o.baselineBranch != "" || o.baselineRun != "") && !o.wait:
		return o, errors.New("--baseline-branch and --baseline-run need --wait")
	case o.baselineBranch != "" && (o.ci == nil || o.ci.Project == ""):
		return o, errors.New("--baseline-branch needs the project: --project NAME, or run it in GitHub Actions, GitLab CI or Jenkins")
	case o.failOn != "" && o.base == "" && o.headWSDL == "" && o.baselineBranch == "" && o.baselineRun == "":
		return o, errors.New("--fail-on regression needs what the head is judged against: --head-wsdl FILE or --base STACK[@VERSION] (measured together), --baseline-branch or --baseline-run (measured apart)")
	case reports && !o.wait:
		return o, errors.New("--json, --junit and --markdown need --wait")
	case o.keepOnTimeout && !o.wait:
		return o, errors.New("--keep-on-timeout needs --wait")
	}
	return o, nil
}

// withReference is a JSON workload with its "reference" set to base, so that the verdicts are
// head against base; one that names another reference is refused. A YAML workload goes as it is
// and must name the base itself (the gate checks the run's cells).
func withReference(workload []byte, base string) ([]byte, error) {
	var fields map[string]json.RawMessage
	if base == "" || json.Unmarshal(workload, &fields) != nil {
		return workload, nil
	}
	if raw, ok := fields["reference"]; ok {
		var named string
		if json.Unmarshal(raw, &named) != nil || named != base {
			return nil, fmt.Errorf("the workload's reference %s is not --base %q", raw, base)
		}
		return workload, nil
	}
	fields["reference"], _ = json.Marshal(base)
	return json.Marshal(fields)
}

// submit posts the run: JSON for a catalog run with a JSON workload,
// multipart otherwise (a YAML workload travels as text).
func submit(c *client, o submitOptions) (submittedRun, error) {
	workload, err := os.ReadFile(o.workload)
	if err != nil {
		return submittedRun{}, usageError{fmt.Errorf("workload: %v", err)}
	}
	if workload, err = withReference(workload, o.base); err != nil {
		return submittedRun{}, usageError{err}
	}
	return submitWorkload(c, o, workload)
}

// submitWorkload posts the run with the workload given as JSON or YAML text.
func submitWorkload(c *client, o submitOptions, workload []byte) (submittedRun, error) {
	var err error
	var body bytes.Buffer
	var contentType string
	if o.catalog != "" && json.Valid(workload) && o.headWSDL == "" {
		contentType = "application/json"
		fields := map[string]any{"catalog": o.catalog, "workload": json.RawMessage(workload), "visibility": o.visibility}
		if o.ci != nil {
			fields["ci"] = o.ci
		}
		err = json.NewEncoder(&body).Encode(fields)
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
			return "", usageError{fmt.Errorf("wsdl: %v", err)}
		}
		part, err := mw.CreateFormFile("wsdl", filepath.Base(o.wsdl))
		if err != nil {
			return "", err
		}
		if _, err := part.Write(wsdl); err != nil {
			return "", err
		}
		if o.entry != "" {
			if err := mw.WriteField("entry", o.entry); err != nil {
				return "", err
			}
		}
	}
	if o.headWSDL != "" {
		head, err := os.ReadFile(o.headWSDL)
		if err != nil {
			return "", usageError{fmt.Errorf("head-wsdl: %v", err)}
		}
		part, err := mw.CreateFormFile("headWsdl", filepath.Base(o.headWSDL))
		if err != nil {
			return "", err
		}
		if _, err := part.Write(head); err != nil {
			return "", err
		}
	}
	if err := mw.WriteField("workload", string(workload)); err != nil {
		return "", err
	}
	if err := mw.WriteField("visibility", o.visibility); err != nil {
		return "", err
	}
	if o.ci != nil {
		ci, err := json.Marshal(o.ci)
		if err != nil {
			return "", err
		}
		if err := mw.WriteField("ci", string(ci)); err != nil {
			return "", err
		}
	}
	return mw.FormDataContentType(), mw.Close()
}

// waitForRun polls the run until it ends or ctx does.
func waitForRun(ctx context.Context, c *client, id string, timeout, poll time.Duration, progress io.Writer) (runView, error) {
	deadline := time.Now().Add(timeout)
	last, lastPlace := "", ""
	for {
		r, err := c.getRun(id)
		if transient(err) && time.Now().Before(deadline) {
			// The service said it will be back (503, 429) or could not be reached: the run goes
			// on without us, so a CI job should not fail for a moment of the service's.
			fmt.Fprintf(progress, "benchctl: %v; asking again\n", err)
			select {
			case <-ctx.Done():
				return r, ctx.Err()
			case <-time.After(max(poll, time.Second)):
			}
			continue
		}
		if err != nil {
			return r, err
		}
		if r.Status != last {
			fmt.Fprintf(progress, "status: %s\n", r.Status)
			last = r.Status
		}
		if r.Queue != nil && r.Queue.describe() != lastPlace {
			lastPlace = r.Queue.describe()
			fmt.Fprintf(progress, "queued: %s\n", lastPlace)
		}
		if r.Status == "completed" || r.Status == "failed" || r.Status == "cancelled" {
			return r, nil
		}
		if time.Now().After(deadline) {
			return r, timedOut{fmt.Errorf("run %s still %s after %s", id, r.Status, timeout)}
		}
		select {
		case <-ctx.Done():
			return r, ctx.Err()
		case <-time.After(poll):
		}
	}
}

// transient tells whether a failed poll may succeed when asked again: the service was unavailable
// or busy (503, 502, 504, 429) or could not be reached. A refusal (401, 403, 404) is final.
func transient(err error) bool {
	if err == nil {
		return false
	}
	var r *refusal
	if errors.As(err, &r) {
		return r.status == http.StatusServiceUnavailable || r.status == http.StatusBadGateway ||
			r.status == http.StatusGatewayTimeout || r.status == http.StatusTooManyRequests
	}
	var netErr net.Error
	return errors.As(err, &netErr)
}

// timedOut is a wait that ran out before the run ended.
type timedOut struct{ err error }

func (e timedOut) Error() string { return e.err.Error() }
