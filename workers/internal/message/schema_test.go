package message

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
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
		{"accepted", event(Accepted, AcceptedPayload{HardwareClass: "local", Fingerprint: fp, Deliveries: 1})},
		// A job handed out a third time after outages, resuming two measurements.
		{"accepted after redelivery", event(Accepted, AcceptedPayload{HardwareClass: "local", Fingerprint: fp, Deliveries: 3, Redelivered: true, ResumedMeasurements: 2})},
		// A run stopped at its owner's request.
		{"cancelled", event(Cancelled, CancelledPayload{Reason: "cancelled by its owner"})},
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
		// One repetition measured by the stack's own client: no byte counts, the client's error kinds.
		{"native measurement", event(Measured, Measurement{Stack: "cxf", Version: "4.2.3", Repetition: 1, Requests: 999,
			Cell:   Cell{Security: "plain", Connections: 1, Requests: 1000, KeepAlive: true, Model: "closed", Driver: "native"},
			Errors: map[string]int64{"SOAPFaultException": 1}, ElapsedSeconds: 2, Throughput: 499.5, LatencyMs: LatencyMs{P50: 1},
			Histogram: "HISTFAAAAB", ServerCPUSeconds: 1.2, PeakRSSBytes: 1 << 20, DriverCPUSeconds: 3.5, Versions: map[string]any{"stack": "cxf"}})},
		// A stack with no native client, for a workload that asks for one.
		{"stack_failed unsupported driver", event(StackFailed, StackFailedPayload{Stack: "wsfcpp", Version: "2.1.0", Phase: PhaseMeasure, Reason: "unsupported: native client"})},
		// An interop cell that passed, with the client's figures.
		{"interop_cell pass", event(InteropCell, InteropCellPayload{Client: StackID{"cxf", "4.2.3"}, Server: StackID{"metro", "4.0.5"},
			Security: "sign", Outcome: OutcomePass, Requests: 200, ThroughputRPS: ptr(812.4), P50Ms: ptr(1.1), P99Ms: ptr(3.9),
			ClientCPUSeconds: ptr(0.42), ClientPeakRSSBytes: ptr(int64(123456789))})},
		// An interop cell whose client has no native client: no figures.
		{"interop_cell unsupported", event(InteropCell, InteropCellPayload{Client: StackID{"wsfcpp", "2.1.0"}, Server: StackID{"cxf", "4.2.3"},
			Security: "plain", Outcome: OutcomeUnsupported, Reason: "unsupported: native client: wsfcpp declares none"})},
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

// compileMeasurement is $defs/measurement, which the backend applies to
// the payload of every measurement event.
func compileMeasurement(t *testing.T) *jsonschema.Schema {
	t.Helper()
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
	return s
}

func TestMeasurementPayloadMatchesItsDefinition(t *testing.T) {
	s := compileMeasurement(t)
	m := Measurement{Stack: "cxf", Version: "4.2.3", Cell: Cell{Security: "plain", Connections: 1, Requests: 1}, Repetition: 1,
		Errors: map[string]int64{}, Versions: map[string]any{}}
	if err := validate(t, s, m); err != nil {
		t.Errorf("zero measurement does not match $defs/measurement: %v", err)
	}
}

func TestEventWithoutAttemptBreaksTheSchema(t *testing.T) {
	s := compile(t, "run-event.schema.json")
	ev := event(Completed, struct{}{})
	ev.Attempt = 0
	if err := validate(t, s, ev); err == nil {
		t.Error("an event with attempt 0 passed the schema: attempt is always set, from 1")
	}
}

func TestRunCancelMatchesSchema(t *testing.T) {
	s := compile(t, "run-cancel.schema.json")
	tests := []struct {
		name  string
		msg   any
		valid bool
	}{
		// What the backend sends.
		{"cancel", RunCancel{SchemaVersion: 1, RunID: runID, At: time.Now().UTC()}, true},
		// A run id that is no UUID.
		{"bad run id", RunCancel{SchemaVersion: 1, RunID: "../x", At: time.Now().UTC()}, false},
		// An unknown schema version.
		{"version 2", RunCancel{SchemaVersion: 2, RunID: runID, At: time.Now().UTC()}, false},
	}
	for _, tt := range tests {
		if err := validate(t, s, tt.msg); (err == nil) != tt.valid {
			t.Errorf("%s: valid=%v, want %v (%v)", tt.name, err == nil, tt.valid, err)
		}
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
		{"busy", Heartbeat{SchemaVersion: 1, WorkerID: "w1", HardwareClass: "local", Fingerprint: fp, CurrentRunID: &run, Step: "measuring cxf (round 2 of 3)",
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
		Stacks:   []StackRef{{ID: "gsoap", Version: "2.8.124"}, {ID: "gsoap", Version: "2.8.124+threads-64", Variant: "threads-64"}},
		Workload: Workload{Stacks: []string{"gsoap", "gsoap@2.8.124+threads-64"}, Load: &Load{Model: "closed", Connections: &conns, Requests: &reqs}, Security: []string{"plain"}},
	}
	if err := validate(t, s, job); err != nil {
		t.Fatalf("RunJob does not match the schema: %v", err)
	}
	// Both drivers the worker knows, and no other.
	for driver, ok := range map[string]bool{"neutral": true, "native": true, "wrk": false} {
		job.Workload.Driver = driver
		if err := validate(t, s, job); (err == nil) != ok {
			t.Errorf("workload driver %q: schema error %v, want accepted %v", driver, err, ok)
		}
	}
	job.Workload.Driver = ""
	// MTOM with the elements whose content travels as parts.
	job.Workload.MTOM = true
	job.XOPElements = []XOPElement{{Namespace: "urn:files", Name: "content"}, {Namespace: "", Name: "local"}}
	if err := validate(t, s, job); err != nil {
		t.Errorf("RunJob with mtom does not match the schema: %v", err)
	}
	// A variant id reaches a command line: only the manifest's id form passes.
	job.Stacks[1].Variant = "--port=1"
	if err := validate(t, s, job); err == nil {
		t.Error("a variant that is not an id passed the schema")
	}
	job.Stacks[1].Variant = "threads-64"
	// A path with '..' is refused by the schema as well as by the worker.
	job.Bundle.Files[0].Path = "/etc/passwd"
	if err := validate(t, s, job); err == nil {
		t.Error("an absolute bundle path passed the schema")
	}
}

func TestMeasurementWithEveryNewFieldMatchesSchema(t *testing.T) {
	s, events := compileMeasurement(t), compile(t, "run-event.schema.json")
	f := fp
	raw := LatencyMs{Min: 0.1, Mean: 0.5, P50: 0.4, P90: 0.9, P99: 2, P999: 3, Max: 4}
	m := Measurement{Stack: "cxf", Version: "4.2.3", Repetition: 2, Requests: 5000, Errors: map[string]int64{"content": 3},
		Cell:       Cell{Security: "plain", Connections: 100, Requests: 0, KeepAlive: true, Model: "capacity", DurationSeconds: 5, RatePerSecond: 100, SLOP99Ms: 10},
		Throughput: 1000, LatencyMs: raw, Histogram: "HISTFAAAAB", Versions: map[string]any{},
		ErrorRatio: 0.0006, Flags: []string{"errors", "steal"}, Retries: 2, StealPercent: 12.5, OtherBusyPercent: 3,
		CPUSharing: "shared", Fingerprint: &f, ConfigHash: "ab12", Position: 1, RoundOrder: []string{"cxf/plain", "gsoap/plain"},
		Warmup: &WarmupDone{Requests: 500, Seconds: 15.2}, UncorrectedLatencyMs: &raw,
		Capacity:     &Capacity{Rate: 1500, P99Ms: 8.5, Steps: []CapacityStep{{Rate: 100, P99Ms: 1, OK: true}, {Rate: 3200, P99Ms: 90, OK: false}}},
		ExtendedFrom: &Extension{Requests: 2000, ElapsedSeconds: 0.2, Tries: 1},
		Operations: []OperationShare{{Operation: "echo", Requests: 3000, Errors: map[string]int64{}, LatencyMs: raw},
			{Operation: "ping", Requests: 2000, Errors: map[string]int64{"content": 3}, LatencyMs: raw}}}
	if err := validate(t, s, m); err != nil {
		t.Errorf("measurement with the new fields does not match $defs/measurement: %v", err)
	}
	if err := validate(t, events, event(Measured, m)); err != nil {
		t.Errorf("measurement event with the new fields does not match the schema: %v", err)
	}
	m.ExtendedFrom = &Extension{DurationSeconds: 0.5}
	if err := validate(t, s, m); err != nil {
		t.Errorf("measurement extended from a duration does not match $defs/measurement: %v", err)
	}
	m.Flags = []string{"slow"}
	if err := validate(t, s, m); err == nil {
		t.Error("an unknown flag passed the schema")
	}
	if err := validate(t, events, event(Measuring, MeasuringPayload{Stack: "cxf", Version: "4.2.3", Cell: m.Cell, Repetition: 2, Position: 1})); err != nil {
		t.Errorf("measuring with a position: %v", err)
	}
}

func TestWorkloadSchemaTakesTheLoadModels(t *testing.T) {
	s := compile(t, "workload.schema.json")
	tests := []struct {
		name  string
		json  string
		valid bool
	}{
		{"closed by duration", `{"stacks":["cxf"],"load":{"model":"closed","connections":25,"durationSeconds":10},"warmup":{"seconds":5}}`, true},
		{"open", `{"stacks":["cxf"],"load":{"model":"open","ratePerSecond":2000,"maxConnections":200}}`, true},
		{"open without rate", `{"stacks":["cxf"],"load":{"model":"open"}}`, false},
		{"capacity", `{"stacks":["cxf","gsoap"],"load":{"model":"capacity","durationSeconds":3},"slo":{"p99Ms":10}}`, true},
		{"capacity without slo", `{"stacks":["cxf"],"load":{"model":"capacity"}}`, false},
		{"xpath check", `{"stacks":["cxf"],"check":{"xpathCount":{"expr":"//line","equals":2}},"maxErrorRatio":0.05}`, true},
		{"digest check", `{"stacks":["cxf"],"check":{"bodySha256":"` + strings.Repeat("ab", 32) + `"}}`, true},
		{"two checks", `{"stacks":["cxf"],"check":{"bodySha256":"` + strings.Repeat("ab", 32) + `","xpathCount":{"expr":"//a","equals":1}}}`, false},
		{"relative xpath", `{"stacks":["cxf"],"check":{"xpathCount":{"expr":"line","equals":2}}}`, false},
		{"error ratio above 1", `{"stacks":["cxf"],"maxErrorRatio":2}`, false},
		// The stack the others are compared with, by id or id@version.
		{"reference", `{"stacks":["cxf","gsoap@2.8.124"],"reference":"gsoap@2.8.124"}`, true},
		{"reference not a stack id", `{"stacks":["cxf"],"reference":"../cxf"}`, false},
		// A variant of the stack's manifest, with or without a version.
		{"variants", `{"stacks":["cxf","cxf+parallel-gc","cxf@4.2.3+nio2"],"reference":"cxf+parallel-gc"}`, true},
		{"variant not an id", `{"stacks":["cxf+Parallel"]}`, false},
		{"two variants", `{"stacks":["cxf+a+b"]}`, false},
		{"empty variant", `{"stacks":["cxf@4.2.3+"]}`, false},
		// The shortest measurement reported; 0 turns the extension off.
		{"minimum length", `{"stacks":["cxf"],"load":{"requests":100,"minSeconds":5}}`, true},
		{"no minimum length", `{"stacks":["cxf"],"load":{"minSeconds":0}}`, true},
		{"minimum above an hour", `{"stacks":["cxf"],"load":{"minSeconds":3601}}`, false},
		{"negative minimum", `{"stacks":["cxf"],"load":{"minSeconds":-1}}`, false},
		// The interop matrix and the size of its cells.
		{"interop", `{"stacks":["cxf","metro"],"mode":"interop","security":["plain","sign"],"interop":{"requests":200,"connections":1,"warmupRequests":20}}`, true},
		{"interop with defaults", `{"stacks":["cxf"],"mode":"interop"}`, true},
		{"interop too many requests", `{"stacks":["cxf"],"mode":"interop","interop":{"requests":5001}}`, false},
		{"interop too many connections", `{"stacks":["cxf"],"mode":"interop","interop":{"connections":17}}`, false},
		{"interop unknown field", `{"stacks":["cxf"],"mode":"interop","interop":{"seconds":3}}`, false},
	}
	for _, tt := range tests {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(tt.json))
		if err != nil {
			t.Fatal(err)
		}
		err = s.Validate(doc)
		if (err == nil) != tt.valid {
			t.Errorf("%s: valid=%v, want %v (%v)", tt.name, err == nil, tt.valid, err)
		}
		var w Workload
		if err := json.Unmarshal([]byte(tt.json), &w); err != nil {
			t.Errorf("%s: the Go type cannot read it: %v", tt.name, err)
		}
	}
}

func ptr[T any](v T) *T { return &v }
