package job

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
)

// A cold plan starts the server again before every measurement and gives
// a JVM stack no JIT warm-up: each measurement is of a fresh process.
func TestAColdMeasurementIsOfAServerStartedJustBeforeIt(t *testing.T) {
	serves := filepath.Join(t.TempDir(), "serves")
	t.Setenv("FAKE_SERVE_LOG", serves)
	x := testExecutor(t)
	for i := range x.Stacks {
		x.Stacks[i].Sandbox = runner.Sandbox{Mode: runner.SandboxNone, Env: []string{"FAKE_SERVE_LOG"}}
	}
	// A warm plan would spend at least this before fake-jvm's first measurement.
	x.JVMWarmup = 30 * time.Second
	rec := &recorder{}
	job := echoJob(t, "fake-jvm")
	reps, cold, none := 3, true, 0
	job.Workload.Repetitions = &reps
	job.Workload.Warmup = &message.Warmup{Requests: &none, Cold: &cold}
	started := time.Now()
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(started); took > x.JVMWarmup {
		t.Errorf("the run took %v: a JIT warm-up went first", took)
	}
	measured := 0
	for _, ev := range rec.events {
		if ev.Kind != message.Measured {
			continue
		}
		measured++
		m := ev.Payload.(message.Measurement)
		if !m.Warmup.Cold || m.Warmup.Requests != 0 || m.Warmup.Steady != nil || m.StartupSeconds <= 0 {
			t.Errorf("round %d: warm-up %+v, startup %.2f s: want cold, nothing sent, a start of its own", m.Repetition, *m.Warmup, m.StartupSeconds)
		}
		if m.ExtendedFrom != nil {
			t.Errorf("round %d extended from %+v: the first requests cannot be taken again longer", m.Repetition, *m.ExtendedFrom)
		}
	}
	if measured != reps {
		t.Fatalf("%d measurements, want %d; events %v", measured, reps, rec.kinds())
	}
	raw, err := os.ReadFile(serves)
	if err != nil {
		t.Fatal(err)
	}
	// One server verified, then one started for each measurement, each a new process.
	pids := strings.Fields(string(raw))
	distinct := map[string]bool{}
	for _, p := range pids {
		distinct[p] = true
	}
	if len(pids) != 1+reps || len(distinct) != len(pids) {
		t.Errorf("servers started: %v, want %d distinct processes", pids, 1+reps)
	}
}

// The first requests after a start cannot be taken again with more: a cold
// workload that asks for a minimum length is refused.
func TestAColdWorkloadThatWouldBeExtendedIsRefused(t *testing.T) {
	job := echoJob(t, "fake")
	cold, two := true, 2.0
	job.Workload.Warmup.Cold = &cold
	job.Workload.Load.MinSeconds = &two
	_, err := resolve(job.Workload, nil)
	if err == nil || !strings.Contains(err.Error(), "warmup.cold") {
		t.Fatalf("resolve: %v, want a refusal naming warmup.cold", err)
	}
}
