package job

import (
	"reflect"
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
		// The schema's defaults, as the backend writes them out: closed, 25
		// connections, 2000 requests, 1% errors tolerated, 8 rounds, and
		// measurements of at least 2 s.
		{"defaults", message.Workload{}, func(p plan) bool {
			return p.model == "closed" && p.connections == 25 && p.requests == 2000 && p.duration == 0 && p.maxErrorRatio == 0.01 &&
				p.repetitions == 8 && p.minDuration == 2*time.Second && p.extendsCount()
		}, ""},
		// minSeconds 0 turns the extension off.
		{"no minimum", message.Workload{Load: &message.Load{MinSeconds: ptr(0.0)}}, func(p plan) bool {
			return p.minDuration == 0 && !p.extendsCount()
		}, ""},
		// A duration below the minimum is raised to it, for every stack
		// alike, so the cell says what was measured.
		{"short duration raised", message.Workload{Load: &message.Load{DurationSeconds: ptr(0.5), MinSeconds: ptr(3.0)}}, func(p plan) bool {
			c := p.cell("plain")
			return p.duration == 3*time.Second && p.askedDuration == 500*time.Millisecond && c.DurationSeconds == 3 && !p.extendsCount()
		}, ""},
		// A duration at or above the minimum is kept.
		{"long duration kept", message.Workload{Load: &message.Load{DurationSeconds: ptr(2.0)}}, func(p plan) bool {
			return p.duration == 2*time.Second && p.askedDuration == 0
		}, ""},
		// The open model bounded by a request count is extended too.
		{"open by count", message.Workload{Load: &message.Load{Model: "open", RatePerSecond: ptr(100.0), Requests: ptr(100)}}, func(p plan) bool {
			return p.extendsCount()
		}, ""},
		// A capacity step is not a measurement the minimum governs.
		{"capacity step kept", message.Workload{Load: &message.Load{Model: "capacity", DurationSeconds: ptr(1.0)}, SLO: &message.SLO{P99Ms: 10}}, func(p plan) bool {
			return p.duration == time.Second && p.askedDuration == 0 && !p.extendsCount()
		}, ""},
		// The reference is the backend's business; the worker carries it.
		{"reference", message.Workload{Stacks: []string{"cxf", "gsoap"}, Reference: "gsoap"}, func(p plan) bool { return true }, ""},
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
			return p.sloP99 == 10*time.Millisecond && c.SLOP99Ms == 10 && c.DurationSeconds == 5 && p.loadPlan("x", nil, p.measured).Capacity.P99 == 10*time.Millisecond
		}, ""},
		// Warm-up by requests and by time.
		{"warm-up", message.Workload{Warmup: &message.Warmup{Requests: ptr(0), Seconds: ptr(3.0)}}, func(p plan) bool {
			return p.warmupRequests == 0 && p.warmupDuration == 3*time.Second
		}, ""},
		// A content check.
		{"xpath check", message.Workload{Check: &message.Check{XPathCount: &message.XPathCount{Expr: "//line", Equals: 2}}}, func(p plan) bool {
			return p.check != nil
		}, ""},
		// MTOM with the neutral driver and no check.
		{"mtom", message.Workload{MTOM: true}, func(p plan) bool { return p.check == nil }, ""},
		{"open without rate", message.Workload{Load: &message.Load{Model: "open"}}, nil, "needs load.ratePerSecond"},
		{"capacity without slo", message.Workload{Load: &message.Load{Model: "capacity"}}, nil, "needs slo.p99Ms"},
		{"unknown model", message.Workload{Load: &message.Load{Model: "poisson"}}, nil, `load.model "poisson"`},
		{"bad xpath", message.Workload{Check: &message.Check{XPathCount: &message.XPathCount{Expr: "line", Equals: 2}}}, nil, "check.xpathCount"},
		{"bad digest", message.Workload{Check: &message.Check{BodySHA256: "xyz"}}, nil, "check.bodySha256"},
		{"ratio out of range", message.Workload{MaxErrorRatio: ptr(1.5)}, nil, "maxErrorRatio"},
		{"negative minimum", message.Workload{Load: &message.Load{MinSeconds: ptr(-1.0)}}, nil, "load.minSeconds"},
		{"minimum above an hour", message.Workload{Load: &message.Load{MinSeconds: ptr(3601.0)}}, nil, "load.minSeconds"},
	}
	for _, tt := range tests {
		p, err := resolve(withSchemaDefaults(t, tt.w), all)
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

// The worker takes what it needs from the job and has no defaults of its
// own: a job without them names what it lacks.
func TestAJobWithoutTheDefaultsFails(t *testing.T) {
	_, err := resolve(message.Workload{Stacks: []string{"cxf"}, Load: &message.Load{Connections: ptr(8)}}, []samples.Sample{{Operation: "echo"}})
	want := "lacks load.model, load.requests, warmup.requests, repetitions, keepAlive, driver, security"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("resolve() error %v, want one containing %q", err, want)
	}
}

// A job queued by a backend that left load.maxConnections, load.minSeconds,
// warmup.seconds and maxErrorRatio out is measured as one that writes the
// schema's defaults for them.
func TestPreviouslyOmittedDefaultsAreTheSchemas(t *testing.T) {
	all := []samples.Sample{{Operation: "echo"}}
	written, err := resolve(withSchemaDefaults(t, message.Workload{}), all)
	if err != nil {
		t.Fatal(err)
	}
	older := withSchemaDefaults(t, message.Workload{})
	older.Load.MaxConnections, older.Load.MinSeconds, older.Warmup.Seconds, older.MaxErrorRatio = nil, nil, nil, nil
	omitted, err := resolve(older, all)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(written, omitted) {
		t.Errorf("with the defaults written out %+v, left out %+v", written, omitted)
	}
}

func TestResolveRefusesASecurityModeOutsideTheSchema(t *testing.T) {
	for _, mode := range []string{"../../etc", "plain/../x", ""} {
		_, err := resolve(withSchemaDefaults(t, message.Workload{Stacks: []string{"fake"}, Security: []string{"plain", mode}}), nil)
		if err == nil || !strings.Contains(err.Error(), "is none of") {
			t.Errorf("security mode %q: err %v, want a refusal", mode, err)
		}
	}
}
