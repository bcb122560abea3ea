package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
)

// acknowledgement is a regression a project accepts (openapi.yaml, Acknowledgement): the gate
// reports a regression it covers and does not fail on it.
type acknowledgement struct {
	ID      string `json:"id,omitempty"`
	Project string `json:"project"`
	Commit  string `json:"commit,omitempty"`
	Branch  string `json:"branch,omitempty"`
	Stack   string `json:"stack,omitempty"`
	Metric  string `json:"metric,omitempty"`
	Reason  string `json:"reason"`
}

// covers tells whether a acknowledges a change of row's head and metric in a run of ci: the same
// commit (either may be abbreviated) or branch; an acknowledged stack id covers every version.
// The backend's history reads acknowledgements the same way (projects/Acknowledgement.java).
func (a acknowledgement) covers(ci ciContext, head, metric string) bool {
	if a.Commit != "" && (ci.Commit == "" || !(strings.HasPrefix(ci.Commit, a.Commit) || strings.HasPrefix(a.Commit, ci.Commit))) {
		return false
	}
	if a.Branch != "" && a.Branch != ci.Branch {
		return false
	}
	if a.Metric != "" && a.Metric != metric {
		return false
	}
	return a.Stack == "" || sameStack(head, a.Stack)
}

// acknowledged marks each regression that one of the project's acknowledgements covers: it stays
// in the reports with the reason and no longer fails the gate.
func acknowledged(rows []gateRow, acks []acknowledgement, ci ciContext) []gateRow {
	for i, r := range rows {
		if r.Outcome != outcomeRegression {
			continue
		}
		for _, a := range acks {
			if a.covers(ci, stackOf(r.Head), r.Metric) {
				rows[i].Outcome, rows[i].Acknowledged = outcomeAcknowledged, a.Reason
				break
			}
		}
	}
	return rows
}

// stackOf is the stack id@version of a row's head, which names a stored baseline's run after it.
func stackOf(head string) string {
	stack, _, _ := strings.Cut(head, " ")
	return stack
}

// acknowledgementsOf fetches the project's acknowledgements in force.
func acknowledgementsOf(c *client, project string) ([]acknowledgement, error) {
	req, err := http.NewRequest(http.MethodGet, c.server+"/api/v1/projects/acknowledgements?"+url.Values{"project": {project}}.Encode(), nil)
	if err != nil {
		return nil, err
	}
	var acks []acknowledgement
	return acks, c.do(req, &acks)
}

// applyAcknowledgements marks the rows of a run of project ci; a run of no project has none.
func applyAcknowledgements(c *client, rows []gateRow, ci *ciContext, stderr io.Writer) ([]gateRow, error) {
	if ci == nil || ci.Project == "" || !regressed(rows) {
		return rows, nil
	}
	acks, err := acknowledgementsOf(c, ci.Project)
	if err != nil {
		return rows, fmt.Errorf("reading the project's acknowledgements: %w", err)
	}
	rows = acknowledged(rows, acks, *ci)
	for _, r := range rows {
		if r.Outcome == outcomeAcknowledged {
			fmt.Fprintf(stderr, "benchctl: %s %s in %s is a regression the project acknowledged: %s\n", r.Head, r.Metric, r.Cell, r.Acknowledged)
		}
	}
	return rows, nil
}

type acknowledgeOptions struct {
	server, token, withdraw string
	list                    bool
	ack                     acknowledgement
}

func parseAcknowledge(args []string) (acknowledgeOptions, error) {
	var o acknowledgeOptions
	fs := flag.NewFlagSet("acknowledge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.server, "server", os.Getenv("SOAPBENCH_SERVER"), "backend URL (env SOAPBENCH_SERVER)")
	fs.StringVar(&o.token, "token", os.Getenv("SOAPBENCH_TOKEN"), "a token of the project (env SOAPBENCH_TOKEN)")
	fs.StringVar(&o.ack.Project, "project", "", "the CI project (default: from GitHub Actions, GitLab CI or Jenkins)")
	fs.StringVar(&o.ack.Commit, "commit", "", "acknowledge the runs of this commit")
	fs.StringVar(&o.ack.Branch, "branch", "", "acknowledge the runs of this branch")
	fs.StringVar(&o.ack.Stack, "stack", "", "only this stack (id, or id@version)")
	metric := fs.String("metric", "", "only this metric: throughput, p99, cpu or rss")
	fs.StringVar(&o.ack.Reason, "reason", "", "why the change is accepted")
	fs.StringVar(&o.withdraw, "withdraw", "", "withdraw the acknowledgement with this id")
	fs.BoolVar(&o.list, "list", false, "list the project's acknowledgements in force")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.ack.Project == "" {
		if found := detectCIFromEnvironment(ciContext{}); found != nil {
			o.ack.Project = found.Project
		}
	}
	if *metric != "" {
		name, ok := metricNames[*metric]
		if !ok {
			return o, fmt.Errorf("--metric %q: use throughput, p99, cpu or rss", *metric)
		}
		o.ack.Metric = name
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.server == "":
		return o, errors.New("--server is required")
	case o.withdraw != "":
		return o, nil
	case o.ack.Project == "":
		return o, errors.New("--project is required outside GitHub Actions, GitLab CI and Jenkins")
	case o.list:
		return o, nil
	case o.ack.Commit == "" && o.ack.Branch == "":
		return o, errors.New("name the runs to acknowledge: --commit SHA or --branch NAME")
	case strings.TrimSpace(o.ack.Reason) == "":
		return o, errors.New("--reason is required: say why the change is accepted")
	}
	return o, nil
}

// runAcknowledge acknowledges a regression, withdraws an acknowledgement or lists them.
func runAcknowledge(args []string, stdout, stderr io.Writer) int {
	o, err := parseAcknowledge(args)
	if err != nil {
		fmt.Fprintf(stderr, "benchctl: %v\n%s\n", err, usage)
		return exitUsage
	}
	c := newClient(o.server, o.token)
	switch {
	case o.withdraw != "":
		req, err := http.NewRequest(http.MethodDelete, c.server+"/api/v1/projects/acknowledgements/"+url.PathEscape(o.withdraw), nil)
		if err == nil {
			err = c.do(req, nil)
		}
		if err != nil {
			fmt.Fprintln(stderr, "benchctl:", err)
			return exitFor(err)
		}
		fmt.Fprintf(stdout, "withdrew %s\n", o.withdraw)
	case o.list:
		acks, err := acknowledgementsOf(c, o.ack.Project)
		if err != nil {
			fmt.Fprintln(stderr, "benchctl:", err)
			return exitFor(err)
		}
		for _, a := range acks {
			fmt.Fprintf(stdout, "%s  %s\n", a.ID, a.describe())
		}
	default:
		body, _ := json.Marshal(o.ack)
		req, err := http.NewRequest(http.MethodPost, c.server+"/api/v1/projects/acknowledgements", bytes.NewReader(body))
		var made acknowledgement
		if err == nil {
			req.Header.Set("Content-Type", "application/json")
			err = c.do(req, &made)
		}
		if err != nil {
			fmt.Fprintln(stderr, "benchctl:", err)
			return exitFor(err)
		}
		fmt.Fprintf(stdout, "acknowledged %s  %s\n", made.ID, made.describe())
	}
	return exitOK
}

// describe is one line: what the acknowledgement covers and why.
func (a acknowledgement) describe() string {
	var scope []string
	if a.Commit != "" {
		scope = append(scope, "commit "+a.Commit)
	}
	if a.Branch != "" {
		scope = append(scope, "branch "+a.Branch)
	}
	scope = append(scope, "stack "+firstSet(a.Stack, "any"), "metric "+firstSet(a.Metric, "any"))
	return a.Project + ": " + strings.Join(scope, ", ") + ": " + a.Reason
}
