package job

import (
	"context"
	"errors"
	"fmt"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/sampler"
	"soapbench.dev/workers/internal/stats"
	"soapbench.dev/workers/internal/verify"
)

type measureContext struct {
	stack    message.StackRef
	versions runner.Versions
	security string
	built    runner.BuildResult
	server   *runner.Server
}

// verifyAndMeasure checks every operation, warms the server up and runs the
// measured repetitions. A wrong answer means the stack is never timed.
func (r *run) verifyAndMeasure(ctx context.Context, m measureContext, fail failFunc) error {
	ref := m.stack
	if err := verify.Endpoint(ctx, m.server.URL, r.all); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var vf *verify.Failure
		op, reason := "", err.Error()
		if errors.As(err, &vf) {
			op, reason = vf.Operation, vf.Reason
		}
		return r.events.emit(ctx, message.VerifyFailed, message.VerifyFailedPayload{
			Stack: ref.ID, Version: ref.Version, Security: m.security, Operation: op, Reason: reason})
	}
	base := driver.Plan{
		Model: r.plan.model, Endpoint: m.server.URL, Samples: r.plan.measured,
		Connections: r.plan.connections, KeepAlive: r.plan.keepAlive,
	}
	if r.plan.warmupRequests > 0 {
		warm := base
		warm.Requests = r.plan.warmupRequests
		if _, err := driver.Run(ctx, warm); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fail(m.security, message.PhaseMeasure, "error: warm-up: "+err.Error(), m.server.Log())
		}
	}
	cell := message.Cell{Security: m.security, Connections: r.plan.connections, Requests: r.plan.requests, KeepAlive: r.plan.keepAlive}
	if len(r.plan.measured) == 1 {
		cell.Operation = r.plan.measured[0].Operation
	}
	for rep := 1; rep <= r.plan.repetitions; rep++ {
		if err := r.events.emit(ctx, message.Measuring, message.MeasuringPayload{Stack: ref.ID, Version: ref.Version, Cell: cell, Repetition: rep}); err != nil {
			return err
		}
		p := base
		p.Requests = r.plan.requests
		s := sampler.Start(m.server.PID())
		res, err := driver.Run(ctx, p)
		usage := s.Stop()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			return fail(m.security, message.PhaseMeasure, "error: "+err.Error(), m.server.Log())
		}
		if m.server.Exited() {
			return fail(m.security, message.PhaseMeasure, fmt.Sprintf("error: the server exited during repetition %d", rep), m.server.Log())
		}
		hist, err := stats.Encode(res.Latency)
		if err != nil {
			return fail(m.security, message.PhaseMeasure, "error: encoding the histogram: "+err.Error(), "")
		}
		seconds := res.Elapsed.Seconds()
		if err := r.events.emit(ctx, message.Measured, message.Measurement{
			Stack: ref.ID, Version: ref.Version, Cell: cell, Repetition: rep,
			Requests: res.Requests, Errors: res.Errors, ElapsedSeconds: seconds,
			Throughput: stats.Throughput(res.Requests, seconds), LatencyMs: stats.Latency(res.Latency),
			Histogram: hist, ServerCPUSeconds: usage.CPUSeconds, PeakRSSBytes: usage.PeakRSSBytes,
			DriverCPUSeconds: res.DriverCPUSeconds, BytesSent: res.BytesSent, BytesReceived: res.BytesReceived,
			BuildSeconds: m.built.Seconds, StartupSeconds: m.server.StartupSeconds, Versions: m.versions,
		}); err != nil {
			return err
		}
	}
	return nil
}
