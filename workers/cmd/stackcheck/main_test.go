package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestStackcheckOnFakeStacks(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "stackcheck")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	tests := []struct {
		stack    string
		wantLast string
		wantExit int
		wantLine string
	}{
		// A stack that answers right passes every default case.
		{"fake", "2 passed, 0 failed", 0, "PASS fake echo (build "},
		// A wrong answer names the path where it differs.
		{"fake-wrong", "0 passed, 2 failed", 1, "FAIL fake-wrong orders: verify getOrder: /getOrderResponse/order/id/extra: unexpected element"},
		// A build failure shows the runner's own line.
		{"fake-unsupported", "0 passed, 2 failed", 1, "FAIL fake-unsupported echo: build: unsupported: rpc/encoded binding FakeBinding"},
		// A stack that cannot run here is skipped, not failed.
		{"fake-unavailable", "0 passed, 0 failed, 2 skipped", 0, "SKIP fake-unavailable echo: unavailable: the fake toolchain is not installed"},
	}
	for _, tt := range tests {
		t.Run(tt.stack, func(t *testing.T) {
			cmd := exec.Command(bin, "-repo", "../../..", "-stacks", "../../testdata/stacks", tt.stack)
			cmd.Env = os.Environ()
			out, _ := cmd.Output()
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if got := lines[len(lines)-1]; got != tt.wantLast {
				t.Errorf("last line %q, want %q\n%s", got, tt.wantLast, out)
			}
			if cmd.ProcessState.ExitCode() != tt.wantExit {
				t.Errorf("exit %d, want %d", cmd.ProcessState.ExitCode(), tt.wantExit)
			}
			if !strings.Contains(string(out), tt.wantLine) {
				t.Errorf("output lacks %q:\n%s", tt.wantLine, out)
			}
		})
	}
}
