package job

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/samples"
)

// fastTarget answers count requests at rates[i] per second on its i-th
// measurement (the last rate from then on), a share errorShare of them
// with errors; failAt, when positive, is the measurement that fails.
type fastTarget struct {
	rates      []float64
	errorShare float64
	failAt     int
	counts     []int
}

func (f *fastTarget) measure(count int) (try, error) {
	f.counts = append(f.counts, count)
	i := len(f.counts)
	if i == f.failAt {
		return try{}, errors.New("the server exited during the measurement")
	}
	rate := f.rates[min(i, len(f.rates))-1]
	failed := int64(float64(count) * f.errorShare)
	return try{res: driver.Result{
		Requests: int64(count) - failed, Errors: map[string]int64{"timeout": failed},
		Elapsed: time.Duration(float64(count) / rate * float64(time.Second)),
	}}, nil
}

func closedPlan(requests int, min time.Duration) plan {
	return plan{model: "closed", requests: requests, minDuration: min, maxErrorRatio: 0.01}
}

func TestShortMeasurementsAreTakenAgainLonger(t *testing.T) {
	open := closedPlan(100, 2*time.Second)
	open.model, open.rate = "open", 100
	byTime := closedPlan(2000, 2*time.Second)
	byTime.duration = 5 * time.Second
	capacity := closedPlan(2000, 2*time.Second)
	capacity.model = "capacity"
	tests := []struct {
		name       string
		plan       plan
		target     fastTarget
		wantCounts []int
		wantFrom   *message.Extension
		wantShort  bool
		wantErr    bool
	}{
		// 2,000 requests at 10,000/s last 0.2 s: taken again with 24,000,
		// which last 2.4 s; only that one is returned.
		{"fast server", closedPlan(2000, 2*time.Second), fastTarget{rates: []float64{10000}}, []int{2000, 24000},
			&message.Extension{Requests: 2000, ElapsedSeconds: 0.2, Tries: 1}, false, false},
		// Long enough at once: measured once, nothing recorded.
		{"slow server", closedPlan(2000, 2*time.Second), fastTarget{rates: []float64{500}}, []int{2000}, nil, false, false},
		// Exactly the minimum is long enough.
		{"just long enough", closedPlan(2000, 2*time.Second), fastTarget{rates: []float64{1000}}, []int{2000}, nil, false, false},
		// A server still speeding up (a JVM's JIT): the longer try is short
		// too at its new rate, and is taken again at that rate.
		{"rate climbing", closedPlan(2000, 2*time.Second), fastTarget{rates: []float64{10000, 30000, 30000}}, []int{2000, 24000, 72000},
			&message.Extension{Requests: 2000, ElapsedSeconds: 0.2, Tries: 2}, false, false},
		// A rate that keeps climbing gets MaxExtensions more tries, and the
		// last one is returned however short.
		{"never long enough", closedPlan(2000, 2*time.Second), fastTarget{rates: []float64{10000, 100000, 1e6, 1e7}},
			[]int{2000, 24000, 240000, 2400000}, &message.Extension{Requests: 2000, ElapsedSeconds: 0.2, Tries: 3}, true, false},
		// The open model with a count: 100 arrivals at 100/s last 1 s.
		{"open model", open, fastTarget{rates: []float64{100}}, []int{100, 240},
			&message.Extension{Requests: 100, ElapsedSeconds: 1, Tries: 1}, false, false},
		// Failed requests count in the rate: the count bounds them too.
		{"some errors", closedPlan(2000, 2*time.Second), fastTarget{rates: []float64{10000}, errorShare: 0.005}, []int{2000, 24000},
			&message.Extension{Requests: 2000, ElapsedSeconds: 0.2, Tries: 1}, false, false},
		// A measurement flagged for its errors is not extended: more of
		// them judge nothing.
		{"too many errors", closedPlan(2000, 2*time.Second), fastTarget{rates: []float64{10000}, errorShare: 0.5}, []int{2000}, nil, false, false},
		// minSeconds 0 turns the extension off.
		{"no minimum", closedPlan(2000, 0), fastTarget{rates: []float64{10000}}, []int{2000}, nil, false, false},
		// A measurement bounded by time is lengthened in the plan, not here.
		{"bounded by time", byTime, fastTarget{rates: []float64{10000}}, []int{2000}, nil, false, false},
		// The capacity search is left alone.
		{"capacity", capacity, fastTarget{rates: []float64{10000}}, []int{2000}, nil, false, false},
		// No extension sends more than a workload may ask for, and one that
		// cannot grow further stops there, short.
		{"bounded count", closedPlan(2000, time.Hour), fastTarget{rates: []float64{10000, 1e9}}, []int{2000, maxExtendedRequests},
			&message.Extension{Requests: 2000, ElapsedSeconds: 0.2, Tries: 1}, true, false},
		// A failure of the longer try is the measurement's failure.
		{"longer try fails", closedPlan(2000, 2*time.Second), fastTarget{rates: []float64{10000}, failAt: 2}, []int{2000, 24000},
			&message.Extension{Requests: 2000, ElapsedSeconds: 0.2, Tries: 1}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newExtension(tt.plan)
			tr, err := e.take(tt.target.measure)
			if (err != nil) != tt.wantErr {
				t.Fatalf("take() error %v, want error %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(tt.target.counts, tt.wantCounts) {
				t.Errorf("request counts measured %v, want %v", tt.target.counts, tt.wantCounts)
			}
			if !reflect.DeepEqual(e.from, tt.wantFrom) {
				t.Errorf("extended from %+v, want %+v", e.from, tt.wantFrom)
			}
			if err != nil {
				return
			}
			if got := tr.res.Requests + tr.res.ErrorCount(); got != int64(tt.wantCounts[len(tt.wantCounts)-1]) {
				t.Errorf("returned the try of %d requests, want the last one, of %d", got, tt.wantCounts[len(tt.wantCounts)-1])
			}
			if e.stillShort(tr) != tt.wantShort {
				t.Errorf("still short %v after %v, want %v", e.stillShort(tr), tr.res.Elapsed, tt.wantShort)
			}
		})
	}
}

// A try redone because the machine disturbed it starts from the count that
// was long enough, not from the short one again.
func TestARedoneTryKeepsTheExtendedCount(t *testing.T) {
	target := fastTarget{rates: []float64{10000}}
	e := newExtension(closedPlan(2000, 2*time.Second))
	for range 2 {
		if _, err := e.take(target.measure); err != nil {
			t.Fatal(err)
		}
	}
	if want := []int{2000, 24000, 24000}; !reflect.DeepEqual(target.counts, want) {
		t.Errorf("request counts measured %v, want %v", target.counts, want)
	}
	if e.from == nil || e.from.Tries != 1 {
		t.Errorf("extended from %+v, want the one short try", e.from)
	}
}

// A duration below the minimum was raised when the workload was read; each
// measurement says what it was asked for.
func TestARaisedDurationIsRecorded(t *testing.T) {
	p, err := resolve(withSchemaDefaults(t, message.Workload{Load: &message.Load{DurationSeconds: ptr(0.5)}}), []samples.Sample{{Operation: "echo"}})
	if err != nil {
		t.Fatal(err)
	}
	target := fastTarget{rates: []float64{10000}}
	e := newExtension(p)
	if _, err := e.take(target.measure); err != nil {
		t.Fatal(err)
	}
	if want := (&message.Extension{DurationSeconds: 0.5}); !reflect.DeepEqual(e.from, want) || len(target.counts) != 1 {
		t.Errorf("extended from %+v in %d tries, want %+v in one", e.from, len(target.counts), want)
	}
}

// The fake server answers 20 requests in a fraction of a second: each round
// reports one measurement, of more requests and at least the minimum long,
// with what it was extended from, while its cell still says what the
// workload asked for; the short tries are never sent. Each answer waits
// 10 ms, so that 4 connections answer about 400 a second whatever else
// loads the machine: a rate that kept climbing would leave the measurement
// short after its last extension, which is right, but not what this test
// is about.
func TestAShortMeasurementIsReportedLonger(t *testing.T) {
	x := testExecutor(t)
	t.Setenv("FAKE_ANSWER_DELAY", "0.01")
	for i := range x.Stacks {
		x.Stacks[i].Sandbox.Env = append(x.Stacks[i].Sandbox.Env, "FAKE_ANSWER_DELAY")
	}
	job := echoJob(t, "fake")
	minSeconds, requests := 1.0, 20
	job.Workload.Load.MinSeconds, job.Workload.Load.Requests = &minSeconds, &requests
	rec := &recorder{}
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	want := "accepted building:fake built:fake verified:fake measuring:fake measurement:fake measuring:fake measurement:fake completed"
	if got := strings.Join(rec.kinds(), " "); got != want {
		t.Fatalf("events:\n got %s\nwant %s", got, want)
	}
	for _, ev := range rec.events {
		m, ok := ev.Payload.(message.Measurement)
		if !ok {
			continue
		}
		if m.ElapsedSeconds < minSeconds || m.Requests <= 20 || m.Cell.Requests != 20 {
			t.Errorf("round %d: %d requests in %.3f s, cell of %d; want more than 20 in at least %g s, the cell's 20 as asked",
				m.Repetition, m.Requests, m.ElapsedSeconds, m.Cell.Requests, minSeconds)
		}
		if f := m.ExtendedFrom; f == nil || f.Requests != 20 || f.ElapsedSeconds <= 0 || f.ElapsedSeconds >= minSeconds || f.Tries < 1 {
			t.Errorf("round %d: extended from %+v, want the 20 requests asked for and the short try's length", m.Repetition, f)
		}
	}
}

// The stack's own client is extended as the worker's driver is: its drive
// is run again with the scaled count.
func TestANativeMeasurementIsExtendedToo(t *testing.T) {
	x := nativeExecutor(t)
	args := filepath.Join(t.TempDir(), "args.json")
	t.Setenv("FAKE_DRIVE_ARGS", args)
	// 10 requests in 0.5 s, every time: the fake client's rate never
	// rises, so the one longer drive, of 24, is what is reported.
	t.Setenv("FAKE_DRIVE_LINE", driveLine(t, 10, 0, 0.5))
	job := nativeJob(t, 10, "fake-native")
	minSeconds := 1.0
	job.Workload.Load.MinSeconds = &minSeconds
	rec := &recorder{}
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	m, ok := rec.events[len(rec.events)-2].Payload.(message.Measurement)
	if !ok {
		t.Fatalf("events %v, want a measurement before the end", rec.kinds())
	}
	if want := (&message.Extension{Requests: 10, ElapsedSeconds: 0.5, Tries: 1}); !reflect.DeepEqual(m.ExtendedFrom, want) {
		t.Errorf("extended from %+v, want %+v", m.ExtendedFrom, want)
	}
	raw, err := os.ReadFile(args)
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Count int }
	json.Unmarshal(raw, &got)
	if got.Count != 24 {
		t.Errorf("the last drive sent %d requests, want 1.2 × 1 s at 20/s = 24", got.Count)
	}
}
