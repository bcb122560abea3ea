package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/xop"
)

// behavingStack is testdata/behaving: a runner that keeps the contract unless
// FAKE_SERVE or FAKE_BUILD names a way to break it.
func behavingStack(t *testing.T) subject {
	t.Helper()
	dir, err := filepath.Abs("testdata/behaving")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	return subject{
		Stack:      runner.Stack{Manifest: runner.Manifest{ID: "behaving", Versions: []runner.Version{{Version: "1.0.0"}, {Version: "0.9.0"}}}, Dir: dir},
		SchemaDir:  "../../../stack-runners",
		Version:    "1.0.0",
		Versions:   runner.Versions{"stack": "behaving", "version": "1.0.0", "components": map[string]any{"bash": "5"}},
		Echo:       &echoBuild{BuildDir: filepath.Join(work, "build"), SamplesDir: filepath.Join(work, "samples")},
		AnySamples: "../../../wsdl-catalog/echo/samples",
		Work:       work,
	}
}

// statuses is "name STATUS" for every check, in order.
func statuses(checks []check) string {
	var out []string
	for _, c := range checks {
		out = append(out, c.Name+" "+c.Status)
	}
	return strings.Join(out, "\n")
}

func TestARunnerThatKeepsTheContractPassesEveryBehaviourCheck(t *testing.T) {
	checks := checkBehaviour(context.Background(), behavingStack(t))
	for _, c := range checks {
		// The stand-in has no native client: its manifest says so.
		if c.Status != "PASS" && !(c.Name == "drive" && c.Status == "SKIP") {
			t.Errorf("%s", c.line("behaving"))
		}
	}
	if len(checks) != 8 {
		t.Errorf("%d checks, want 8:\n%s", len(checks), statuses(checks))
	}
}

func TestServeThatBreaksTheContractFailsItsCheck(t *testing.T) {
	tests := []struct {
		mode  string
		check string // the name's start
		want  string // in the reason
	}{
		// A server the runner does not stop leaves the worker to kill it.
		{"ignores-sigterm", "SIGTERM", "still running 5s after SIGTERM"},
		// Stopping is the normal end of a server: any other status reads as a crash.
		{"fails-on-sigterm", "SIGTERM", "exit status 3 after SIGTERM"},
		// The runner exits, but what it started serves on.
		{"leaves-a-child", "SIGTERM", "processes it started were still running"},
		// What the server runs with is known before it answers.
		{"settings-after-ready", "serve prints READY", "the SETTINGS line comes after READY"},
		{"settings-not-json", "serve prints READY", "does not hold one JSON object"},
		{"wrong-port", "serve prints READY", "not on port"},
		// A server that claims a port it cannot have would be measured as another's.
		{"ready-on-busy-port", "serve on a busy port", "on a port another process holds"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			t.Setenv("FAKE_SERVE", tt.mode)
			s := behavingStack(t)
			var checks []check
			if strings.HasPrefix(tt.check, "serve on a busy port") {
				checks = []check{checkBusyPort(context.Background(), s)}
			} else {
				checks = checkServeLifecycle(context.Background(), s)
			}
			for _, c := range checks {
				if !strings.HasPrefix(c.Name, tt.check) {
					continue
				}
				if c.Status != "FAIL" || !strings.Contains(c.Detail, tt.want) {
					t.Errorf("%s, want FAIL with %q", c.line("behaving"), tt.want)
				}
				return
			}
			t.Errorf("no %q check in:\n%s", tt.check, statuses(checks))
		})
	}
}

// A server stops as asked with status 0, as a JVM does (143), or by dying of the signal.
func TestServeThatStopsAsAskedPassesTheSIGTERMCheck(t *testing.T) {
	for _, mode := range []string{"good", "exits-143", "dies-of-sigterm"} {
		t.Run(mode, func(t *testing.T) {
			t.Setenv("FAKE_SERVE", mode)
			for _, c := range checkServeLifecycle(context.Background(), behavingStack(t)) {
				if strings.HasPrefix(c.Name, "SIGTERM") && c.Status != "PASS" {
					t.Error(c.line("behaving"))
				}
			}
		})
	}
}

func TestABuildRefusedWronglyFailsItsCheck(t *testing.T) {
	tests := []struct {
		mode string
		want string
	}{
		// The worker reads the failure's kind from the last line; a stack trace has none.
		{"no-prefix", `last stderr line "Exception in thread main", not "error: "`},
		{"succeeds", "exited with status 0"},
		// The user knows the bundle's files, not the worker's folders.
		{"names-its-folder", "names the worker's folder"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			t.Setenv("FAKE_BUILD", tt.mode)
			c := checkMissingEntry(context.Background(), behavingStack(t))
			if c.Status != "FAIL" || !strings.Contains(c.Detail, tt.want) {
				t.Errorf("%s, want FAIL with %q", c.line("behaving"), tt.want)
			}
		})
	}
}

func TestRefusalMustBeFast(t *testing.T) {
	err := refusal(verbRun{TimedOut: true, ExitCode: -1}, "error: ", nil)
	if err == nil || !strings.Contains(err.Error(), "still running after") {
		t.Errorf("a refusal that timed out: %v", err)
	}
}

func TestVersionMembers(t *testing.T) {
	components := map[string]any{"gcc": "12.2.0"}
	tests := []struct {
		v    runner.Versions
		want string // in the error; "" for none
	}{
		{runner.Versions{"stack": "s", "version": "1.0", "components": components}, ""},
		// Another stack's line, as a copied runner would print it.
		{runner.Versions{"stack": "other", "version": "1.0", "components": components}, `"stack" is other`},
		{runner.Versions{"stack": "s", "version": 1.0, "components": components}, `"version" is 1`},
		{runner.Versions{"stack": "s", "version": "1.0"}, `"components" is <nil>`},
		{runner.Versions{"stack": "s", "version": "1.0", "components": map[string]any{}}, `"components" is map[]`},
	}
	for _, tt := range tests {
		err := versionMembers(tt.v, "s")
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("versionMembers(%v) = %v, want %q", tt.v, err, tt.want)
		}
	}
}

func TestTheVersionLineSaysWhichLineTheRunBuilds(t *testing.T) {
	s := behavingStack(t)
	if got := checkVersionLine(s).line("behaving"); got != "PASS behaving behaviour: version prints stack, version and components (behaving 1.0.0)" {
		t.Errorf("at the default version: %s", got)
	}
	// `version` reports the default line only; the reader must not take it for the one checked.
	s.Version = "0.9.0"
	if got := checkVersionLine(s).line("behaving@0.9.0"); !strings.HasSuffix(got, "(behaving 1.0.0, the default; this run builds 0.9.0)") {
		t.Errorf("at another version: %s", got)
	}
}

func TestReadyURL(t *testing.T) {
	tests := []struct {
		line string
		want string // in the error; "" for none
	}{
		{"READY http://127.0.0.1:8080/ws", ""},
		{"READY http://localhost:8080/axis2/services/ws", ""},
		{"READY https://127.0.0.1:8080/ws", "not an http:// URL"},
		// Every address but the loopback is out of the sandbox's reach.
		{"READY http://0.0.0.0:8080/ws", "not on 127.0.0.1"},
		{"READY http://127.0.0.1/ws", "names no port"},
		{"READY http://127.0.0.1:9090/ws", "not on port 8080"},
		{"READY http://127.0.0.1:8080/ws started", "not READY and one URL"},
	}
	for _, tt := range tests {
		_, err := readyURL(tt.line, 8080)
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("readyURL(%q) = %v, want %q", tt.line, err, tt.want)
		}
	}
}

func TestSettingsBeforeReady(t *testing.T) {
	tests := []struct {
		before, after []string
		want          string // in the error; "" for none
	}{
		{[]string{"starting", `SETTINGS {"threads":4}`}, []string{"log"}, ""},
		// The contract asks for the line where a runner can print it.
		{[]string{"starting"}, nil, ""},
		{nil, []string{`SETTINGS {"threads":4}`}, "comes after READY"},
		{[]string{`SETTINGS {"a":1}`, `SETTINGS {"a":2}`}, nil, "two SETTINGS lines"},
		{[]string{`SETTINGS {"a":1} {"b":2}`}, nil, "one JSON object"},
		{[]string{`SETTINGS ["a"]`}, nil, "one JSON object"},
	}
	for _, tt := range tests {
		_, err := settingsBeforeReady(tt.before, tt.after)
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("settingsBeforeReady(%q, %q) = %v, want %q", tt.before, tt.after, err, tt.want)
		}
	}
}

// summaryLine is a drive summary of n requests, each taking latency
// microseconds, with the given errors; edit changes its members before encoding.
func summaryLine(t *testing.T, n int64, errs map[string]int64, edit func(map[string]any)) string {
	t.Helper()
	h := hdrhistogram.New(1, 3_600_000_000, 3)
	for range n {
		if err := h.RecordValue(250); err != nil {
			t.Fatal(err)
		}
	}
	enc, err := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]any{"requests": n, "errors": errs, "elapsedSeconds": 0.5,
		"latencyUs": map[string]any{"p50": 250, "p90": 250, "p99": 250, "max": 251}, "histogram": string(enc)}
	if edit != nil {
		edit(m)
	}
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestDriveSummary(t *testing.T) {
	noErrors := map[string]int64{}
	tests := []struct {
		name   string
		stdout string
		want   string // in the error; "" for none
	}{
		{"a right summary", "client log\n" + summaryLine(t, 20, noErrors, nil) + "\n", ""},
		{"a log line after the summary", summaryLine(t, 20, noErrors, nil) + "\ndone\n", "not a JSON object"},
		{"a member missing", summaryLine(t, 20, noErrors, func(m map[string]any) { delete(m, "histogram") }), "lacks [histogram]"},
		{"a member of its own", summaryLine(t, 20, noErrors, func(m map[string]any) { m["rps"] = 40 }), "unknown [rps]"},
		{"the client's CPU time, optional", summaryLine(t, 20, noErrors, func(m map[string]any) { m["cpuSeconds"] = 0.05 }), ""},
		{"a negative CPU time", summaryLine(t, 20, noErrors, func(m map[string]any) { m["cpuSeconds"] = -1 }), "cpuSeconds is -1, negative"},
		{"a percentile missing", summaryLine(t, 20, noErrors, func(m map[string]any) { m["latencyUs"] = map[string]any{"p50": 1, "max": 2} }), "latencyUs lacks [p90 p99]"},
		// Every request sent is counted, so a short count is a client that lost some.
		{"fewer requests than asked", summaryLine(t, 19, noErrors, nil), "requests is 19, want 20"},
		{"errors against a server that answers", summaryLine(t, 20, map[string]int64{"http": 2}, nil), "2 of 20 requests failed"},
		{"percentiles out of order", summaryLine(t, 20, noErrors, func(m map[string]any) {
			m["latencyUs"] = map[string]any{"p50": 300, "p90": 250, "p99": 250, "max": 251}
		}), "out of order"},
		{"a histogram of other requests", summaryLine(t, 20, noErrors, func(m map[string]any) {
			m["histogram"] = summaryHistogram(t, 5)
		}), "holds 5 latencies for 20 requests"},
		{"a histogram that is not one", summaryLine(t, 20, noErrors, func(m map[string]any) { m["histogram"] = "HISTFAAAAnotreally" }), "does not decode"},
	}
	for _, tt := range tests {
		_, err := driveSummary(tt.stdout, 20)
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

func summaryHistogram(t *testing.T, n int64) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(summaryLine(t, n, nil, nil)), &m); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(m["histogram"])
}

func TestCheckLinesReadLikeCaseLines(t *testing.T) {
	tests := []struct {
		c    check
		want string
	}{
		{passCheck("SIGTERM ends serve", "0.2s"), "PASS cxf@3.6.10 behaviour: SIGTERM ends serve (0.2s)"},
		{failCheck("version", fmt.Errorf("two\nlines")), "FAIL cxf@3.6.10 behaviour: version: two lines"},
		{skipCheck("drive", "no native client"), "SKIP cxf@3.6.10 behaviour: drive: no native client"},
	}
	for _, tt := range tests {
		if got := tt.c.line("cxf@3.6.10"); got != tt.want {
			t.Errorf("line() = %q, want %q", got, tt.want)
		}
	}
}

func TestStateAndGroupReadAProcStatLine(t *testing.T) {
	tests := []struct {
		stat      string
		state     string
		group     int
		wellKnown bool
	}{
		{"4242 (java) S 4200 4200 4200 0 -1", "S", 4200, true},
		// The command may hold spaces and parentheses of its own.
		{"4243 (a (b) c) Z 1 4200 4200 0", "Z", 4200, true},
		{"4244 (cut", "", 0, false},
	}
	for _, tt := range tests {
		state, group, ok := stateAndGroup(tt.stat)
		if state != tt.state || group != tt.group || ok != tt.wellKnown {
			t.Errorf("stateAndGroup(%q) = %q, %d, %v; want %q, %d, %v", tt.stat, state, group, ok, tt.state, tt.group, tt.wellKnown)
		}
	}
}

// mtomCase is testdata/wsdl/mtom-xop as a built case: the stand-in's drive
// needs no build, only the case's samples and its elements.
func mtomCase(t *testing.T) *xopCaseBuild {
	t.Helper()
	var claims caseClaims
	raw, err := os.ReadFile("../../../testdata/wsdl/mtom-xop/case.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &claims); err != nil {
		t.Fatal(err)
	}
	return &xopCaseBuild{BuildDir: t.TempDir(), SamplesDir: "../../../testdata/wsdl/mtom-xop/samples", Elements: claims.XOPElements}
}

// packedRequest writes the case's request packed with elements, as a client would send it.
func packedRequest(t *testing.T, c *xopCaseBuild, elements []xop.Element) (file, contentType string) {
	t.Helper()
	list, err := samples.Load(c.SamplesDir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := xop.Pack(list[0].Request, elements, list[0].SOAPVersion, list[0].SOAPAction)
	if err != nil {
		t.Fatal(err)
	}
	file = filepath.Join(t.TempDir(), "request.xop")
	if err := os.WriteFile(file, p.Body, 0o644); err != nil {
		t.Fatal(err)
	}
	return file, p.ContentType
}

func TestDriveMTOMIsHeldToWhatTheManifestClaims(t *testing.T) {
	tests := []struct {
		name         string
		claims       bool
		drive        string // FAKE_DRIVE
		noElements   bool   // the package moves no content into parts
		status, want string // want: in the detail
	}{
		{"a client that sends XOP", true, "xop", false, "PASS", "xop:Include in 4 requests"},
		// A server reads inline base64 as readily: only the recording tells.
		{"a client that claims MTOM but sends base64 inline", true, "inline", false, "FAIL", "request 1 is not an XOP package"},
		{"a client that sends XOP packages without parts", true, "xop", true, "FAIL", "without an xop:Include"},
		{"a client that does not claim MTOM and refuses it", false, "refuses", false, "PASS", "unsupported: MTOM"},
		// Sending base64 inline under an MTOM label is what the refusal prevents:
		// this one tries to send, to an endpoint the check made sure answers nothing.
		{"a client that does not claim MTOM but takes --mtom", false, "inline", false, "FAIL", `not "unsupported: "`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := behavingStack(t)
			s.Stack.Features = runner.Features{NativeClient: true, NativeClientMTOM: tt.claims}
			s.XOPCase = mtomCase(t)
			elements := s.XOPCase.Elements
			if tt.noElements {
				elements = nil
			}
			body, contentType := packedRequest(t, s.XOPCase, elements)
			t.Setenv("FAKE_DRIVE", tt.drive)
			t.Setenv("FAKE_DRIVE_BODY", body)
			t.Setenv("FAKE_DRIVE_TYPE", contentType)
			t.Setenv("FAKE_DRIVE_LINE", summaryLine(t, mtomDriveCount, map[string]int64{}, nil))
			c := checkDriveMTOM(context.Background(), s)
			if c.Status != tt.status || !strings.Contains(c.Detail, tt.want) {
				t.Errorf("%s, want %s with %q", c.line("behaving"), tt.status, tt.want)
			}
		})
	}
}

func TestDriveMTOMIsSkippedWithoutAClientOrACaseToDrive(t *testing.T) {
	s := behavingStack(t)
	if c := checkDriveMTOM(context.Background(), s); c.Status != "SKIP" || !strings.Contains(c.Detail, "nativeClient") {
		t.Errorf("no native client: %s, want SKIP", c.line("behaving"))
	}
	s.Stack.Features = runner.Features{NativeClient: true, NativeClientMTOM: true}
	if c := checkDriveMTOM(context.Background(), s); c.Status != "SKIP" || !strings.Contains(c.Detail, "mtom-xop") {
		t.Errorf("no case with xopElements built: %s, want SKIP naming testdata/wsdl/mtom-xop", c.line("behaving"))
	}
}

// The recording server answers each request with the XOP package of the
// sample response of its action, as a stack built with --mtom would.
func TestRequestActionReadsSOAP11AndSOAP12(t *testing.T) {
	if got := requestAction(`"urn:a"`, "multipart/related; type=\"application/xop+xml\""); got != "urn:a" {
		t.Errorf("SOAP 1.1 header: %q", got)
	}
	if got := requestAction("", `multipart/related; type="application/xop+xml"; action="urn:b"`); got != "urn:b" {
		t.Errorf("SOAP 1.2 media type: %q", got)
	}
}
