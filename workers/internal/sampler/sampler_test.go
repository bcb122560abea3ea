package sampler

import (
	"os/exec"
	"sort"
	"syscall"
	"testing"
	"time"
)

func TestTreeFollowsGroupAndDescendants(t *testing.T) {
	all := []procInfo{
		{pid: 1, ppid: 0, pgrp: 1},
		{pid: 100, ppid: 1, pgrp: 100},   // the runner, leader of its group
		{pid: 101, ppid: 100, pgrp: 100}, // its JVM
		{pid: 102, ppid: 101, pgrp: 102}, // a child that left the group
		{pid: 103, ppid: 1, pgrp: 100},   // reparented to init, still in the group
		{pid: 200, ppid: 1, pgrp: 200},   // unrelated
	}
	var pids []int
	for _, p := range tree(all, 100) {
		pids = append(pids, p.pid)
	}
	sort.Ints(pids)
	want := []int{100, 101, 102, 103}
	if len(pids) != len(want) {
		t.Fatalf("tree = %v, want %v", pids, want)
	}
	for i := range want {
		if pids[i] != want[i] {
			t.Fatalf("tree = %v, want %v", pids, want)
		}
	}
}

func TestSamplerMeasuresABusyTree(t *testing.T) {
	// A shell in its own group whose child spins: the CPU is the child's.
	cmd := exec.Command("sh", "-c", "sh -c 'while :; do :; done' & wait")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
	}()
	time.Sleep(100 * time.Millisecond)
	s := Start(cmd.Process.Pid)
	time.Sleep(700 * time.Millisecond)
	r := s.Stop()
	if r.CPUSeconds < 0.2 || r.CPUSeconds > 1.5 {
		t.Errorf("CPU = %.2f s over 0.7 s of one spinning process, want between 0.2 and 1.5", r.CPUSeconds)
	}
	if r.PeakRSSBytes < 100<<10 {
		t.Errorf("peak RSS = %d bytes, want at least the shells' resident memory", r.PeakRSSBytes)
	}
	if r.Samples < 5 {
		t.Errorf("%d samples in 0.7 s, want one per %s", r.Samples, Interval)
	}
}
