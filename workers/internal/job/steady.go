package job

import (
	"context"
	"fmt"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/stats"
)

// A JVM server is warm when its throughput has stopped climbing, not after a
// fixed time: under 25 connections on 2 cores, CXF still ran at a fifth of
// its steady rate after 15 s, and its first rounds dragged every median down.
// After the minimum warm-up, the load goes on in windows until the median of
// the last SteadyWindows of them is no more than SteadyTolerance above the
// median of the SteadyWindows before, and still is after a rest; or until the
// Executor's JVMWarmupMax (DefaultJVMWarmupMax) has passed.
const (
	SteadyWindows       = 3
	SteadyTolerance     = 0.05
	DefaultJVMWarmupMax = 90 * time.Second
)

// steadyWindow is the length of one warm-up window; tests shorten it.
var steadyWindow = 2 * time.Second

// steadyGap is the pause after each window. Under 25 connections on 2 cores,
// server and driver take all the CPU and the JIT's compiler threads starve:
// the rate is level but low, and only rises once compilation catches up. The
// gaps give the compiler that CPU, so a level rate means compiled code.
var steadyGap = time.Second

// steady tells whether the rates have stopped climbing: the median of the
// last n is above zero and no more than tol above the median of the n before.
// Groups are compared, not single windows: on these machines single 2 s
// windows of a CXF that had long stopped climbing scattered by 6-10%, so
// three in a row rarely agreed within 5% and the warm-up ran to its bound.
func steady(rates []float64, n int, tol float64) bool {
	if n < 1 || len(rates) < 2*n {
		return false
	}
	k := len(rates)
	return notAbove(rates[k-2*n:k-n], rates[k-n:], tol)
}

// notAbove tells whether after's median is above zero and within tol above
// before's.
func notAbove(before, after []float64, tol float64) bool {
	a, b := stats.Median(after), stats.Median(before)
	return a > 0 && b > 0 && a <= b*(1+tol)
}

// steadyRest is the pause before the windows that confirm a level rate. A
// rate can be level and still low when the compiler has been starved the
// whole time (CXF sat at 2-5k req/s over three windows and then climbed to
// 11k in the measured rounds); after a rest that long its queue has drained,
// so a rate still level after it is the compiled code's.
var steadyRest = 5 * time.Second

// warmupWindows follows a JVM's warm-up window by window.
type warmupWindows struct {
	rates []float64
	// restAt is the index of the first window after the rest, 0 while no
	// level rate waits for its confirmation.
	restAt int
}

// add records one window's rate and says whether the warm-up is done and,
// if not, how long to pause before the next window. A level rate is
// confirmed by the SteadyWindows windows after a rest: their median must not
// be more than SteadyTolerance above the median of the SteadyWindows before
// it.
func (w *warmupWindows) add(rate float64) (done bool, pause time.Duration) {
	w.rates = append(w.rates, rate)
	n := SteadyWindows
	if w.restAt > 0 {
		if len(w.rates)-w.restAt < n {
			return false, steadyGap
		}
		before, after := w.rates[w.restAt-n:w.restAt], w.rates[w.restAt:w.restAt+n]
		w.restAt = 0
		if notAbove(before, after, SteadyTolerance) {
			return true, 0
		}
		return false, steadyGap // the rest paid off: still climbing
	}
	if steady(w.rates, n, SteadyTolerance) {
		w.restAt = len(w.rates)
		return false, steadyRest
	}
	return false, steadyGap
}

// windowFunc sends one warm-up window of load and says how many requests it
// sent (answered or not) and the rate of answered ones.
type windowFunc func(ctx context.Context) (sent int64, rate float64, err error)

// driverWindow is a steadyWindow of base's load through the worker's driver.
func driverWindow(base driver.Plan) windowFunc {
	return func(ctx context.Context) (int64, float64, error) {
		p := base
		p.Duration = steadyWindow
		res, err := driver.Run(ctx, p)
		if err != nil {
			return 0, 0, err
		}
		return res.Requests + res.ErrorCount(), stats.Throughput(res.Requests, res.Elapsed.Seconds()), nil
	}
}

// untilSteady sends windows until the rates are steady, before and after a
// rest, or budget is spent; it returns the requests sent, the window rates
// and whether they became steady.
func untilSteady(ctx context.Context, window windowFunc, budget time.Duration) (int64, []float64, bool, error) {
	var sent int64
	var w warmupWindows
	start := time.Now()
	pause := time.Duration(0)
	for time.Since(start)+pause+steadyWindow <= budget {
		select {
		case <-ctx.Done():
			return sent, w.rates, false, ctx.Err()
		case <-time.After(pause):
		}
		n, rate, err := window(ctx)
		sent += n
		if err != nil {
			return sent, w.rates, false, fmt.Errorf("warm-up: %v", err)
		}
		var done bool
		if done, pause = w.add(rate); done {
			return sent, w.rates, true, nil
		}
	}
	return sent, w.rates, false, nil
}
