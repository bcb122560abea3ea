package job

import (
	"context"
	"fmt"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/runner"
)

// The drivers a workload may name. What a workload may ask of the native
// driver (the closed model, a request count, keep-alive, no content check) the
// backend decides (runs/NativeDriver.java) before the job is sent.
const (
	DriverNeutral = "neutral"
	DriverNative  = "native"
)

// nativeUnsupported is why stack cannot measure with its own client, or ""
// when it can or the workload does not ask it to.
func (r *run) nativeUnsupported(stack runner.Stack) string {
	// Check and interop runs ignore the workload's driver; an interop run
	// tells each cell whether its client can send (interop.go).
	if r.plan.driver != DriverNative || r.job.Workload.CheckOnly() || r.job.Workload.IsInterop() {
		return ""
	}
	if !stack.Features.NativeClient {
		return fmt.Sprintf("unsupported: native client: %s declares none (stack.json features.nativeClient)", stack.ID)
	}
	if r.job.Workload.MTOM && !stack.Features.NativeClientMTOM {
		// The backend refuses this pairing; a job that carries it anyway would
		// time base64Binary content sent inline under an MTOM label.
		return fmt.Sprintf("unsupported: native client MTOM: %s's client does not send MTOM (stack.json features.nativeClientMtom)", stack.ID)
	}
	return ""
}

// driveNative is one measured load sent by the stack's own client: `runner
// drive` sends the workload's warm-up requests and then count requests
// over the workload's connections; only the latter are timed.
func (r *run) driveNative(ctx context.Context, t *target, count int) (try, error) {
	return r.drive(ctx, t, count, r.plan.warmupRequests)
}

// drive is one run of the stack's own client: warmup requests, then count
// timed ones.
func (r *run) drive(ctx context.Context, t *target, count, warmup int) (try, error) {
	dr, err := t.stack.Drive(ctx, runner.DriveRequest{
		BuildDir: t.buildDir, Endpoint: t.server.URL, RequestsDir: t.side.nativeRequestsDir,
		Concurrency: r.plan.connections, Count: count, Warmup: warmup,
		Timeout: r.DriveTimeout, Net: t.server.Net, Variant: t.ref.Variant,
		MTOM: r.job.Workload.MTOM,
	})
	if err != nil {
		return try{}, err
	}
	res, err := nativeResult(dr.Summary, dr.CPUSeconds)
	if err != nil {
		return try{}, &runner.Failure{Kind: runner.Error, Reason: "error: drive: " + err.Error(), Log: dr.Log}
	}
	return try{res: res, driverPeakRSS: dr.PeakRSSBytes}, nil
}

// timedCPUSeconds is the client's CPU time over the measured requests as
// it reported it, held to the whole drive's where the drive's cgroup or
// samples counted one: the measured requests are part of the drive, and a
// client printing its own summary is no more trusted than its stack.
func timedCPUSeconds(reported *float64, whole float64) *float64 {
	if reported == nil {
		return nil
	}
	v := *reported
	if whole > 0 {
		v = min(v, whole)
	}
	return &v
}

// nativeResult is a drive's summary as the neutral driver would have
// reported it: requests answered correctly, errors by the client's kinds,
// the client's own elapsed time, and its latency histogram decoded.
func nativeResult(sum runner.DriveSummary, cpuSeconds float64) (driver.Result, error) {
	h, err := hdrhistogram.Decode([]byte(sum.Histogram))
	if err != nil {
		return driver.Result{}, fmt.Errorf("the summary's histogram is not HdrHistogram V2 compressed base64: %v", err)
	}
	if h.TotalCount() != sum.Requests {
		return driver.Result{}, fmt.Errorf("the summary counts %d requests but its histogram %d", sum.Requests, h.TotalCount())
	}
	errors := map[string]int64{}
	var failed int64
	for kind, n := range sum.Errors {
		if n > 0 {
			errors[kind] = n
			failed += n
		}
	}
	return driver.Result{
		Requests:              sum.Requests - failed,
		Errors:                errors,
		Elapsed:               time.Duration(sum.ElapsedSeconds * float64(time.Second)),
		Latency:               h,
		DriverCPUSeconds:      cpuSeconds,
		ClientTimedCPUSeconds: timedCPUSeconds(sum.CPUSeconds, cpuSeconds),
	}, nil
}
