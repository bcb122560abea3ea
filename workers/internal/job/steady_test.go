package job

import (
	"context"
	"testing"
	"time"

	"soapbench.dev/workers/internal/message"
)

func TestSteadyNeedsTheLastWindowsToAgreeAndStopClimbing(t *testing.T) {
	tests := []struct {
		name  string
		rates []float64
		want  bool
	}{
		{"too few windows", []float64{1000, 1000}, false},
		{"flat", []float64{200, 900, 1000, 1010, 995}, true},
		{"noisy but level", []float64{1000, 960, 1040}, true},
		{"one window off", []float64{1000, 1000, 800}, false},
		// Each step is within 5% of the median, yet the JIT is still paying off.
		{"slow climb", []float64{1000, 1045, 1092}, false},
		{"nothing answered", []float64{0, 0, 0}, false},
		{"settled after a climb", []float64{1700, 3800, 8200, 11500, 11300, 11600}, true},
	}
	for _, tt := range tests {
		if got := steady(tt.rates, SteadyWindows, SteadyTolerance); got != tt.want {
			t.Errorf("%s: steady(%v) = %v, want %v", tt.name, tt.rates, got, tt.want)
		}
	}
}

// A level rate ends the warm-up only once it held after a rest: a starved
// compiler gives level rates too, and catches up in the rest.
func TestLevelRatesMustHoldAfterARest(t *testing.T) {
	steps := []struct {
		rate       float64
		wantDone   bool
		wantPause  time.Duration
		confirming bool
	}{
		{1000, false, steadyGap, false},
		{2300, false, steadyGap, false},
		{2350, false, steadyGap, false},
		{2320, false, steadyRest, true}, // level, but at a starved compiler's rate
		{9800, false, steadyGap, false}, // the rest paid off: not steady yet
		{10900, false, steadyGap, false},
		{11000, false, steadyGap, false},
		{10950, false, steadyRest, true},
		{11100, true, 0, false}, // level again after the rest: warm
	}
	var rates []float64
	confirming := false
	for i, s := range steps {
		rates = append(rates, s.rate)
		done, pause, next := afterWindow(rates, confirming)
		if done != s.wantDone || pause != s.wantPause || next != s.confirming {
			t.Fatalf("window %d (%v): done %v, pause %v, confirming %v; want %v, %v, %v",
				i+1, rates, done, pause, next, s.wantDone, s.wantPause, s.confirming)
		}
		confirming = next
	}
}

// After its minimum, a JVM's first warm-up goes on in windows until they
// agree or the bound is spent, and says which; other stacks and later
// measurements get no such phase.
func TestJVMWarmupGoesOnUntilSteadyWithinItsBound(t *testing.T) {
	defer func(w, g, r time.Duration) { steadyWindow, steadyGap, steadyRest = w, g, r }(steadyWindow, steadyGap, steadyRest)
	steadyWindow, steadyGap, steadyRest = 200*time.Millisecond, 100*time.Millisecond, 300*time.Millisecond
	x := testExecutor(t)
	x.JVMWarmup = 300 * time.Millisecond
	x.JVMWarmupMax = 3 * time.Second
	rec := &recorder{}
	job := echoJob(t, "fake", "fake-jvm")
	reps := 2
	job.Workload.Repetitions = &reps
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	measured := 0
	for _, ev := range rec.events {
		if ev.Kind != message.Measured {
			continue
		}
		measured++
		w := ev.Payload.(message.Measurement).Warmup
		m := ev.Payload.(message.Measurement)
		if m.Stack != "fake-jvm" || m.Repetition != 1 {
			if w.Steady != nil || len(w.WindowRates) > 0 {
				t.Errorf("%s round %d: warm-up %+v, want no steady phase", m.Stack, m.Repetition, *w)
			}
			continue
		}
		switch {
		case w.Steady == nil:
			t.Errorf("fake-jvm first warm-up %+v: want steady recorded", *w)
		case *w.Steady && (len(w.WindowRates) < SteadyWindows || !steady(w.WindowRates, SteadyWindows, SteadyTolerance)):
			t.Errorf("fake-jvm first warm-up says steady with windows %v", w.WindowRates)
		case !*w.Steady && w.Seconds < (x.JVMWarmupMax-steadyWindow-steadyRest).Seconds():
			t.Errorf("fake-jvm first warm-up gave up after %.2f s, before its bound of %v", w.Seconds, x.JVMWarmupMax)
		case w.Seconds > x.JVMWarmupMax.Seconds()+2:
			t.Errorf("fake-jvm first warm-up took %.2f s, beyond its bound of %v", w.Seconds, x.JVMWarmupMax)
		}
	}
	if measured != 4 {
		t.Errorf("%d measurements, want 4", measured)
	}
}
