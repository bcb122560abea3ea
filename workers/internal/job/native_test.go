package job

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/samples"
)

// What a workload may ask of the native driver is the backend's to decide
// (runs/NativeDriver.java); the worker runs the driver the job names, and
// only one it knows.
func TestNativeDriverIsTakenAsTheJobNamesIt(t *testing.T) {
	all := []samples.Sample{{Operation: "echo", SOAPVersion: "1.1", Request: []byte("<q/>"), Response: []byte("<r/>")}}
	w := withSchemaDefaults(t, message.Workload{Stacks: []string{"fake"}, Driver: DriverNative, Load: &message.Load{Connections: ptr(2), Requests: ptr(10)}})
	p, err := resolve(w, all)
	if err != nil || p.driver != DriverNative || p.cell("plain").Driver != DriverNative {
		t.Fatalf("resolve() = driver %q, %v; want native", p.driver, err)
	}
	w.Driver = "wrk"
	if _, err := resolve(w, all); err == nil || !strings.Contains(err.Error(), `driver "wrk"`) {
		t.Fatalf("resolve() error = %v, want one naming driver \"wrk\"", err)
	}
}

// driveLine is a summary as a native client prints it: latencies 1..n ms,
// the last `failed` of them faults.
func driveLine(t *testing.T, n, failed int, elapsed float64) string {
	t.Helper()
	h := hdrhistogram.New(1, 3_600_000_000, 3)
	for i := 1; i <= n; i++ {
		h.RecordValue(int64(i) * 1000)
	}
	enc, err := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`{"requests":%d,"errors":{"SOAPFaultException":%d},"elapsedSeconds":%g,"latencyUs":{"p50":0,"p90":0,"p99":0,"max":0},"histogram":"%s"}`,
		n, failed, elapsed, enc)
}

// nativeExecutor runs fake-native unconfined, so that its drive can leave
// its arguments in a file of the test, and hands it the variables that say
// what it prints.
func nativeExecutor(t *testing.T) *Executor {
	x := testExecutor(t)
	for i := range x.Stacks {
		x.Stacks[i].Sandbox = runner.Sandbox{Mode: runner.SandboxNone, Env: []string{"FAKE_DRIVE_ARGS", "FAKE_DRIVE_LINE", "FAKE_DRIVE_FAIL", "FAKE_DRIVE_LOG"}}
	}
	return x
}

func nativeJob(t *testing.T, requests int, stacks ...string) message.RunJob {
	job := echoJob(t, stacks...)
	reps := 1
	job.Workload.Driver, job.Workload.Load.Requests, job.Workload.Repetitions = DriverNative, &requests, &reps
	return job
}

func TestNativeRunMeasuresWithTheStacksClient(t *testing.T) {
	x := nativeExecutor(t)
	args := filepath.Join(t.TempDir(), "args.json")
	t.Setenv("FAKE_DRIVE_ARGS", args)
	t.Setenv("FAKE_DRIVE_LINE", driveLine(t, 10, 2, 0.5))
	rec := &recorder{}
	if err := x.Run(context.Background(), nativeJob(t, 10, "fake", "fake-native"), 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	want := "accepted stack_failed:fake building:fake-native built:fake-native verified:fake-native measuring:fake-native measurement:fake-native completed"
	if got := strings.Join(rec.kinds(), " "); got != want {
		t.Fatalf("events:\n got %s\nwant %s", got, want)
	}
	// A stack without a native client is unsupported, and never built.
	unsupported := rec.events[1].Payload.(message.StackFailedPayload)
	if unsupported.Phase != message.PhaseMeasure || !strings.HasPrefix(unsupported.Reason, "unsupported: native client: fake declares none") {
		t.Errorf("fake without a native client: %+v, want phase measure and an unsupported reason", unsupported)
	}

	m := rec.events[6].Payload.(message.Measurement)
	if m.Requests != 8 || m.Errors["SOAPFaultException"] != 2 || m.ErrorRatio != 0.2 {
		t.Errorf("measurement: %d correct, errors %v, ratio %g; want 8 correct of 10 with 2 faults", m.Requests, m.Errors, m.ErrorRatio)
	}
	if m.ElapsedSeconds != 0.5 || math.Abs(m.Throughput-16) > 1e-9 {
		t.Errorf("measurement: %g s, %g/s; want the client's 0.5 s and 8 correct / 0.5 s", m.ElapsedSeconds, m.Throughput)
	}
	if math.Abs(m.LatencyMs.P50-5) > 0.01 || math.Abs(m.LatencyMs.Max-10) > 0.01 || math.Abs(m.LatencyMs.Mean-5.5) > 0.01 {
		t.Errorf("latency %+v, want the client's histogram of 1..10 ms", m.LatencyMs)
	}
	h, err := hdrhistogram.Decode([]byte(m.Histogram))
	if err != nil || h.TotalCount() != 10 {
		t.Errorf("reported histogram: %v, %v; want the client's 10 values", h, err)
	}
	if m.Cell.Driver != DriverNative || m.DriverCPUSeconds <= 0 || m.PeakRSSBytes <= 0 || m.DriverPeakRSSBytes <= 0 || m.Warmup == nil || m.Warmup.Requests != 20 {
		t.Errorf("cell driver %q, driver CPU %g s, server RSS %d, warm-up %+v: want native, the drive's CPU, the server sampled, the neutral warm-up",
			m.Cell.Driver, m.DriverCPUSeconds, m.PeakRSSBytes, m.Warmup)
	}

	if m.ClientTimedCPUSeconds != nil {
		t.Errorf("client's timed CPU %g s, want none: the summary line gave no cpuSeconds", *m.ClientTimedCPUSeconds)
	}

	raw, err := os.ReadFile(args)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Build, Endpoint, Requests  string
		Concurrency, Count, Warmup int
	}
	json.Unmarshal(raw, &got)
	if got.Concurrency != 4 || got.Count != 10 || got.Warmup != 20 || !strings.HasPrefix(got.Endpoint, "http://127.0.0.1:") || !strings.HasSuffix(got.Build, "build/1-fake-native/plain/out") {
		t.Errorf("drive arguments %+v, want the load's 4 connections, its 10 requests after the workload's 20 warm-up ones, the server and its build", got)
	}
}

// A client's own count of its measured requests' CPU time is kept, and held
// to the whole drive's, which includes it.
func TestTheClientsTimedCPUIsKeptWithinTheDrives(t *testing.T) {
	for _, tt := range []struct {
		name     string
		reported *float64
		whole    float64
		want     *float64
	}{
		{"not reported", nil, 1.5, nil},
		{"within the drive's", ptr(0.4), 1.5, ptr(0.4)},
		{"more than the drive's", ptr(9.0), 1.5, ptr(1.5)},
		{"the drive's not counted", ptr(0.4), 0, ptr(0.4)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := timedCPUSeconds(tt.reported, tt.whole)
			if (got == nil) != (tt.want == nil) || (got != nil && *got != *tt.want) {
				t.Fatalf("timedCPUSeconds(%v, %g) = %v, want %v", tt.reported, tt.whole, got, tt.want)
			}
		})
	}
}

// A variant's client settings concern the native client too: the drive is told the variant.
func TestNativeRunTellsTheDriveItsVariant(t *testing.T) {
	x := nativeExecutor(t)
	args := filepath.Join(t.TempDir(), "args.json")
	t.Setenv("FAKE_DRIVE_ARGS", args)
	t.Setenv("FAKE_DRIVE_LINE", driveLine(t, 10, 0, 0.5))
	job := nativeJob(t, 10, "fake-native")
	job.Stacks[0].Variant, job.Stacks[0].Version = "tagged", "1.0.0+tagged"
	rec := &recorder{}
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rec.kinds(), " "); !strings.Contains(got, "measurement:fake-native") {
		t.Fatalf("events %s: want a measurement of fake-native", got)
	}
	raw, err := os.ReadFile(args)
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Variant string }
	json.Unmarshal(raw, &got)
	if got.Variant != "tagged" {
		t.Errorf("drive told variant %q, want tagged", got.Variant)
	}
}

func TestNativeDriveFailures(t *testing.T) {
	tests := []struct {
		name       string
		line, fail string
		wantReason string
	}{
		// The runner says its stack has no client after all: unsupported, not failed.
		{"runner unsupported", "", "unsupported: native client", "unsupported: native client"},
		// The client crashed with the contract's error line.
		{"client error", "", "error: connection refused", "error: connection refused"},
		// A summary without a histogram breaks the contract.
		{"no histogram", `{"requests":10,"errors":{},"elapsedSeconds":1}`, "", "error: drive: the summary has no latency histogram"},
		// A histogram that does not hold the requests counted.
		{"histogram disagrees", strings.Replace(driveLine(t, 10, 0, 1), `"requests":10`, `"requests":11`, 1), "", "counts 11 requests but its histogram 10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := nativeExecutor(t)
			t.Setenv("FAKE_DRIVE_LINE", tt.line)
			t.Setenv("FAKE_DRIVE_FAIL", tt.fail)
			rec := &recorder{}
			if err := x.Run(context.Background(), nativeJob(t, 10, "fake-native"), 1, rec.publish); err != nil {
				t.Fatal(err)
			}
			last := rec.events[len(rec.events)-2]
			p, ok := last.Payload.(message.StackFailedPayload)
			if !ok || p.Phase != message.PhaseMeasure || !strings.Contains(p.Reason, tt.wantReason) {
				t.Fatalf("event before the end = %s %+v, want stack_failed in measure with %q", last.Kind, last.Payload, tt.wantReason)
			}
			if rec.events[len(rec.events)-1].Kind != message.Completed {
				t.Errorf("the run did not complete after the stack failed")
			}
		})
	}
}

// A workload with mtom has the stack's own client send MTOM: the drive is told so.
func TestNativeRunTellsTheDriveItsMTOM(t *testing.T) {
	x := nativeExecutor(t)
	t.Setenv("FAKE_DRIVE_LINE", driveLine(t, 10, 0, 0.5))
	for _, mtom := range []bool{false, true} {
		args := filepath.Join(t.TempDir(), "args.json")
		t.Setenv("FAKE_DRIVE_ARGS", args)
		job := nativeJob(t, 10, "fake-native")
		job.Workload.MTOM = mtom
		rec := &recorder{}
		if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(rec.kinds(), " "); !strings.Contains(got, "measurement:fake-native") {
			t.Fatalf("mtom %v: events %s: want a measurement of fake-native", mtom, got)
		}
		raw, err := os.ReadFile(args)
		if err != nil {
			t.Fatal(err)
		}
		var got struct{ MTOM bool }
		json.Unmarshal(raw, &got)
		if got.MTOM != mtom {
			t.Errorf("workload mtom %v: drive told mtom %v", mtom, got.MTOM)
		}
	}
}

// A stack whose client does not claim MTOM is not driven with it: its
// client would send base64Binary content inline under an MTOM label.
func TestNativeMTOMNeedsAClientThatClaimsIt(t *testing.T) {
	job := nativeJob(t, 10, "fake-native")
	job.Workload.MTOM = true
	r := &run{job: job, plan: plan{driver: DriverNative}}
	claims := runner.Stack{Manifest: runner.Manifest{ID: "s", Features: runner.Features{NativeClient: true, NativeClientMTOM: true}}}
	if why := r.nativeUnsupported(claims); why != "" {
		t.Errorf("a client claiming MTOM: %q, want none", why)
	}
	inline := runner.Stack{Manifest: runner.Manifest{ID: "s", Features: runner.Features{NativeClient: true}}}
	if why := r.nativeUnsupported(inline); !strings.HasPrefix(why, "unsupported: native client MTOM: s") || !strings.Contains(why, "features.nativeClientMtom") {
		t.Errorf("a client not claiming MTOM: %q, want unsupported naming features.nativeClientMtom", why)
	}
	r.job.Workload.MTOM = false
	if why := r.nativeUnsupported(inline); why != "" {
		t.Errorf("without mtom: %q, want none", why)
	}
}
