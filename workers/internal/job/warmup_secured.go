package job

import (
	"context"
	"fmt"
	"time"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/stats"
)

// Windows of a secured warm-up are drives of a request count: the first is
// firstDriveWindow requests, each later one sized from the last one's rate
// to last about steadyWindow, within these bounds.
const (
	firstDriveWindow = 200
	minDriveWindow   = 50
	maxDriveWindow   = 1_000_000
)

// warmUpSecured warms a server in a secured mode through the stack's own
// client. The worker's driver cannot secure its requests, and a secured
// server answers them with faults: that would warm the fault path and leave
// the security code cold. The workload's warm-up requests go with every
// measured drive (runner drive --warmup); here the workload's warm-up
// seconds, and for a JVM's first measurement its minimum and then windows
// until the rate is steady (steady.go), are sent as drives.
func (r *run) warmUpSecured(ctx context.Context, t *target) (message.WarmupDone, error) {
	d := r.plan.warmupDuration
	if t.jitWarmupDue() && d < r.JVMWarmup {
		d = r.JVMWarmup
	}
	var done message.WarmupDone
	start := time.Now()
	w := &driveWindows{r: r, t: t, count: firstDriveWindow}
	for time.Since(start) < d {
		n, _, err := w.window(ctx)
		done.Requests += n
		if err != nil {
			return done, fmt.Errorf("warm-up: %v", err)
		}
	}
	return r.finishWarmUp(ctx, t, w.window, start, done)
}

// driveWindows sends warm-up windows through the stack's own client.
type driveWindows struct {
	r     *run
	t     *target
	count int
}

// window is one drive of w.count requests; the client's own rate sizes the
// next one.
func (w *driveWindows) window(ctx context.Context) (int64, float64, error) {
	tr, err := w.r.drive(ctx, w.t, w.count, 0)
	if err != nil {
		return 0, 0, err
	}
	rate := stats.Throughput(tr.res.Requests, tr.res.Elapsed.Seconds())
	w.count = min(max(int(rate*steadyWindow.Seconds()), minDriveWindow), maxDriveWindow)
	return tr.res.Requests + tr.res.ErrorCount(), rate, nil
}
