package job

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
)

const fakeStacks = "../../testdata/stacks"

// TestMain keeps the tests' builds out of the machine's sealed build cache,
// and its entries out of the tests: a hit would skip the build a test means.
func TestMain(m *testing.M) {
	cache, err := os.MkdirTemp("", "job-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("SOAPBENCH_BUILD_CACHE", cache)
	code := m.Run()
	runner.RemoveCache(cache)
	if builtWorker.dir != "" {
		os.RemoveAll(builtWorker.dir)
	}
	os.Exit(code)
}

// recorder keeps every published event, as the broker would.
type recorder struct {
	mu     sync.Mutex
	events []message.RunEvent
}

func (r *recorder) publish(_ context.Context, ev message.RunEvent) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, ev)
	return nil
}

// kinds lists the events as "kind" or "kind:stack".
func (r *recorder) kinds() []string {
	var out []string
	for _, ev := range r.events {
		raw, _ := json.Marshal(ev.Payload)
		var p struct {
			Stack string `json:"stack"`
		}
		json.Unmarshal(raw, &p)
		k := string(ev.Kind)
		if p.Stack != "" {
			k += ":" + p.Stack
		}
		out = append(out, k)
	}
	return out
}

// sandboxDir is a t.TempDir() that the sandbox user can pass through, as
// the worker's work folder must be: Go makes the test's folders 0700.
func sandboxDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o711); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// testExecutor is an Executor of its own (work folder, machine lock) that
// never redoes a measurement, so tests of runs may share the machine: those
// that only check what a run reports call t.Parallel. Tests stay serial
// when they set environment variables (the fake native client's), change
// the package's warm-up windows, check how long something lasted (a warm-up
// or the extension of a short measurement: a neighbour's load would move
// it), or share the broker's run and control exchange (the integration tests).
func testExecutor(t *testing.T) *Executor {
	t.Helper()
	stacks, err := runner.Discover(fakeStacks)
	if err != nil {
		t.Fatal(err)
	}
	return &Executor{Stacks: stacks, WorkRoot: sandboxDir(t), WorkerID: "w1", HardwareClass: "local",
		Fingerprint: message.Fingerprint{CPUModel: "x", Cores: 2, MemoryBytes: 1, Kernel: "k"},
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		// Neighbours on a shared test machine must not make runs retry:
		// retries are tested on their own.
		Disturbance: Thresholds{StealPercent: 100, OtherBusyPercent: 100},
		// The fake stacks ignore WS-Security: a stand-in checker sends their samples unsecured.
		SecurityDir: securityStandIn}
}

const securityStandIn = "../../testdata/security-stand-in"

// echoJob is the catalog's echo service for the given stacks.
func echoJob(t *testing.T, stacks ...string) message.RunJob {
	t.Helper()
	read := func(p string) string {
		b, err := os.ReadFile("../../../wsdl-catalog/echo/" + p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	conns, reqs, warm, reps := 4, 200, 20, 2
	// No minimum length: a test's fake server answers 200 requests in a
	// blink, and the tests of the extension set their own.
	noMinimum := 0.0
	job := message.RunJob{SchemaVersion: 1, RunID: "6f1c2b0e-8a7d-4c1e-9b2a-0d3e4f5a6b7c", Attempt: 1, HardwareClass: "local", ConfigHash: "x",
		Bundle: message.Bundle{Entry: "echo.wsdl", Files: []message.BundleFile{file("echo.wsdl", read("echo.wsdl"))}},
		Samples: []message.Sample{{Operation: "echo", SOAPAction: "urn:soapbench:echo:echo", SOAPVersion: "1.1",
			Request: read("samples/echo.request.xml"), Response: read("samples/echo.response.xml")}},
		Workload: withSchemaDefaults(t, message.Workload{Stacks: stacks, Load: &message.Load{Connections: &conns, Requests: &reqs, MinSeconds: &noMinimum},
			Warmup: &message.Warmup{Requests: &warm}, Repetitions: &reps}),
	}
	for _, s := range stacks {
		job.Stacks = append(job.Stacks, message.StackRef{ID: s, Version: "1.0.0"})
	}
	return job
}

func TestRunReportsEveryStack(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	rec := &recorder{}
	job := echoJob(t, "fake-unsupported", "fake", "fake-wrong", "fake-unavailable", "nosuch")
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"accepted",
		"building:fake-unsupported", "stack_failed:fake-unsupported",
		"building:fake", "built:fake", "verified:fake",
		"building:fake-wrong", "built:fake-wrong", "verify_failed:fake-wrong",
		"stack_failed:fake-unavailable",
		"stack_failed:nosuch",
		"measuring:fake", "measurement:fake", "measuring:fake", "measurement:fake",
		"completed",
	}
	got := rec.kinds()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("events:\n got %v\nwant %v", got, want)
	}
	for i, ev := range rec.events {
		if ev.Seq != i+1 || ev.Attempt != 1 || ev.RunID != job.RunID || ev.WorkerID != "w1" {
			t.Errorf("event %d = seq %d attempt %d run %s worker %s; want seq %d of this run", i, ev.Seq, ev.Attempt, ev.RunID, ev.WorkerID, i+1)
		}
	}
	failed := rec.events[2].Payload.(message.StackFailedPayload)
	if failed.Phase != message.PhaseBuild || !strings.HasPrefix(failed.Reason, "unsupported: rpc/encoded binding") || !strings.Contains(failed.Log, "some build log") {
		t.Errorf("stack_failed payload = %+v, want phase build with the runner's reason and log", failed)
	}
	m := rec.events[12].Payload.(message.Measurement)
	if m.Requests != 200 || len(m.Errors) != 0 || m.Throughput <= 0 || m.LatencyMs.P50 <= 0 || m.Histogram == "" {
		t.Errorf("measurement = %d requests, errors %v, %.0f/s, p50 %.3f ms: want 200 correct with latency", m.Requests, m.Errors, m.Throughput, m.LatencyMs.P50)
	}
	if m.Cell.Operation != "echo" || m.Cell.Connections != 4 || !m.Cell.KeepAlive || m.Versions["stack"] != "fake" {
		t.Errorf("measurement cell %+v versions %v", m.Cell, m.Versions)
	}
	if m.PeakRSSBytes <= 0 || m.StartupSeconds <= 0 || m.BuildSeconds <= 0 {
		t.Errorf("measurement rss %d startup %.2f build %.2f: want all measured", m.PeakRSSBytes, m.StartupSeconds, m.BuildSeconds)
	}
	unavailable := rec.events[9].Payload.(message.StackFailedPayload)
	if unavailable.Reason != "unavailable: the fake toolchain is not installed" {
		t.Errorf("unavailable reason = %q", unavailable.Reason)
	}
}

func TestRunFailsOnUnsafeBundle(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	rec := &recorder{}
	job := echoJob(t, "fake")
	job.Bundle.Files = append(job.Bundle.Files, file("../../escape.xsd", "x"))
	if err := x.Run(context.Background(), job, 2, rec.publish); err != nil {
		t.Fatal(err)
	}
	got := rec.kinds()
	if strings.Join(got, " ") != "accepted failed" {
		t.Fatalf("events %v, want accepted then failed", got)
	}
	if r := rec.events[1].Payload.(message.FailedPayload).Reason; !strings.Contains(r, "../../escape.xsd") {
		t.Errorf("failed reason %q does not name the bad path", r)
	}
}

func TestRunStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	ctx, cancel := context.WithCancel(context.Background())
	rec := &recorder{}
	publish := func(c context.Context, ev message.RunEvent) error {
		if ev.Kind == message.Built {
			cancel()
		}
		return rec.publish(c, ev)
	}
	err := x.Run(ctx, echoJob(t, "fake", "fake"), 1, publish)
	if err == nil {
		t.Fatal("Run() = nil after cancellation, want an error so the job is requeued")
	}
	for _, k := range rec.kinds() {
		if k == "completed" || k == "failed" {
			t.Errorf("a cancelled run published %s", k)
		}
	}
}

func TestPublishedFailuresHideTheWorkersPaths(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	rec := &recorder{}
	if err := x.Run(context.Background(), echoJob(t, "fake-unsupported"), 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	stacksRoot := filepath.Dir(x.Stacks[0].Dir)
	found := false
	for _, ev := range rec.events {
		raw, _ := json.Marshal(ev.Payload)
		if strings.Contains(string(raw), x.WorkRoot) || strings.Contains(string(raw), stacksRoot) {
			t.Errorf("%s event shows an internal path: %s", ev.Kind, raw)
		}
		found = found || strings.Contains(string(raw), "\\u003cwork\\u003e")
	}
	if !found {
		t.Error("no event names the run's folder by its placeholder: the test shows nothing")
	}
}

// A compatibility check builds, serves and verifies every stack, says which
// answered correctly, and measures nothing.
func TestCheckVerifiesEveryStackAndMeasuresNothing(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	rec := &recorder{}
	job := echoJob(t, "fake-unsupported", "fake", "fake-wrong")
	job.Workload.Mode = "check"
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	want := "accepted building:fake-unsupported stack_failed:fake-unsupported building:fake built:fake verified:fake " +
		"building:fake-wrong built:fake-wrong verify_failed:fake-wrong completed"
	if got := strings.Join(rec.kinds(), " "); got != want {
		t.Fatalf("events:\n got %s\nwant %s", got, want)
	}
}
