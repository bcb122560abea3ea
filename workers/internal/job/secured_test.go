package job

import (
	"context"
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
