package fingerprint

import (
	"context"
	"testing"
)

func TestParsers(t *testing.T) {
	if got := cpuModel("processor\t: 0\nmodel name\t: AMD EPYC 7B13\n"); got != "AMD EPYC 7B13" {
		t.Errorf("cpuModel = %q", got)
	}
	if got := memTotal("MemTotal:        8048576 kB\nMemFree: 1 kB\n"); got != 8048576*1024 {
		t.Errorf("memTotal = %d", got)
	}
}

func TestTakeOnThisMachine(t *testing.T) {
	fp := Take(context.Background(), true)
	if fp.Cores < 1 || fp.MemoryBytes <= 0 || fp.Kernel == "" || fp.CPUModel == "" {
		t.Errorf("fingerprint %+v lacks required fields", fp)
	}
	// Pinning needs enough cores to split; otherwise the CPUs are shared.
	if want := map[bool]string{true: "pinned", false: "shared"}[fp.Cores >= PinnedMinCores]; fp.CPUSharing != want {
		t.Errorf("cpuSharing = %q on %d cores, want %q", fp.CPUSharing, fp.Cores, want)
	}
}
