package job

import (
	"errors"
	"strings"
	"testing"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/sampler"
)

func disturbedBy(steal, other float64) try {
	return try{res: driver.Result{Requests: 100, Errors: map[string]int64{}, Elapsed: 3 * time.Second},
		disturbance: sampler.Disturbance{StealPercent: steal, OtherBusyPercent: other}}
}

// Over a tenth of a second /proc's 10 ms ticks cannot say who was busy: the
// figures are kept, but they neither flag nor redo the measurement.
func TestAShortMeasurementIsNotJudgedDisturbed(t *testing.T) {
	th := Thresholds{}.withDefaults()
	short := disturbedBy(30, 60)
	short.res.Elapsed = 80 * time.Millisecond
	if short.disturbed(th) || len(short.flags(th, 0.01)) != 0 {
		t.Errorf("a %v measurement was judged: disturbed %v, flags %v", short.res.Elapsed, short.disturbed(th), short.flags(th, 0.01))
	}
	long := disturbedBy(30, 60)
	if !long.disturbed(th) || strings.Join(long.flags(th, 0.01), " ") != "steal busy" {
		t.Errorf("a %v measurement with steal 30%% and busy 60%% was not judged disturbed", long.res.Elapsed)
	}
}

func TestRetryDisturbed(t *testing.T) {
	th := Thresholds{}.withDefaults()
	tests := []struct {
		name        string
		tries       []try
		wantRetries int
		wantFlags   string
	}{
		// A quiet machine: measured once.
		{"quiet", []try{disturbedBy(1, 2)}, 0, ""},
		// Steal spoils the first try; the second is kept.
		{"steal once", []try{disturbedBy(25, 0), disturbedBy(3, 0)}, 1, ""},
		// A busy neighbour twice, then quiet.
		{"busy twice", []try{disturbedBy(0, 40), disturbedBy(0, 30), disturbedBy(0, 1)}, 2, ""},
		// Disturbed every time: two retries, and the last try keeps its flags.
		{"never quiet", []try{disturbedBy(20, 0), disturbedBy(20, 50), disturbedBy(30, 60), disturbedBy(0, 0)}, 2, "steal busy"},
	}
	for _, tt := range tests {
		calls := 0
		got, retries, err := retryDisturbed(th, func() (try, error) {
			calls++
			return tt.tries[calls-1], nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if retries != tt.wantRetries || calls != tt.wantRetries+1 {
			t.Errorf("%s: %d retries in %d calls, want %d", tt.name, retries, calls, tt.wantRetries)
		}
		if flags := strings.Join(got.flags(th, 0.01), " "); flags != tt.wantFlags {
			t.Errorf("%s: flags %q, want %q", tt.name, flags, tt.wantFlags)
		}
	}
	boom := errors.New("boom")
	if _, _, err := retryDisturbed(th, func() (try, error) { return try{}, boom }); !errors.Is(err, boom) {
		t.Errorf("an error was not passed on: %v", err)
	}
}

func TestErrorsAreFlaggedNotRetried(t *testing.T) {
	th := Thresholds{}.withDefaults()
	tests := []struct {
		name     string
		ok, errs int64
		maxRatio float64
		want     string
	}{
		{"under the ratio", 990, 10, 0.01, ""},      // exactly 1% is allowed
		{"over the ratio", 980, 20, 0.01, "errors"}, // 2% with the default
		{"tolerant workload", 980, 20, 0.05, ""},    // the workload allows 5%
		{"nothing answered", 0, 50, 0.01, "errors"}, // all failed
	}
	for _, tt := range tests {
		tr := try{res: driver.Result{Requests: tt.ok, Errors: map[string]int64{driver.ErrHTTPStatus: tt.errs}}}
		if got := strings.Join(tr.flags(th, tt.maxRatio), " "); got != tt.want {
			t.Errorf("%s: flags %q, want %q", tt.name, got, tt.want)
		}
		if tr.disturbed(th) {
			t.Errorf("%s: errors alone made the try count as disturbed", tt.name)
		}
	}
}
