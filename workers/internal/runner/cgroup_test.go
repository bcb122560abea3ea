package runner

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// fakeCgroupRoot points CgroupRoot at a folder laid out like a mount of
// cgroup v2 (v2 true) or of the v1 hierarchies named.
func fakeCgroupRoot(t *testing.T, v2 bool, hierarchies ...string) string {
	t.Helper()
	root := t.TempDir()
	if v2 {
		os.WriteFile(filepath.Join(root, "cgroup.controllers"), []byte("cpu memory pids\n"), 0o644)
	}
	for _, h := range hierarchies {
		os.MkdirAll(filepath.Join(root, h), 0o755)
		os.WriteFile(filepath.Join(root, h, "cgroup.procs"), nil, 0o644)
	}
	old := CgroupRoot
	CgroupRoot = root
	t.Cleanup(func() { CgroupRoot = old })
	return root
}

func TestCgroupCountsTheVerbsCPUTime(t *testing.T) {
	t.Run("v2 reads cpu.stat in microseconds", func(t *testing.T) {
		fakeCgroupRoot(t, true)
		g := newCgroup("drive", 64<<20, 100)
		if g == nil {
			t.Fatal("no cgroup made")
		}
		// The kernel writes cpu.stat; here the test does.
		os.WriteFile(g.cpuUsage, []byte("usage_usec 2750000\nuser_usec 2000000\nsystem_usec 750000\n"), 0o644)
		if got, ok := g.cpuSeconds(); !ok || math.Abs(got-2.75) > 1e-9 {
			t.Errorf("cpuSeconds() = %v, %v; want 2.75, true", got, ok)
		}
	})
	t.Run("v1 reads cpuacct.usage in nanoseconds", func(t *testing.T) {
		fakeCgroupRoot(t, false, "memory", "pids", "cpuacct")
		g := newCgroup("drive", 64<<20, 100)
		if g == nil || g.cpuUsage == "" {
			t.Fatalf("cgroup %+v counts no CPU time", g)
		}
		if len(g.procs) != 3 {
			t.Errorf("the verb joins %v, want memory, pids and cpuacct", g.procs)
		}
		os.WriteFile(g.cpuUsage, []byte("1500000000\n"), 0o644)
		if got, ok := g.cpuSeconds(); !ok || math.Abs(got-1.5) > 1e-9 {
			t.Errorf("cpuSeconds() = %v, %v; want 1.5, true", got, ok)
		}
	})
	t.Run("v1 without cpuacct counts nothing and makes no folder for it", func(t *testing.T) {
		root := fakeCgroupRoot(t, false, "memory")
		g := newCgroup("drive", 64<<20, 100)
		if g == nil {
			t.Fatal("no memory cgroup made")
		}
		if _, ok := g.cpuSeconds(); ok {
			t.Error("a cgroup without cpuacct says it counts CPU time")
		}
		// Neither hierarchy is mounted: no folder on the tmpfs above them.
		for _, h := range []string{"cpuacct", "pids"} {
			if _, err := os.Stat(filepath.Join(root, h)); err == nil {
				t.Errorf("made %s/ where no %s hierarchy is mounted", h, h)
			}
		}
		if g.processes != 0 {
			t.Errorf("reports a pids limit of %d with no pids hierarchy", g.processes)
		}
	})
}
