package message

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemasDir holds the schemas shared with the backend.
const schemasDir = "../../../schemas"

func compile(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	files, err := filepath.Glob(filepath.Join(schemasDir, "*.schema.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no schemas in %s: %v", schemasDir, err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := c.AddResource("https://soapbench.dev/schemas/"+filepath.Base(f), doc); err != nil {
			t.Fatal(err)
		}
	}
	s, err := c.Compile("https://soapbench.dev/schemas/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, v any) error {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(doc)
}

const runID = "6f1c2b0e-8a7d-4c1e-9b2a-0d3e4f5a6b7c"

var fp = Fingerprint{CPUModel: "Xeon", Cores: 2, MemoryBytes: 4 << 30, Kernel: "6.1.0", CPUSharing: "shared"}

func event(kind EventKind, payload any) RunEvent {
	return RunEvent{SchemaVersion: SchemaVersion, RunID: runID, WorkerID: "w1", Seq: 1, Attempt: 1, Kind: kind,
		At: time.Date(2026, 11, 22, 1, 2, 3, 0, time.UTC), Payload: payload}
}

func TestEventsMatchSchema(t *testing.T) {
	cell := Cell{Security: "plain", Connections: 25, Requests: 2000, KeepAlive: true}
	tests := []struct {
		name string
		ev   RunEvent
	}{
		// The first event of every attempt.
		{"accepted", event(Accepted, AcceptedPayload{HardwareClass: "local", Fingerprint: fp})},
		// Building, with the security mode being built.
		{"building", event(Building, StackPayload{Stack: "gsoap", Version: "2.8.124", Security: "plain"})},
		// Built, carrying the runner's version output.
		{"built", event(Built, BuiltPayload{Stack: "gsoap", Version: "2.8.124", Versions: map[string]any{"stack": "gsoap"}, BuildSeconds: 8.1, Log: "ok"})},
		// A wrong answer.
		{"verify_failed", event(VerifyFailed, VerifyFailedPayload{Stack: "cxf", Version: "4.2.3", Operation: "echo", Reason: "/x: expected 1, got 2"})},
		// A failed build.
		{"stack_failed", event(StackFailed, StackFailedPayload{Stack: "cxf", Version: "4.2.3", Phase: PhaseBuild, Reason: "unsupported: rpc/encoded", Log: ""})},
		// One repetition starting.
		{"measuring", event(Measuring, MeasuringPayload{Stack: "cxf", Version: "4.2.3", Cell: cell, Repetition: 1})},
		// One repetition's numbers.
		{"measurement", event(Measured, Measurement{Stack: "cxf", Version: "4.2.3", Cell: cell, Repetition: 1, Requests: 2000,
			Errors: map[string]int64{"timeout": 1}, ElapsedSeconds: 1.5, Throughput: 1333, LatencyMs: LatencyMs{Min: 0.1, Mean: 1, P50: 1, P90: 2, P99: 3, P999: 4, Max: 5},
			Histogram: "HISTFAAAAB", ServerCPUSeconds: 1.2, PeakRSSBytes: 1 << 20, Versions: map[string]any{"stack": "cxf"}})},
		// The end of a run.
		{"completed", event(Completed, struct{}{})},
		// A run that cannot proceed.
		{"failed", event(Failed, FailedPayload{Reason: "bundle path \"../x\": empty, '.' or '..' segment"})},
	}
	s := compile(t, "run-event.schema.json")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := validate(t, s, tt.ev); err != nil {
				t.Errorf("%s event does not match the schema: %v", tt.name, err)
			}
		})
	}
}

func TestMeasurementPayloadMatchesItsDefinition(t *testing.T) {
	c := jsonschema.NewCompiler()
	raw, _ := os.ReadFile(filepath.Join(schemasDir, "run-event.schema.json"))
	doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	c.AddResource("https://soapbench.dev/schemas/run-event.schema.json", doc)
	for _, name := range []string{"fingerprint.schema.json"} {
		r, _ := os.ReadFile(filepath.Join(schemasDir, name))
		d, _ := jsonschema.UnmarshalJSON(bytes.NewReader(r))
		c.AddResource("https://soapbench.dev/schemas/"+name, d)
	}
	s, err := c.Compile("https://soapbench.dev/schemas/run-event.schema.json#/$defs/measurement")
	if err != nil {
		t.Fatal(err)
	}
	m := Measurement{Stack: "cxf", Version: "4.2.3", Cell: Cell{Security: "plain", Connections: 1, Requests: 1}, Repetition: 1,
		Errors: map[string]int64{}, Versions: map[string]any{}}
	if err := validate(t, s, m); err != nil {
		t.Errorf("zero measurement does not match $defs/measurement: %v", err)
	}
}

func TestHeartbeatMatchesSchema(t *testing.T) {
	s := compile(t, "heartbeat.schema.json")
	run := runID
	tests := []struct {
		name string
		hb   Heartbeat
	}{
		// An idle worker: currentRunId is null.
		{"idle", Heartbeat{SchemaVersion: 1, WorkerID: "w1", HardwareClass: "local", Fingerprint: fp, At: time.Now().UTC()}},
		// A busy worker with one unavailable stack.
		{"busy", Heartbeat{SchemaVersion: 1, WorkerID: "w1", HardwareClass: "local", Fingerprint: fp, CurrentRunID: &run,
			Stacks: []StackState{{ID: "gsoap", Available: true}, {ID: "wsf", Available: false, Reason: "unavailable: no toolchain"}}, At: time.Now().UTC()}},
	}
	for _, tt := range tests {
		if err := validate(t, s, tt.hb); err != nil {
			t.Errorf("%s heartbeat does not match the schema: %v", tt.name, err)
		}
	}
}

func TestRunJobRoundTripsThroughSchema(t *testing.T) {
	s := compile(t, "run-job.schema.json")
	conns, reqs := 25, 2000
	catalog := "echo"
	job := RunJob{SchemaVersion: 1, RunID: runID, Attempt: 1, HardwareClass: "local", ConfigHash: "ab12", CatalogID: &catalog,
		Bundle:   Bundle{Entry: "echo.wsdl", Files: []BundleFile{{Path: "echo.wsdl", ContentBase64: "PGRlZmluaXRpb25zLz4="}}},
		Samples:  []Sample{{Operation: "echo", SOAPAction: "urn:echo", SOAPVersion: "1.1", Request: "<e/>", Response: "<e/>"}},
		Stacks:   []StackRef{{ID: "gsoap", Version: "2.8.124"}},
		Workload: Workload{Stacks: []string{"gsoap"}, Load: &Load{Model: "closed", Connections: &conns, Requests: &reqs}, Security: []string{"plain"}},
	}
	if err := validate(t, s, job); err != nil {
		t.Fatalf("RunJob does not match the schema: %v", err)
	}
	// A path with '..' is refused by the schema as well as by the worker.
	job.Bundle.Files[0].Path = "/etc/passwd"
	if err := validate(t, s, job); err == nil {
		t.Error("an absolute bundle path passed the schema")
	}
}
