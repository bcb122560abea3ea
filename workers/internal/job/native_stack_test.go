package job

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
)

// TestNativeClientOfGSOAP measures the catalog echo service with gSOAP's own
// generated client through the real runner: build, serve, the worker's
// verification, a neutral warm-up, then `runner drive`.
func TestNativeClientOfGSOAP(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds gSOAP's echo server and client (about 15 s); skipped with -short")
	}
	if _, err := exec.LookPath("soapcpp2"); err != nil {
		t.Skip("gSOAP is not installed (no soapcpp2 on PATH): apt-get install gsoap libgsoap-dev")
	}
	stacks, err := runner.Discover("../../../stack-runners")
	if err != nil {
		t.Fatal(err)
	}
	gsoap, ok := runner.Find(stacks, "gsoap")
	if !ok {
		t.Fatal("no stack-runners/gsoap")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if _, err := gsoap.Version(ctx); err != nil {
		t.Skipf("gSOAP cannot run here: %v", err)
	}

	x := testExecutor(t)
	x.Stacks = []runner.Stack{gsoap}
	job := nativeJob(t, 2000, "gsoap")
	job.Stacks[0].Version = gsoap.DefaultVersion()
	catalog := "echo"
	job.CatalogID = &catalog
	rec := &recorder{}
	if err := x.Run(ctx, job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	var m *message.Measurement
	for _, ev := range rec.events {
		switch p := ev.Payload.(type) {
		case message.Measurement:
			m = &p
		case message.StackFailedPayload:
			if strings.Contains(p.Reason, "no latency histogram") {
				t.Skipf("gSOAP's native client breaks the drive contract, so the run cannot measure it: %s", p.Reason)
			}
			t.Fatalf("gsoap failed in %s: %s\n%s", p.Phase, p.Reason, p.Log)
		case message.VerifyFailedPayload:
			t.Fatalf("gsoap failed verification: %s", p.Reason)
		}
	}
	if m == nil {
		t.Fatalf("no measurement; events %v", rec.kinds())
	}
	timed := -1.0
	if m.ClientTimedCPUSeconds != nil {
		timed = *m.ClientTimedCPUSeconds
	}
	t.Logf("gSOAP native client, echo, 4 connections: %d requests in %.3f s, %.0f/s, p50 %.3f ms, p99 %.3f ms, client CPU %.2f s (%.3f s over the measured requests), server CPU %.2f s",
		m.Requests, m.ElapsedSeconds, m.Throughput, m.LatencyMs.P50, m.LatencyMs.P99, m.DriverCPUSeconds, timed, m.ServerCPUSeconds)
	if m.Cell.Driver != DriverNative || m.Requests+int64(len(m.Errors)) < 2000 || len(m.Errors) != 0 {
		t.Errorf("measurement: driver %q, %d correct, errors %v; want 2000 correct answers from the native client", m.Cell.Driver, m.Requests, m.Errors)
	}
	if m.Throughput <= 0 || m.LatencyMs.P50 <= 0 || m.LatencyMs.P50 > m.LatencyMs.P99 || m.DriverCPUSeconds <= 0 || m.ServerCPUSeconds <= 0 {
		t.Errorf("measurement %+v: want throughput, ordered percentiles and both processes' CPU", m)
	}
	// The client counts its measured requests' CPU itself: part of the drive's, which adds its
	// start-up, its request plan and its warm-up process.
	if c := m.ClientTimedCPUSeconds; c == nil || *c <= 0 || *c > m.DriverCPUSeconds {
		t.Errorf("client's timed CPU %v, want more than 0 and at most the drive's %g s", c, m.DriverCPUSeconds)
	}
}
