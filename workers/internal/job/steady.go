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

// untilSteady sends load in steadyWindow windows until the rates are steady
// or budget is spent; it returns the requests sent, the window rates and
// whether they became steady.
func untilSteady(ctx context.Context, base driver.Plan, budget time.Duration) (int64, []float64, bool, error) {
	var sent int64
	var rates []float64
	start := time.Now()
	for time.Since(start)+steadyWindow+steadyGap <= budget {
		p := base
		p.Duration = steadyWindow
		res, err := driver.Run(ctx, p)
		if err != nil {
			return sent, rates, false, fmt.Errorf("warm-up: %v", err)
		}
		sent += res.Requests + res.ErrorCount()
		rates = append(rates, stats.Throughput(res.Requests, res.Elapsed.Seconds()))
		if steady(rates, SteadyWindows, SteadyTolerance) {
			return sent, rates, true, nil
		}
		select {
		case <-ctx.Done():
			return sent, rates, false, ctx.Err()
		case <-time.After(steadyGap):
		}
	}
	return sent, rates, false, nil
}
