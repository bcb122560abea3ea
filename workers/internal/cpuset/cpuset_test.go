package cpuset

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		n              int
		server, driver string
		ok             bool
	}{
		{2, "", "", false},        // too few cores: shared
		{4, "0,1", "2,3", true},   // halves
		{5, "0,1,2", "3,4", true}, // the server gets the odd core
		{8, "0,1,2,3", "4,5,6,7", true},
	}
	for _, tt := range tests {
		s, d, ok := Split(tt.n)
		if ok != tt.ok || join(s) != tt.server || join(d) != tt.driver {
			t.Errorf("Split(%d) = %v %v %v, want %s | %s %v", tt.n, s, d, ok, tt.server, tt.driver, tt.ok)
		}
	}
}

func join(cpus []int) string {
	var parts []string
	for _, c := range cpus {
		parts = append(parts, strconv.Itoa(c))
	}
	return strings.Join(parts, ",")
}

func TestSetProcessPinsEveryThread(t *testing.T) {
	cmd := exec.Command("sleep", "5")
	if err := cmd.Start(); err != nil {
		t.Skip("cannot start sleep:", err)
	}
	defer cmd.Process.Kill()
	if err := SetProcess([]int{cmd.Process.Pid}, []int{0}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond)
	raw, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "status"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			if strings.TrimSpace(v) != "0" {
				t.Errorf("allowed CPUs %q, want 0", strings.TrimSpace(v))
			}
			return
		}
	}
	t.Error("no Cpus_allowed_list in /proc status")
}
