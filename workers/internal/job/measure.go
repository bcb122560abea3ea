package job

import (
	"context"
	"fmt"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/sampler"
	"soapbench.dev/workers/internal/stats"
)

// DefaultJVMWarmup is the least warm-up of a JVM stack: CXF ran at ~5% of
// its steady rate during its first 15 s on these machines.
const DefaultJVMWarmup = 15 * time.Second

// measure takes one measurement of t for round: warm-up, then the measured
// load, taken again longer when it ended too soon to be judged (extend.go)
// and redone when the machine disturbed it.
func (r *run) measure(ctx context.Context, t *target, round, position int, order []string) error {
	cell := r.plan.cell(t.security)
	if err := r.events.emit(ctx, message.Measuring, message.MeasuringPayload{
		Stack: t.ref.ID, Version: t.ref.Version, Cell: cell, Repetition: round, Position: position}); err != nil {
		return err
	}
	lock, err := lockMachine(ctx, r.WorkRoot)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return r.failTarget(ctx, t, "error: "+err.Error())
	}
	defer lock.unlock()
	if r.plan.cold {
		return r.measureCold(ctx, t, cell, round, position, order)
	}
	undo, err := r.cpus.apply(t.server.PID())
	defer undo()
	if err != nil {
		return r.failTarget(ctx, t, "error: pinning CPUs: "+err.Error())
	}

	warm, err := r.warmUp(ctx, t)
	if err == nil {
		var tr try
		var retries int
		th := r.Disturbance.withDefaults()
		ext := newExtension(r.plan)
		tr, retries, err = retryDisturbed(th, func() (try, error) {
			return ext.take(func(count int) (try, error) { return r.once(ctx, t, count) })
		})
		if err == nil {
			if retries > 0 {
				r.Log.Info("measurement redone", "run", r.job.RunID, "target", t.key(), "round", round, "retries", retries,
					"steal%", tr.disturbance.StealPercent, "otherBusy%", tr.disturbance.OtherBusyPercent)
			}
			if ext.from != nil && ext.from.Tries > 0 {
				r.Log.Info("measurement extended", "run", r.job.RunID, "target", t.key(), "round", round,
					"asked", ext.from.Requests, "lasted", ext.from.ElapsedSeconds, "requests", ext.count, "seconds", tr.res.Elapsed.Seconds())
			}
			if ext.stillShort(tr) {
				r.Log.Warn("measurement still shorter than load.minSeconds after its extensions", "run", r.job.RunID, "target", t.key(),
					"round", round, "seconds", tr.res.Elapsed.Seconds(), "minSeconds", r.plan.minDuration.Seconds())
			}
			tr.extendedFrom = ext.from
			return r.report(ctx, t, cell, round, position, order, warm, tr, retries, tr.flags(th, r.plan.maxErrorRatio))
		}
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	reason, _ := describe(err)
	return r.failTarget(ctx, t, reason)
}

// warmUp sends the workload's warm-up, never counted: its requests, then its
// seconds, and for a JVM's first measurement at least JVMWarmup and then
// until its throughput is steady (never in a cold plan, whose targets start
// out warmed: jitWarmupDue).
func (r *run) warmUp(ctx context.Context, t *target) (message.WarmupDone, error) {
	if t.security != "plain" && r.plan.driver == DriverNative {
		return r.warmUpSecured(ctx, t)
	}
	base := r.plan.loadPlan(t.server.URL, t.server.Net, t.side.measured)
	base.Model, base.Duration, base.Requests = "closed", 0, 0
	d := r.plan.warmupDuration
	if t.jitWarmupDue() && d < r.JVMWarmup {
		d = r.JVMWarmup
	}
	var done message.WarmupDone
	start := time.Now()
	if r.plan.warmupRequests > 0 {
		p := base
		p.Requests = r.plan.warmupRequests
		res, err := driver.Run(ctx, p)
		if err != nil {
			return done, fmt.Errorf("warm-up: %v", err)
		}
		done.Requests += res.Requests + res.ErrorCount()
	}
	if d > 0 {
		p := base
		p.Duration = d
		res, err := driver.Run(ctx, p)
		if err != nil {
			return done, fmt.Errorf("warm-up: %v", err)
		}
		done.Requests += res.Requests + res.ErrorCount()
	}
	return r.finishWarmUp(ctx, t, driverWindow(base), start, done)
}

// finishWarmUp ends a warm-up that began at start: a JVM's first one goes on
// in windows until its rate is steady or JVMWarmupMax has passed.
func (r *run) finishWarmUp(ctx context.Context, t *target, window windowFunc, start time.Time, done message.WarmupDone) (message.WarmupDone, error) {
	if t.jitWarmupDue() && r.JVMWarmupMax > r.JVMWarmup {
		sent, rates, ok, err := untilSteady(ctx, window, r.JVMWarmupMax-time.Since(start))
		done.Requests += sent
		if err != nil {
			return done, err
		}
		done.WindowRates, done.Steady = rates, &ok
	}
	done.Seconds = time.Since(start).Seconds()
	t.warmed = true
	return done, nil
}

// once is one measured try of count requests (unless the plan is bounded
// by time) with the server's resources and the machine's disturbance
// around it.
func (r *run) once(ctx context.Context, t *target, count int) (try, error) {
	if r.plan.driver == DriverNative {
		return r.observed(t, func() (try, error) { return r.driveNative(ctx, t, count) })
	}
	return r.observed(t, func() (try, error) {
		p := r.plan.loadPlan(t.server.URL, t.server.Net, t.side.measured)
		p.Requests = count
		res, err := driver.Run(ctx, p)
		return try{res: res}, err
	})
}

// observed runs load while the server's process tree is sampled and the
// machine's CPU times are read around it, whichever driver sends the load.
func (r *run) observed(t *target, load func() (try, error)) (try, error) {
	before, sysErr := sampler.ReadSystem()
	s := sampler.Start(t.server.PID())
	tr, err := load()
	usage := s.Stop()
	after, sysErr2 := sampler.ReadSystem()
	if err != nil {
		return try{}, err
	}
	if t.server.Exited() {
		return try{}, fmt.Errorf("the server exited during the measurement")
	}
	tr.usage = usage
	if sysErr == nil && sysErr2 == nil {
		tr.disturbance = sampler.Between(before, after, usage.CPUSeconds, tr.res.DriverCPUSeconds)
	}
	return tr, nil
}

// report publishes one measurement.
func (r *run) report(ctx context.Context, t *target, cell message.Cell, round, position int, order []string,
	warm message.WarmupDone, tr try, retries int, flags []string) error {
	res := tr.res
	hist, err := stats.Encode(res.Latency)
	if err != nil {
		return r.failTarget(ctx, t, "error: encoding the histogram: "+err.Error())
	}
	seconds := res.Elapsed.Seconds()
	fp := r.Fingerprint
	fp.CPUSharing = r.cpus.sharing()
	m := message.Measurement{
		Stack: t.ref.ID, Version: t.ref.Version, Cell: cell, Repetition: round,
		Requests: res.Requests, Errors: res.Errors, ElapsedSeconds: seconds,
		Throughput: stats.Throughput(res.Requests, seconds), LatencyMs: stats.Latency(res.Latency),
		Histogram: hist, ServerCPUSeconds: tr.usage.CPUSeconds, PeakRSSBytes: tr.usage.PeakRSSBytes,
		DriverCPUSeconds: res.DriverCPUSeconds, ClientTimedCPUSeconds: res.ClientTimedCPUSeconds, DriverPeakRSSBytes: tr.driverPeakRSS, BytesSent: res.BytesSent, BytesReceived: res.BytesReceived,
		BuildSeconds: t.built.Seconds, StartupSeconds: t.server.StartupSeconds, Versions: t.versions,
		ErrorRatio: res.ErrorRatio(), Flags: flags, Retries: retries,
		StealPercent: tr.disturbance.StealPercent, OtherBusyPercent: tr.disturbance.OtherBusyPercent,
		CPUSharing: fp.CPUSharing, Fingerprint: &fp, ConfigHash: r.job.ConfigHash,
		Position: position, RoundOrder: order, Warmup: &warm,
		Sandbox: &message.Sandbox{Mode: t.server.Sandbox.Mode, MemoryLimitBytes: t.server.Sandbox.MemoryLimitBytes,
			ProcessLimit: t.server.Sandbox.ProcessLimit},
		ExtendedFrom: tr.extendedFrom,
	}
	if res.Uncorrected != nil {
		u := stats.Latency(res.Uncorrected)
		m.UncorrectedLatencyMs = &u
	}
	for _, share := range res.Operations {
		m.Operations = append(m.Operations, message.OperationShare{Operation: share.Operation,
			Requests: share.Requests, Errors: share.Errors, LatencyMs: stats.Latency(share.Latency)})
	}
	if c := res.Capacity; c != nil {
		mc := &message.Capacity{Rate: c.Rate, P99Ms: c.P99Ms, Steps: []message.CapacityStep{}}
		for _, s := range c.Steps {
			mc.Steps = append(mc.Steps, message.CapacityStep{Rate: s.Rate, P99Ms: s.P99Ms, OK: s.OK})
		}
		m.Capacity = mc
	}
	if err := r.events.emit(ctx, message.Measured, m); err != nil {
		return err
	}
	if err := r.journal.RecordMeasured(t.key(), round); err != nil {
		r.Log.Warn("journal: a resumed delivery would take this measurement again", "run", r.job.RunID, "error", err)
	}
	return nil
}
