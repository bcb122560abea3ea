package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// client talks to the backend's /api/v1.
type client struct {
	server string
	token  string
	http   *http.Client
}

func newClient(server, token string) *client {
	return &client{server: strings.TrimRight(server, "/"), token: token, http: &http.Client{Timeout: 2 * time.Minute}}
}

// submittedRun is the answer to POST /api/v1/runs (openapi.yaml, SubmittedRun).
type submittedRun struct {
	ID        string `json:"id"`
	Slug      string `json:"slug"`
	Status    string `json:"status"`
	StatusURL string `json:"statusUrl"`
	ShareURL  string `json:"shareUrl"`
	// ManageToken comes with an anonymous submission only: it lets its
	// holder cancel the run.
	ManageToken string `json:"manageToken,omitempty"`
}

// runView is the part of GET /api/v1/runs/{id} that benchctl prints (openapi.yaml, Run).
type runView struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Failure  string `json:"failure"`
	ShareURL string `json:"shareUrl"`
	Workload struct {
		Reference string `json:"reference"`
	} `json:"workload"`
	Stacks       []runStack    `json:"stacks"`
	Measurements []measurement `json:"measurements"`
	// Summary is absent for runs stored before the backend computed one.
	Summary *resultsSummary `json:"summary"`
	// CI is where the run comes from, when it came from a pipeline.
	CI *ciContext `json:"ci"`
	// Queue is set while the run waits for a worker.
	Queue *queuePlace `json:"queue"`
}

// queuePlace is where a queued run stands (openapi.yaml, Run.queue).
type queuePlace struct {
	Position              int    `json:"position"`
	Running               int    `json:"running"`
	Workers               int    `json:"workers"`
	EstimatedStartSeconds *int64 `json:"estimatedStartSeconds"`
}

// describe is one line for a CI log: the place in line and when a worker should take the run.
func (q queuePlace) describe() string {
	place := fmt.Sprintf("number %d in line", q.Position)
	if q.Position == 1 {
		place = "next in line"
	}
	if q.EstimatedStartSeconds == nil {
		return place + ", no live worker of its class"
	}
	return fmt.Sprintf("%s, a worker should take it in about %s", place, roundWait(time.Duration(*q.EstimatedStartSeconds)*time.Second))
}

// roundWait says a wait no more precisely than an estimate carries it.
func roundWait(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%d s", max(5, int(d.Round(5*time.Second).Seconds())))
	}
	minutes := int(d.Round(time.Minute).Minutes())
	if minutes < 60 {
		return fmt.Sprintf("%d min", minutes)
	}
	if minutes%60 == 0 {
		return fmt.Sprintf("%d h", minutes/60)
	}
	return fmt.Sprintf("%d h %d min", minutes/60, minutes%60)
}

// resultsSummary holds the statistics per cell (openapi.yaml, ResultsSummary):
// absolute figures with order-statistic intervals, and paired verdicts of
// every stack against the cell's reference.
type resultsSummary struct {
	Confidence       float64       `json:"confidence"`
	ComparisonMethod string        `json:"comparisonMethod"`
	MinRounds        int           `json:"minRounds"`
	Cells            []summaryCell `json:"cells"`
}

type summaryCell struct {
	Label string `json:"label"`
	// Reference is stack@version, or "" when no stack can be ranked.
	Reference string `json:"reference"`
	// ReferenceChosenBy is "workload" or "fastest".
	ReferenceChosenBy string       `json:"referenceChosenBy"`
	EnoughData        bool         `json:"enoughData"`
	NotEnoughData     string       `json:"notEnoughData"`
	Comparisons       []comparison `json:"comparisons"`
	// MetricComparisons are the costs (p99, CPU per request, RSS) of each compared stack against
	// the reference, paired by round like the throughput.
	MetricComparisons []metricComparison `json:"metricComparisons"`
	Drift             *drift             `json:"drift"`
	Stacks            []summaryStack     `json:"stacks"`
}

// comparison is one stack against the reference, paired by round; Text is
// the verdict in the words the run page uses too.
type comparison struct {
	Stack   string `json:"stack"`
	Against string `json:"against"`
	Rounds  int    `json:"rounds"`
	// Ratio is stack's throughput over against's, with its interval; absent without a verdict.
	Ratio   *float64 `json:"ratio"`
	Low     *float64 `json:"low"`
	High    *float64 `json:"high"`
	Verdict string   `json:"verdict"`
	Text    string   `json:"text"`
}

// metricComparison is one stack's cost against the reference's (openapi.yaml, MetricComparison),
// shaped as a comparison with the metric it is about; Verdict is higher, lower, tied or
// not-enough-data.
type metricComparison struct {
	comparison
	Metric string `json:"metric"`
}

// drift is how much the reference's own throughput moved across rounds.
type drift struct {
	Stack         string  `json:"stack"`
	SpreadPercent float64 `json:"spreadPercent"`
	Text          string  `json:"text"`
}

type summaryStack struct {
	Stack       string `json:"stack"`
	Version     string `json:"version"`
	Repetitions int    `json:"repetitions"`
	Flagged     int    `json:"flagged"`
	// Used counts the repetitions the figures come from.
	Used       int             `json:"used"`
	Throughput *medianInterval `json:"throughput"`
	// Requests are those of the used repetitions.
	Requests *int64   `json:"requests"`
	Ranked   bool     `json:"ranked"`
	Rank     *int     `json:"rank"`
	TiedWith []string `json:"tiedWith"`
	Reason   string   `json:"reason"`
}

// medianInterval is a median with its distribution-free interval and the
// interval's real coverage.
type medianInterval struct {
	Median   float64 `json:"median"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
	N        int     `json:"n"`
	Coverage float64 `json:"coverage"`
}

type runStack struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Status  string `json:"status"`
	Reason  string `json:"reason"`
	// Modes is each security mode's own outcome; the status above keeps the first failure of any.
	Modes []stackMode `json:"modes"`
}

type stackMode struct {
	Security string `json:"security"`
	Status   string `json:"status"`
	Reason   string `json:"reason"`
}

type measurement struct {
	Stack      string `json:"stack"`
	Version    string `json:"version"`
	Repetition int    `json:"repetition"`
	Cell       struct {
		Security string `json:"security"`
	} `json:"cell"`
	Requests         int64                      `json:"requests"`
	Errors           map[string]int64           `json:"errors"`
	Throughput       float64                    `json:"throughput"`
	LatencyMs        struct{ P50, P99 float64 } `json:"latencyMs"`
	ServerCPUSeconds float64                    `json:"serverCpuSeconds"`
	PeakRSSBytes     int64                      `json:"peakRssBytes"`
}

// problem is an RFC 7807 error body; errors say where each fault is (openapi.yaml, Problem).
type problem struct {
	Title  string         `json:"title"`
	Detail string         `json:"detail"`
	Status int            `json:"status"`
	Errors []problemError `json:"errors"`
}

type problemError struct {
	Message string `json:"message"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Field   string `json:"field"`
}

// place is "file:line:column" or the field the fault is in, "" when the problem says neither.
func (e problemError) place() string {
	switch {
	case e.File != "" && e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Column)
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d", e.File, e.Line)
	case e.File != "":
		return e.File
	}
	return e.Field
}

// do sends req and decodes a 2xx JSON answer into out; any other answer
// becomes an error "title: detail".
func (c *client) do(req *http.Request, out any) error {
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	req.Header.Set("Accept", "application/json, application/problem+json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return apiError(resp, body)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("%s %s: the answer is not the expected JSON: %v", req.Method, req.URL.Path, err)
	}
	return nil
}

func apiError(resp *http.Response, body []byte) error {
	var p problem
	if json.Unmarshal(body, &p) == nil && p.Title != "" {
		text := p.Title
		if p.Detail != "" {
			text += ": " + p.Detail
		}
		for _, e := range p.Errors {
			if place := e.place(); place != "" && !strings.Contains(text, place) {
				text += "\n  " + place + ": " + e.Message
			}
		}
		return &refusal{resp.StatusCode, text}
	}
	text := strings.TrimSpace(string(body))
	if len(text) > 200 {
		text = text[:200] + "..."
	}
	if text == "" {
		return &refusal{resp.StatusCode, "HTTP " + resp.Status}
	}
	return &refusal{resp.StatusCode, "HTTP " + resp.Status + ": " + text}
}

func (c *client) getRun(id string) (runView, error) {
	req, err := http.NewRequest(http.MethodGet, c.server+"/api/v1/runs/"+id, nil)
	if err != nil {
		return runView{}, err
	}
	var r runView
	return r, c.do(req, &r)
}
