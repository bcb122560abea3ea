package job

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/samples"
)

// interopJob is an interop run of the echo service: each client sends
// requests timed requests after 2 warm-up ones over one connection.
func interopJob(t *testing.T, requests int, security []string, stacks ...string) message.RunJob {
	t.Helper()
	job := echoJob(t, stacks...)
	job.Workload.Mode = message.ModeInterop
	job.Workload.Security = security
	// echoJob wrote the schema's interop defaults out, as the backend does.
	if job.Workload.Interop == nil || job.Workload.Interop.Connections == nil {
		t.Fatalf("interop %+v: the schema's defaults were not written out", job.Workload.Interop)
	}
	warm := 2
	job.Workload.Interop.Requests, job.Workload.Interop.WarmupRequests = &requests, &warm
	return job
}

// cells are the interop_cell payloads of events, by "client>server/security".
func cells(t *testing.T, events []message.RunEvent) map[string]message.InteropCellPayload {
	t.Helper()
	out := map[string]message.InteropCellPayload{}
	for _, ev := range events {
		if ev.Kind != message.InteropCell {
			continue
		}
		c := ev.Payload.(message.InteropCellPayload)
		key := c.Client.Stack + ">" + c.Server.Stack + "/" + c.Security
		if _, twice := out[key]; twice {
			t.Errorf("cell %s reported twice", key)
		}
		out[key] = c
	}
	return out
}

// eventSchema is schemas/run-event.schema.json, and its $defs/interopCell,
// which the backend applies to every interop_cell payload.
func eventSchema(t *testing.T) (event, cell *jsonschema.Schema) {
	t.Helper()
	const dir = "../../../schemas"
	c := jsonschema.NewCompiler()
	for _, name := range []string{"run-event.schema.json", "fingerprint.schema.json"} {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource("https://soapbench.dev/schemas/"+name, doc); err != nil {
			t.Fatal(err)
		}
	}
	event, err := c.Compile("https://soapbench.dev/schemas/run-event.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	cell, err = c.Compile("https://soapbench.dev/schemas/run-event.schema.json#/$defs/interopCell")
	if err != nil {
		t.Fatal(err)
	}
	return event, cell
}

// validateEvents checks every event, as published, against the schema.
func validateEvents(t *testing.T, events []message.RunEvent) {
	t.Helper()
	event, cell := eventSchema(t)
	asJSON := func(v any) any {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	for _, ev := range events {
		if err := event.Validate(asJSON(ev)); err != nil {
			t.Errorf("%s event breaks the schema: %v", ev.Kind, err)
		}
		if ev.Kind == message.InteropCell {
			if err := cell.Validate(asJSON(ev.Payload)); err != nil {
				t.Errorf("interop_cell payload %+v breaks $defs/interopCell: %v", ev.Payload, err)
			}
		}
	}
}

// Two stacks in plain and username: fake-native's client and server work,
// fake-wrong has no client and its server answers wrongly. Every one of the
// 2 x 2 x 2 cells is reported once, with its outcome and reason.
func TestInteropReportsEveryCellOnce(t *testing.T) {
	x := nativeExecutor(t)
	args := filepath.Join(t.TempDir(), "args.json")
	t.Setenv("FAKE_DRIVE_ARGS", args)
	t.Setenv("FAKE_DRIVE_LINE", driveLine(t, 10, 0, 0.5))
	rec := &recorder{}
	if err := x.Run(context.Background(), interopJob(t, 10, []string{"plain", "username"}, "fake-native", "fake-wrong"), 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	validateEvents(t, rec.events)

	// Everything is built first; then each server in each mode is verified
	// before the clients are sent to it.
	want := "accepted building:fake-native built:fake-native building:fake-native built:fake-native " +
		"building:fake-wrong built:fake-wrong building:fake-wrong built:fake-wrong " +
		"verified:fake-native interop_cell interop_cell verify_failed:fake-wrong interop_cell interop_cell " +
		"verified:fake-native interop_cell interop_cell verify_failed:fake-wrong interop_cell interop_cell completed"
	if got := strings.Join(rec.kinds(), " "); got != want {
		t.Fatalf("events:\n got %s\nwant %s", got, want)
	}
	got := cells(t, rec.events)
	for _, security := range []string{"plain", "username"} {
		pass := got["fake-native>fake-native/"+security]
		if pass.Outcome != message.OutcomePass || pass.Reason != "" || pass.Requests != 10 || pass.Errors != 0 ||
			pass.Client.Version != "1.0.0" || pass.Server.Version != "1.0.0" {
			t.Errorf("%s: fake-native against itself %+v: want pass with the client's 10 requests", security, pass)
		}
		if pass.ThroughputRPS == nil || math.Abs(*pass.ThroughputRPS-20) > 1e-9 || pass.P50Ms == nil || math.Abs(*pass.P50Ms-5) > 0.01 ||
			pass.P99Ms == nil || math.Abs(*pass.P99Ms-10) > 0.01 || pass.ClientCPUSeconds == nil || *pass.ClientCPUSeconds <= 0 ||
			pass.ClientPeakRSSBytes == nil || *pass.ClientPeakRSSBytes <= 0 {
			t.Errorf("%s: passing cell's figures %+v: want 10 correct in 0.5 s, p50 5 ms and p99 10 ms from the client's histogram, its CPU and RSS", security, pass)
		}
		column := got["fake-native>fake-wrong/"+security]
		if column.Outcome != message.OutcomeFail || !strings.HasPrefix(column.Reason, "server: verification of echo: ") || column.ThroughputRPS != nil {
			t.Errorf("%s: fake-native against fake-wrong %+v: want fail, the server's verification named, no figures", security, column)
		}
		for _, server := range []string{"fake-native", "fake-wrong"} {
			row := got["fake-wrong>"+server+"/"+security]
			if row.Outcome != message.OutcomeUnsupported || row.Reason != "unsupported: native client: fake-wrong declares none (stack.json features.nativeClient)" || row.Requests != 0 {
				t.Errorf("%s: fake-wrong's client against %s %+v: want unsupported for the missing native client", security, server, row)
			}
		}
	}
	if len(got) != 8 {
		t.Errorf("%d cells, want 2 clients x 2 servers x 2 modes", len(got))
	}

	// The drive ran from the client's own build of the last mode, with the
	// interop cell's size, not the workload's load.
	raw, err := os.ReadFile(args)
	if err != nil {
		t.Fatal(err)
	}
	var drive struct {
		Build, Endpoint            string
		Concurrency, Count, Warmup int
	}
	json.Unmarshal(raw, &drive)
	if drive.Concurrency != 1 || drive.Count != 10 || drive.Warmup != 2 || !strings.HasSuffix(drive.Build, "build/0-fake-native/username/out") {
		t.Errorf("drive arguments %+v: want 1 connection, 10 requests after 2 warm-up ones, the username build", drive)
	}
}

// A client whose drive reports errors fails its cell, saying which and how
// many, with the end of its log; a drive that ends with an unsupported
// line is an unsupported cell.
func TestInteropCellOfAFailingClient(t *testing.T) {
	tests := []struct {
		name, line, fail string
		want             string
		reason           []string
		figures          bool
	}{
		{name: "errors", line: driveLine(t, 10, 3, 0.5), want: message.OutcomeFail, figures: true,
			reason: []string{"3 of 10 requests failed (SOAPFaultException 3)", "| log: ", "fake client log line"}},
		{name: "unsupported", fail: "unsupported: security mode plain has no client here", want: message.OutcomeUnsupported,
			reason: []string{"unsupported: security mode plain has no client here"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := nativeExecutor(t)
			t.Setenv("FAKE_DRIVE_LINE", tt.line)
			t.Setenv("FAKE_DRIVE_FAIL", tt.fail)
			rec := &recorder{}
			if err := x.Run(context.Background(), interopJob(t, 10, []string{"plain"}, "fake-native"), 1, rec.publish); err != nil {
				t.Fatal(err)
			}
			validateEvents(t, rec.events)
			c, ok := cells(t, rec.events)["fake-native>fake-native/plain"]
			if !ok || c.Outcome != tt.want {
				t.Fatalf("cell %+v: want %s", c, tt.want)
			}
			for _, part := range tt.reason {
				if !strings.Contains(c.Reason, part) {
					t.Errorf("reason %q: want it to say %q", c.Reason, part)
				}
			}
			if tt.figures != (c.ThroughputRPS != nil) || (tt.figures && (c.Requests != 10 || c.Errors != 3 || *c.ThroughputRPS != 14)) {
				t.Errorf("cell %+v: figures wanted: %v (10 requests, 3 errors, 7 correct in 0.5 s)", c, tt.figures)
			}
		})
	}
}

// A redelivered interop job sends only the cells its journal lacks, without
// reporting again what failed, and a cancelled one no cell after the cancel.
func TestInteropResumesAndCancelsBetweenCells(t *testing.T) {
	x := nativeExecutor(t)
	t.Setenv("FAKE_DRIVE_LINE", driveLine(t, 5, 0, 0.5))
	job := interopJob(t, 5, []string{"plain"}, "fake-native", "fake-wrong")

	// The first delivery is cut off by an outage as its third cell goes out,
	// after fake-wrong's server failed verification.
	first, second, _ := redeliverAfterOutage(t, x, job, message.InteropCell, 3)
	if accepted := second.events[0].Payload.(message.AcceptedPayload); accepted.ResumedMeasurements != 2 {
		t.Errorf("accepted %+v: want the two confirmed cells counted as resumed", accepted)
	}
	before, after := cells(t, first.events), cells(t, second.events)
	if len(before) != 2 || len(after) != 2 {
		t.Errorf("cells %v then %v: want 2 sent before the outage and the other 2 after", before, after)
	}
	if c := after["fake-native>fake-wrong/plain"]; !strings.HasPrefix(c.Reason, "server: verification of echo: ") {
		t.Errorf("resumed cell %+v: want the server's verification failure, learnt again", c)
	}
	for _, k := range second.kinds() {
		if strings.HasSuffix(k, ":fake-wrong") {
			t.Errorf("the resumed delivery sent %s, though the first had reported fake-wrong failed", k)
		}
	}
	for key := range before {
		if _, twice := after[key]; twice {
			t.Errorf("cell %s sent by both deliveries", key)
		}
	}

	// The owner cancels as the first cell goes out: no cell follows it. One
	// stack in two modes has a cell after it.
	ctx, cancel := context.WithCancelCause(context.Background())
	rec := &recorder{}
	job = interopJob(t, 5, []string{"plain", "username"}, "fake-native")
	err := x.Resume(ctx, job, Delivery{Attempt: 1, Deliveries: 1}, func(c context.Context, ev message.RunEvent) error {
		if ev.Kind == message.InteropCell {
			defer cancel(ErrRunCancelled)
		}
		return rec.publish(c, ev)
	})
	if err != nil {
		t.Fatalf("Resume() = %v, want nil: a cancelled run is acked", err)
	}
	kinds := rec.kinds()
	if n := len(cells(t, rec.events)); n != 1 || kinds[len(kinds)-1] != "cancelled" {
		t.Errorf("events %v: want one cell, then cancelled", kinds)
	}
}

// A client is unsupported in a mode it does not claim, and in one its
// build failed in, naming that as the client's.
func TestInteropClientUnsupported(t *testing.T) {
	client := &interopStack{ref: message.StackRef{ID: "c", Version: "1"},
		stack:  runner.Stack{Manifest: runner.Manifest{ID: "c", Features: runner.Features{NativeClient: true, Security: []string{"plain", "sign"}}}},
		builds: map[string]*target{"plain": {}}, failed: map[string]string{"sign": "unsupported: no key for sign"}}
	for security, want := range map[string]string{
		"plain":    "",
		"username": "unsupported: security mode username: c does not claim it (stack.json features.security)",
		"sign":     "client: unsupported: no key for sign",
	} {
		if got := clientUnsupported(client, security); got != want {
			t.Errorf("%s: %q, want %q", security, got, want)
		}
	}
	client.refused = "unavailable: this worker has no stack \"c\""
	if got := clientUnsupported(client, "plain"); got != "client: "+client.refused {
		t.Errorf("refused stack: %q, want its refusal", got)
	}
}

// A cell's reason is one line of at most 500 characters, whatever the
// client's log holds, keeps the log's end, where the last error is, and
// names the worker's folders by their placeholders.
func TestInteropCellReasonIsOneShortLine(t *testing.T) {
	r := &run{events: &emitter{redact: func(s string) string { return strings.ReplaceAll(s, "/srv/work", "<work>") }}}
	log := "start\r\n\n\n\t\x1b[31m" + strings.Repeat("é", 1000) + "\n\nat /srv/work/run/client.java:12\n  LAST ERROR\n"
	got := r.cellReason("error: drive:\nfailed\tbadly", log)
	if n := len([]rune(got)); n > maxCellReason {
		t.Errorf("reason of %d characters, want at most %d", n, maxCellReason)
	}
	if strings.ContainsAny(got, "\r\n\t\x1b") || strings.Contains(got, "  ") {
		t.Errorf("reason %q: want one line without control characters or runs of white space", got)
	}
	if !strings.HasPrefix(got, "error: drive: failed badly | log: …") || !strings.HasSuffix(got, "at <work>/run/client.java:12 LAST ERROR") {
		t.Errorf("reason %q: want the reason, then the log's end with the folder's placeholder", got)
	}
	if got := r.cellReason(strings.Repeat("x", 600), ""); len([]rune(got)) != maxCellReason || !strings.HasSuffix(got, "…") {
		t.Errorf("long reason without a log cut to %d characters (%q), want %d marked as cut", len([]rune(got)), got[len(got)-5:], maxCellReason)
	}
}

// An interop workload's cell size comes from the job, within the schema's
// bounds, since it reaches every client's command line; MTOM is refused.
func TestInteropWorkloadIsTakenWithinTheSchemasBounds(t *testing.T) {
	all := []samples.Sample{{Operation: "echo"}}
	interop := func(change func(w *message.Workload)) error {
		w := withSchemaDefaults(t, message.Workload{Stacks: []string{"fake"}, Mode: message.ModeInterop})
		change(&w)
		_, err := resolve(w, all)
		return err
	}
	w := withSchemaDefaults(t, message.Workload{Stacks: []string{"fake"}, Mode: message.ModeInterop})
	p, err := resolve(w, all)
	if err != nil || p.interop != (interopLoad{requests: 200, connections: 1, warmupRequests: 20}) || !p.sendsClientRequests() {
		t.Fatalf("resolve() = %+v, %v; want the schema's 200 requests over 1 connection after 20", p.interop, err)
	}
	for name, tt := range map[string]struct {
		change func(w *message.Workload)
		want   string
	}{
		"no interop":       {func(w *message.Workload) { w.Interop = nil }, "lacks interop.requests, interop.connections, interop.warmupRequests"},
		"too many":         {func(w *message.Workload) { w.Interop.Requests = ptr(5001) }, "not within 1..5000"},
		"no connection":    {func(w *message.Workload) { w.Interop.Connections = ptr(0) }, "not within"},
		"negative warm-up": {func(w *message.Workload) { w.Interop.WarmupRequests = ptr(-1) }, "not within"},
		"mtom":             {func(w *message.Workload) { w.MTOM = true }, "no MTOM"},
	} {
		if err := interop(tt.change); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want one containing %q", name, err, tt.want)
		}
	}
}

// A server whose build is refused (a mode or construct its stack does not
// claim) makes its column unsupported, with its reason, not failed.
func TestInteropServerRefusedAtBuildIsUnsupported(t *testing.T) {
	x := nativeExecutor(t)
	t.Setenv("FAKE_DRIVE_LINE", driveLine(t, 10, 0, 0.5))
	rec := &recorder{}
	if err := x.Run(context.Background(), interopJob(t, 10, []string{"plain"}, "fake-native", "fake-unsupported"), 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	validateEvents(t, rec.events)
	got := cells(t, rec.events)
	c := got["fake-native>fake-unsupported/plain"]
	if c.Outcome != message.OutcomeUnsupported || !strings.HasPrefix(c.Reason, "server: unsupported: rpc/encoded binding") {
		t.Errorf("cell against the refused server: %+v, want unsupported with the server's reason", c)
	}
	if own := got["fake-native>fake-native/plain"]; own.Outcome != message.OutcomePass {
		t.Errorf("the other server's cell: %+v, want pass", own)
	}
}

// A cell's drive is bounded by its size, not by the 30 minutes of a measured
// drive, so a client that hangs cannot hold the matrix.
func TestInteropDriveTimeoutFollowsTheCellsSize(t *testing.T) {
	r := &run{Executor: &Executor{}}
	r.plan.interop.requests, r.plan.interop.warmupRequests, r.plan.interop.connections = 200, 20, 1
	if got := r.interopDriveTimeout(); got != time.Minute+220*time.Second {
		t.Errorf("200 + 20 requests on 1 connection: %s, want 4m40s", got)
	}
	r.plan.interop.connections = 4
	if got := r.interopDriveTimeout(); got != time.Minute+55*time.Second {
		t.Errorf("on 4 connections: %s, want 1m55s", got)
	}
	r.DriveTimeout = 5 * time.Second
	if got := r.interopDriveTimeout(); got != 5*time.Second {
		t.Errorf("a shorter executor bound: %s, want it kept", got)
	}
}
