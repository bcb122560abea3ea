package job

import (
	"strings"
	"testing"
	"time"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/samples"
)

func ptr[T any](v T) *T { return &v }

func TestResolveLoadModels(t *testing.T) {
	all := []samples.Sample{{Operation: "echo"}}
	tests := []struct {
		name    string
		w       message.Workload
		check   func(p plan) bool
		wantErr string
	}{
		// Defaults: closed, 25 connections, 2000 requests, 1% errors tolerated.
		{"defaults", message.Workload{}, func(p plan) bool {
			return p.model == "closed" && p.connections == 25 && p.requests == 2000 && p.duration == 0 && p.maxErrorRatio == 0.01
		}, ""},
		// A closed run bounded by time: the cell says so with requests 0.
		{"closed by duration", message.Workload{Load: &message.Load{DurationSeconds: ptr(2.5)}}, func(p plan) bool {
			c := p.cell("plain")
			return p.duration == 2500*time.Millisecond && c.Requests == 0 && c.DurationSeconds == 2.5
		}, ""},
		// The open model: its connections are the most it may open.
		{"open", message.Workload{Load: &message.Load{Model: "open", RatePerSecond: ptr(800.0), MaxConnections: ptr(64)}}, func(p plan) bool {
			c := p.cell("plain")
			return p.rate == 800 && c.Connections == 64 && c.RatePerSecond == 800 && c.Model == "open"
		}, ""},
		// Capacity with its objective and the default step length.
		{"capacity", message.Workload{Load: &message.Load{Model: "capacity"}, SLO: &message.SLO{P99Ms: 10}}, func(p plan) bool {
			c := p.cell("plain")
			return p.sloP99 == 10*time.Millisecond && c.SLOP99Ms == 10 && c.DurationSeconds == 5 && p.loadPlan("x", nil).Capacity.P99 == 10*time.Millisecond
		}, ""},
		// Warm-up by requests and by time.
		{"warm-up", message.Workload{Warmup: &message.Warmup{Requests: ptr(0), Seconds: ptr(3.0)}}, func(p plan) bool {
			return p.warmupRequests == 0 && p.warmupDuration == 3*time.Second
		}, ""},
		// A content check.
		{"xpath check", message.Workload{Check: &message.Check{XPathCount: &message.XPathCount{Expr: "//line", Equals: 2}}}, func(p plan) bool {
			return p.check != nil
		}, ""},
		{"open without rate", message.Workload{Load: &message.Load{Model: "open"}}, nil, "needs load.ratePerSecond"},
		{"capacity without slo", message.Workload{Load: &message.Load{Model: "capacity"}}, nil, "needs slo.p99Ms"},
		{"unknown model", message.Workload{Load: &message.Load{Model: "poisson"}}, nil, `load.model "poisson"`},
		{"bad xpath", message.Workload{Check: &message.Check{XPathCount: &message.XPathCount{Expr: "line", Equals: 2}}}, nil, "check.xpathCount"},
		{"bad digest", message.Workload{Check: &message.Check{BodySHA256: "xyz"}}, nil, "check.bodySha256"},
		{"ratio out of range", message.Workload{MaxErrorRatio: ptr(1.5)}, nil, "maxErrorRatio"},
	}
	for _, tt := range tests {
		p, err := resolve(tt.w, all)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !tt.check(p) {
			t.Errorf("%s: plan %+v", tt.name, p)
		}
	}
}
