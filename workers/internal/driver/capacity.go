package driver

import (
	"context"
	"fmt"
	"time"
)

// Capacity search bounds when the plan leaves them out.
const (
	DefaultCapacityStartRate = 100
	DefaultCapacityMaxSteps  = 12
	DefaultCapacityStep      = 5 * time.Second
	// capacityResolution ends the bisection once the bracket is this narrow
	// relative to the rate that passed.
	capacityResolution = 0.05
	// A step whose server answered less than this share of the offered rate
	// failed, even if the few answers were quick.
	capacityMinDelivered = 0.9
)

// CapacitySearch configures the capacity model.
type CapacitySearch struct {
	// P99 is the latency objective: a rate passes when its corrected p99 stays at or under it.
	P99 time.Duration
	// MaxErrorRatio fails a step with more errors than this share.
	MaxErrorRatio float64
	// MaxSteps bounds the number of open-model runs; 0 is DefaultCapacityMaxSteps.
	MaxSteps int
}

// Capacity is the highest arrival rate found whose p99 met the objective.
type Capacity struct {
	Rate  float64
	P99Ms float64
	Steps []CapacityStep
}

// CapacityStep is one rate tried.
type CapacityStep struct {
	Rate  float64
	P99Ms float64
	OK    bool
}

func init() { Register("capacity", runCapacity) }

// runCapacity runs the open model at rising rates, doubling from Rate until
// a step misses the objective, then bisects between the last rate that
// passed and the first that failed. Each step lasts Duration. The result is
// the step at the rate found, with the search attached.
func runCapacity(ctx context.Context, p Plan) (Result, error) {
	return searchCapacity(ctx, p, runOpen)
}

// searchCapacity is the search itself, with the open-model step passed in so
// that the search can be tested against a server model rather than the clock.
func searchCapacity(ctx context.Context, p Plan, runStep func(context.Context, Plan) (Result, error)) (Result, error) {
	search := p.Capacity
	if search.P99 <= 0 {
		return Result{}, fmt.Errorf("capacity model: a p99 objective is required")
	}
	if search.MaxSteps <= 0 {
		search.MaxSteps = DefaultCapacityMaxSteps
	}
	if p.Duration <= 0 {
		p.Duration = DefaultCapacityStep
	}
	rate := p.Rate
	if rate <= 0 {
		rate = DefaultCapacityStartRate
	}
	c := &Capacity{}
	var best, last Result
	found := false
	step := func(rate float64) (bool, error) {
		sp := p
		sp.Rate = rate
		res, err := runStep(ctx, sp)
		if err != nil {
			return false, err
		}
		p99 := float64(res.Latency.ValueAtQuantile(99)) / 1000
		delivered := float64(res.Requests+res.ErrorCount()) / res.Elapsed.Seconds()
		ok := res.Requests > 0 && p99 <= float64(search.P99.Microseconds())/1000 &&
			res.ErrorRatio() <= search.MaxErrorRatio && delivered >= capacityMinDelivered*rate
		c.Steps = append(c.Steps, CapacityStep{Rate: rate, P99Ms: p99, OK: ok})
		last = res
		if ok && (!found || rate > c.Rate) {
			best, found, c.Rate, c.P99Ms = res, true, rate, p99
		}
		return ok, nil
	}
	var lo, hi float64
	for len(c.Steps) < search.MaxSteps {
		ok, err := step(rate)
		if err != nil {
			return Result{}, err
		}
		if ok {
			lo = rate
			if hi > 0 {
				break
			}
			rate *= 2
			continue
		}
		hi = rate
		if lo > 0 {
			break
		}
		// Even the first rate failed: come down until one passes.
		rate /= 2
		if rate < 1 {
			break
		}
	}
	for found && hi > 0 && len(c.Steps) < search.MaxSteps && (hi-lo)/lo > capacityResolution {
		mid := (lo + hi) / 2
		ok, err := step(mid)
		if err != nil {
			return Result{}, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	r := last
	if found {
		r = best
	}
	r.Capacity = c
	return r, ctx.Err()
}
