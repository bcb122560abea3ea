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
	began := time.Now()
	s := Start(cmd.Process.Pid)
	time.Sleep(700 * time.Millisecond)
	r := s.Stop()
	wall := time.Since(began).Seconds()
	// The bounds hold on a loaded machine too: the spinner gets some CPU, and
	// never more than one CPU for the time that passed.
	if r.CPUSeconds < 0.02 || r.CPUSeconds > wall+0.05 {
		t.Errorf("CPU = %.2f s over %.2f s of one spinning process, want more than 0.02 and at most the wall time", r.CPUSeconds, wall)
	}
	if r.PeakRSSBytes < 100<<10 {
		t.Errorf("peak RSS = %d bytes, want at least the shells' resident memory", r.PeakRSSBytes)
	}
	if r.Samples < 2 {
		t.Errorf("%d samples in %.2f s, want at least the first and one every %s", r.Samples, wall, Interval)
	}
}
