package job

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/message"
)

// A stack that claims a security mode but ignores it is caught before it is
// measured: the worker verifies secured modes through the project's real
// checker, which sends tampered requests the fake stack does not refuse.
func TestASecuredModeIsVerifiedByTheSecurityChecker(t *testing.T) {
	t.Parallel()
	dir, err := filepath.Abs("../../../stack-runners/security")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "checker/target/security-checker.jar")); err != nil {
		t.Skip("the security checker is not built: run make -C stack-runners/security build")
	}
	x := testExecutor(t)
	x.SecurityDir = dir
	job := echoJob(t, "fake")
	job.Workload.Security = []string{"username"}
	rec := &recorder{}

	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}

	if got := strings.Join(rec.kinds(), " "); got != "accepted building:fake built:fake verify_failed:fake completed" {
		t.Fatalf("events %s: want fake to fail verification in mode username", got)
	}
	p := rec.events[3].Payload.(message.VerifyFailedPayload)
	if p.Security != "username" || !strings.Contains(p.Reason, "wrong-password: ") || !strings.Contains(p.Reason, "not refused") {
		t.Errorf("verify_failed %+v: want the wrong password named as not refused, in mode username", p)
	}
}

// A secured cell warms its server through the stack's own client: the
// worker's driver sends no WS-Security, and a secured server would answer
// it with faults. The warm-up seconds go by in drives sized from the
// client's rate, and the measured drive comes last with the workload's
// warm-up requests.
func TestASecuredCellWarmsUpThroughTheStacksOwnClient(t *testing.T) {
	x := nativeExecutor(t)
	log := filepath.Join(t.TempDir(), "drives.jsonl")
	t.Setenv("FAKE_DRIVE_LOG", log)
	t.Setenv("FAKE_DRIVE_LINE", driveLine(t, 10, 0, 0.5))
	job := nativeJob(t, 10, "fake-native")
	job.Workload.Security = []string{"username"}
	seconds := 1.0
	job.Workload.Warmup.Seconds = &seconds
	rec := &recorder{}

	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}

	want := "accepted building:fake-native built:fake-native verified:fake-native measuring:fake-native measurement:fake-native completed"
	if got := strings.Join(rec.kinds(), " "); got != want {
		t.Fatalf("events:\n got %s\nwant %s", got, want)
	}
	raw, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var drives []struct{ Count, Warmup int }
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var d struct{ Count, Warmup int }
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("drive log line %q: %v", line, err)
		}
		drives = append(drives, d)
	}
	if len(drives) < 2 {
		t.Fatalf("drives %v: want warm-up drives before the measured one", drives)
	}
	last, windows := drives[len(drives)-1], drives[:len(drives)-1]
	if last.Count != 10 || last.Warmup != 20 {
		t.Errorf("measured drive %+v: want count 10 after the workload's 20 warm-up requests", last)
	}
	// The first window is firstDriveWindow requests; the client reports 10 in
	// 0.5 s, so the next ones are sized to the least window.
	if windows[0] != (struct{ Count, Warmup int }{firstDriveWindow, 0}) {
		t.Errorf("first warm-up drive %+v: want %d requests and no warm-up of its own", windows[0], firstDriveWindow)
	}
	for _, w := range windows[1:] {
		if w.Count != minDriveWindow || w.Warmup != 0 {
			t.Errorf("warm-up drive %+v: want %d requests sized from the last rate", w, minDriveWindow)
		}
	}
	var m message.Measurement
	for _, ev := range rec.events {
		if p, ok := ev.Payload.(message.Measurement); ok {
			m = p
		}
	}
	if m.Cell.Security != "username" || m.Warmup == nil || m.Warmup.Seconds < 1 || m.Warmup.Requests != int64(10*len(windows)) {
		t.Errorf("measurement cell %+v warm-up %+v: want username, at least 1 s, and the windows' answered requests (%d drives of 10)",
			m.Cell, m.Warmup, len(windows))
	}
}
