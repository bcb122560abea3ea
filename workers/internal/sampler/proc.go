package sampler

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
)

// clockTicks is USER_HZ, the unit of utime and stime in /proc/PID/stat. The
// kernel ABI fixes it at 100 on every Linux architecture Go supports, and
// reading sysconf(_SC_CLK_TCK) would need cgo.
const clockTicks = 100

// procInfo is what the sampler reads of one process.
type procInfo struct {
	pid, ppid, pgrp int
	startTime       uint64 // with pid, tells a reused pid apart
	cpuTicks        uint64 // utime + stime
}

// readStat parses /proc/PID/stat. The command name may hold spaces and
// parentheses, so the fields are counted from its last ')'.
func readStat(procRoot string, pid int) (procInfo, bool) {
	raw, err := os.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "stat"))
	if err != nil {
		return procInfo{}, false
	}
	end := bytes.LastIndexByte(raw, ')')
	if end < 0 || end+2 > len(raw) {
		return procInfo{}, false
	}
	// Fields from 3 (state) on; field n is at index n-3.
	f := bytes.Fields(raw[end+2:])
	if len(f) < 20 {
		return procInfo{}, false
	}
	num := func(n int) uint64 {
		v, _ := strconv.ParseUint(string(f[n-3]), 10, 64)
		return v
	}
	return procInfo{
		pid: pid, ppid: int(num(4)), pgrp: int(num(5)),
		cpuTicks: num(14) + num(15), startTime: num(22),
	}, true
}

// readRSS is VmRSS of /proc/PID/status in bytes; 0 for a zombie or kernel thread.
func readRSS(procRoot string, pid int) int64 {
	raw, err := os.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "status"))
	if err != nil {
		return 0
	}
	i := bytes.Index(raw, []byte("VmRSS:"))
	if i < 0 {
		return 0
	}
	f := bytes.Fields(raw[i+len("VmRSS:"):])
	if len(f) < 1 {
		return 0
	}
	kb, _ := strconv.ParseInt(string(f[0]), 10, 64)
	return kb * 1024
}

// listProcs reads every process of procRoot.
func listProcs(procRoot string) []procInfo {
	entries, err := os.ReadDir(procRoot)
	if err != nil {
		return nil
	}
	out := make([]procInfo, 0, len(entries))
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if p, ok := readStat(procRoot, pid); ok {
			out = append(out, p)
		}
	}
	return out
}

// tree selects root, every process of root's process group, and every
// descendant of either (a server may start a child in a new group).
func tree(all []procInfo, root int) []procInfo {
	children := map[int][]int{}
	byPID := map[int]procInfo{}
	for _, p := range all {
		children[p.ppid] = append(children[p.ppid], p.pid)
		byPID[p.pid] = p
	}
	seen := map[int]bool{}
	var queue []int
	for _, p := range all {
		if p.pid == root || p.pgrp == root {
			queue = append(queue, p.pid)
		}
	}
	var out []procInfo
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if seen[pid] {
			continue
		}
		seen[pid] = true
		out = append(out, byPID[pid])
		queue = append(queue, children[pid]...)
	}
	return out
}

// Tree lists the pids of the process tree rooted at pid, as the sampler
// counts it: pid, its process group, and their descendants.
func Tree(pid int) []int {
	procs := tree(listProcs("/proc"), pid)
	out := make([]int, len(procs))
	for i, p := range procs {
		out[i] = p.pid
	}
	return out
}
