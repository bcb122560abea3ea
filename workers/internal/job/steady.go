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
// After the minimum warm-up, the load goes on in windows until the last
// SteadyWindows of them agree within SteadyTolerance, or the Executor's
// JVMWarmupMax (DefaultJVMWarmupMax) has passed.
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

// steady tells whether the last n window rates agree within tol of their
// median and the last is not still tol above the first of them (a slow climb
// passes the first test window by window but is not steady yet).
func steady(rates []float64, n int, tol float64) bool {
	if len(rates) < n || n < 2 {
		return false
	}
	last := rates[len(rates)-n:]
	m := stats.Median(last)
	if m <= 0 {
		return false
	}
	for _, r := range last {
		if r < m*(1-tol) || r > m*(1+tol) {
			return false
		}
	}
	return last[n-1] <= last[0]*(1+tol)
}

// steadyRest is the pause before the window that confirms a level rate. A
// rate can be level and still low when the compiler has been starved the
// whole time (CXF sat at 2-5k req/s over three windows and then climbed to
// 11k in the measured rounds); after a rest that long its queue has drained,
// so a rate still level after it is the compiled code's.
var steadyRest = 5 * time.Second

// afterWindow decides, from the window rates so far, whether the warm-up is
// done, how long to pause before the next window, and whether that window
// confirms a level rate after a rest. confirming says that the last one did.
func afterWindow(rates []float64, confirming bool) (done bool, pause time.Duration, confirmNext bool) {
	if !steady(rates, SteadyWindows, SteadyTolerance) {
		return false, steadyGap, false
	}
	if confirming {
		return true, 0, false
	}
	return false, steadyRest, true
}

// untilSteady sends load in steadyWindow windows until the rates are steady,
// before and after a rest, or budget is spent; it returns the requests sent,
// the window rates and whether they became steady.
func untilSteady(ctx context.Context, base driver.Plan, budget time.Duration) (int64, []float64, bool, error) {
	var sent int64
	var rates []float64
	start := time.Now()
	pause, confirming := time.Duration(0), false
	for time.Since(start)+pause+steadyWindow <= budget {
		select {
		case <-ctx.Done():
			return sent, rates, false, ctx.Err()
		case <-time.After(pause):
		}
		p := base
		p.Duration = steadyWindow
		res, err := driver.Run(ctx, p)
		if err != nil {
			return sent, rates, false, fmt.Errorf("warm-up: %v", err)
		}
		sent += res.Requests + res.ErrorCount()
		rates = append(rates, stats.Throughput(res.Requests, res.Elapsed.Seconds()))
		var done bool
		if done, pause, confirming = afterWindow(rates, confirming); done {
			return sent, rates, true, nil
		}
	}
	return sent, rates, false, nil
}
