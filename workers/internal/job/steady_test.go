package job

import (
	"context"
	"testing"
	"time"

	"soapbench.dev/workers/internal/message"
)

func TestSteadyComparesTheLastWindowsWithTheOnesBefore(t *testing.T) {
	tests := []struct {
		name  string
		rates []float64
		want  bool
	}{
		{"too few windows", []float64{1000, 1000, 1000, 1000, 1000}, false},
		{"flat", []float64{200, 900, 1000, 1010, 995, 1005, 990}, true},
		// CXF's windows on a plateau, from a run on these machines: no three
		// in a row agree within 5%, but the climb is over.
		{"scattered plateau", []float64{18475, 18684, 20394, 19126, 17800, 18088}, true},
		{"climbing", []float64{1000, 1100, 1200, 1300, 1400, 1500}, false},
		// 6% a group: each window is within 5% of its neighbours, yet the
		// JIT is still paying off.
		{"slow climb", []float64{1000, 1020, 1040, 1060, 1080, 1100}, false},
		{"nothing answered", []float64{0, 0, 0, 0, 0, 0}, false},
		{"settled after a climb", []float64{1700, 3800, 8200, 11500, 11300, 11600, 11400, 11450}, true},
		{"just after the climb", []float64{1700, 3800, 8200, 11500, 11300, 11600, 11400}, false},
	}
	for _, tt := range tests {
		if got := steady(tt.rates, SteadyWindows, SteadyTolerance); got != tt.want {
			t.Errorf("%s: steady(%v) = %v, want %v", tt.name, tt.rates, got, tt.want)
		}
	}
}

type warmupStep struct {
	rate      float64
	wantDone  bool
	wantPause time.Duration
}

func walkWarmup(t *testing.T, steps []warmupStep) {
	t.Helper()
	var w warmupWindows
	for i, s := range steps {
		done, pause := w.add(s.rate)
		if done != s.wantDone || pause != s.wantPause {
			t.Fatalf("window %d (%v): done %v, pause %v; want %v, %v", i+1, w.rates, done, pause, s.wantDone, s.wantPause)
		}
	}
}

// A level rate ends the warm-up only once it held after a rest: a starved
// compiler gives level rates too, and catches up in the rest.
func TestLevelRatesMustHoldAfterARest(t *testing.T) {
	walkWarmup(t, []warmupStep{
		{1000, false, steadyGap},
		{2300, false, steadyGap},
		{2350, false, steadyGap},
		{2320, false, steadyGap},
		{2340, false, steadyGap},
		{2330, false, steadyRest}, // level, but at a starved compiler's rate
		{9800, false, steadyGap},
		{10900, false, steadyGap},
		{11000, false, steadyGap}, // the rest paid off: not steady yet
		{10950, false, steadyGap},
		{11100, false, steadyGap},
		{11050, false, steadyRest},
		{11200, false, steadyGap},
		{10800, false, steadyGap},
		{11150, true, 0}, // level again after the rest: warm
	})
}

// The windows of a CXF warm-up on these machines that never settled under a
// rule asking three single windows to agree within 5%: it ran to its 90 s
// bound. Compared by groups, the climb is over by window 12 and confirmed by
// window 15.
func TestAScatteredPlateauEndsTheWarmup(t *testing.T) {
	rates := []float64{4393, 4100, 4622, 5536, 6409, 8811, 16760, 18475, 18684, 20394, 19126, 17800, 18088, 19184, 20297}
	var steps []warmupStep
	for i, r := range rates {
		switch i + 1 {
		case 12:
			steps = append(steps, warmupStep{r, false, steadyRest})
		case 15:
			steps = append(steps, warmupStep{r, true, 0})
		default:
			steps = append(steps, warmupStep{r, false, steadyGap})
		}
	}
	walkWarmup(t, steps)
}

// After its minimum, a JVM's first warm-up goes on in windows until they
// agree or the bound is spent, and says which; other stacks and later
// measurements get no such phase.
func TestJVMWarmupGoesOnUntilSteadyWithinItsBound(t *testing.T) {
	defer func(w, g, r time.Duration) { steadyWindow, steadyGap, steadyRest = w, g, r }(steadyWindow, steadyGap, steadyRest)
	steadyWindow, steadyGap, steadyRest = 200*time.Millisecond, 100*time.Millisecond, 300*time.Millisecond
	x := testExecutor(t)
	x.JVMWarmup = 300 * time.Millisecond
	// Room for the shortest steady warm-up: 2 groups of windows, the rest,
	// and the group that confirms.
	x.JVMWarmupMax = 5 * time.Second
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
		case *w.Steady && !steady(w.WindowRates, SteadyWindows, SteadyTolerance):
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
