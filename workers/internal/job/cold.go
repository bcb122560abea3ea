package job

import (
	"context"
	"fmt"

	"soapbench.dev/workers/internal/message"
)

// measureCold takes one measurement of the first requests a freshly started
// server answers, as a user's first calls after a deployment see them, or
// the 2007 XINS test, which timed 100 calls to a new JVM: the server is
// started again before every try, no JIT warm-up goes first (only the
// workload's own warm-up, if any), and the measurement is never extended,
// as a longer one would no longer be of the first requests. A try the
// machine disturbed is taken again from another fresh start.
func (r *run) measureCold(ctx context.Context, t *target, cell message.Cell, round, position int, order []string) error {
	var warm message.WarmupDone
	th := r.Disturbance.withDefaults()
	tr, retries, err := retryDisturbed(th, func() (try, error) {
		if err := r.restart(ctx, t); err != nil {
			return try{}, err
		}
		undo, err := r.cpus.apply(t.server.PID())
		defer undo()
		if err != nil {
			return try{}, fmt.Errorf("pinning CPUs: %v", err)
		}
		// A cold target is never given the JIT warm-up.
		t.warmed = true
		if warm, err = r.warmUp(ctx, t); err != nil {
			return try{}, err
		}
		warm.Cold = true
		return r.once(ctx, t, r.plan.requests)
	})
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		reason, _ := describe(err)
		return r.failTarget(ctx, t, reason)
	}
	return r.report(ctx, t, cell, round, position, order, warm, tr, retries, tr.flags(th, r.plan.maxErrorRatio))
}

// restart stops t's server and starts it again from its build: a new
// process, with nothing compiled, loaded or cached from the last one.
func (r *run) restart(ctx context.Context, t *target) error {
	if t.server != nil {
		t.server.Stop()
		t.server = nil
	}
	server, err := t.stack.ServeVariant(ctx, t.buildDir, t.ref.Variant, r.ReadyTimeout)
	if err != nil {
		return err
	}
	r.Log.Info("restarted for a cold measurement", "run", r.job.RunID, "target", t.key(), "startup", server.StartupSeconds)
	t.server = server
	return nil
}
