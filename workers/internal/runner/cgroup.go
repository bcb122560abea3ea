package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// CgroupRoot is where the cgroup hierarchies are mounted.
var CgroupRoot = "/sys/fs/cgroup"

var cgroupSeq atomic.Int64

// cgroup is one verb's memory and pids cgroup: one directory under cgroup
// v2, one per controller under v1. It also counts the CPU time of every
// process the verb ever ran, those that exited included (cpuSeconds).
type cgroup struct {
	dirs        []string
	procs       []string
	memoryBytes int64
	processes   int
	// cpuUsage is the file that counts the verb's CPU time, "" when none:
	// cpu.stat's usage_usec under v2, cpuacct.usage under v1 (the whole
	// file, cpuKey ""); cpuPerSecond is its count in one second.
	cpuUsage     string
	cpuKey       string
	cpuPerSecond float64
}

// newCgroup makes a cgroup for one verb, or returns nil when none can be
// made here (no permission, no controller): the verb then runs with its
// memory unlimited, as the report says.
func newCgroup(verb string, memoryBytes int64, processes int) *cgroup {
	if memoryBytes <= 0 && processes <= 0 {
		return nil
	}
	name := fmt.Sprintf("%s-%d-%d", verb, os.Getpid(), cgroupSeq.Add(1))
	if _, err := os.Stat(filepath.Join(CgroupRoot, "cgroup.controllers")); err == nil {
		return newCgroupV2(name, memoryBytes, processes)
	}
	g := &cgroup{}
	if memoryBytes > 0 {
		if dir, ok := makeCgroupDir(filepath.Join(CgroupRoot, "memory", "soapbench"), name, "memory.limit_in_bytes", memoryBytes); ok {
			g.dirs = append(g.dirs, dir)
			g.procs = append(g.procs, filepath.Join(dir, "cgroup.procs"))
			g.memoryBytes = memoryBytes
		}
	}
	if processes > 0 {
		if dir, ok := makeCgroupDir(filepath.Join(CgroupRoot, "pids", "soapbench"), name, "pids.max", int64(processes)); ok {
			g.dirs = append(g.dirs, dir)
			g.procs = append(g.procs, filepath.Join(dir, "cgroup.procs"))
			g.processes = processes
		}
	}
	if len(g.dirs) == 0 {
		return nil
	}
	// No limit to set: the cpuacct hierarchy only counts.
	if dir, ok := makeCgroupDir(filepath.Join(CgroupRoot, "cpuacct", "soapbench"), name, "", 0); ok {
		g.dirs = append(g.dirs, dir)
		g.procs = append(g.procs, filepath.Join(dir, "cgroup.procs"))
		g.cpuUsage, g.cpuPerSecond = filepath.Join(dir, "cpuacct.usage"), 1e9
	}
	return g
}

func newCgroupV2(name string, memoryBytes int64, processes int) *cgroup {
	parent := filepath.Join(CgroupRoot, "soapbench")
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil
	}
	// Controllers must be handed down by every level above the verb's cgroup.
	_ = os.WriteFile(filepath.Join(CgroupRoot, "cgroup.subtree_control"), []byte("+memory +pids"), 0)
	_ = os.WriteFile(filepath.Join(parent, "cgroup.subtree_control"), []byte("+memory +pids"), 0)
	dir := filepath.Join(parent, name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil
	}
	// cpu.stat is there whether or not the cpu controller is enabled.
	g := &cgroup{dirs: []string{dir}, procs: []string{filepath.Join(dir, "cgroup.procs")},
		cpuUsage: filepath.Join(dir, "cpu.stat"), cpuKey: "usage_usec", cpuPerSecond: 1e6}
	if memoryBytes > 0 && os.WriteFile(filepath.Join(dir, "memory.max"), []byte(fmt.Sprint(memoryBytes)), 0) == nil {
		g.memoryBytes = memoryBytes
		_ = os.WriteFile(filepath.Join(dir, "memory.swap.max"), []byte("0"), 0)
	}
	if processes > 0 && os.WriteFile(filepath.Join(dir, "pids.max"), []byte(fmt.Sprint(processes)), 0) == nil {
		g.processes = processes
	}
	return g
}

// makeCgroupDir makes parent/name and writes limit into its file (none when
// file is ""); false when the hierarchy is missing or not writable.
func makeCgroupDir(parent, name, file string, limit int64) (string, bool) {
	// A hierarchy's root holds cgroup.procs; without that mount, parent would
	// be made on the tmpfs above the mounts, and bound and count nothing.
	if _, err := os.Stat(filepath.Join(filepath.Dir(parent), "cgroup.procs")); err != nil {
		return "", false
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", false
	}
	dir := filepath.Join(parent, name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return "", false
	}
	if file == "" {
		return dir, true
	}
	if err := os.WriteFile(filepath.Join(dir, file), []byte(fmt.Sprint(limit)), 0); err != nil {
		_ = os.Remove(dir)
		return "", false
	}
	return dir, true
}

// remove deletes the cgroup once its processes are gone; the kernel refuses
// while a dying process still counts, hence the short retry.
func (g *cgroup) remove() {
	for _, dir := range g.dirs {
		for i := 0; i < 20; i++ {
			if err := os.Remove(dir); err == nil || os.IsNotExist(err) {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// cpuSeconds is the user+system time of every process that ran in the
// cgroup, those that exited included; false when this cgroup does not count
// CPU time. Read it before remove.
func (g *cgroup) cpuSeconds() (float64, bool) {
	if g.cpuUsage == "" {
		return 0, false
	}
	n := counter(g.cpuUsage, g.cpuKey)
	return float64(n) / g.cpuPerSecond, n >= 0
}

// breach names the bound of the cgroup that the verb ran into, "" when none:
// an OOM kill, or a fork refused at the pids limit.
func (g *cgroup) breach() string {
	for _, dir := range g.dirs {
		// v2 counts in memory.events, v1 in memory.oom_control.
		if g.memoryBytes > 0 && (counter(filepath.Join(dir, "memory.events"), "oom_kill") > 0 ||
			counter(filepath.Join(dir, "memory.oom_control"), "oom_kill") > 0) {
			return fmt.Sprintf("memory limit of %s reached", bytesText(g.memoryBytes))
		}
	}
	for _, dir := range g.dirs {
		if g.processes > 0 && counter(filepath.Join(dir, "pids.events"), "max") > 0 {
			return fmt.Sprintf("more than %d processes and threads", g.processes)
		}
	}
	return ""
}

// counter reads a number from a cgroup file: the value of the line that
// starts with key, or the whole file when key is ""; -1 when there is none.
func counter(path, key string) int64 {
	raw, err := os.ReadFile(path)
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		fields := strings.Fields(line)
		switch {
		case key == "" && len(fields) == 1:
			n, _ := strconv.ParseInt(fields[0], 10, 64)
			return n
		case len(fields) == 2 && fields[0] == key:
			n, _ := strconv.ParseInt(fields[1], 10, 64)
			return n
		}
	}
	return -1
}

// bytesText is n in the largest binary unit that divides it, as people write
// limits: "4 GiB", "512 MiB".
func bytesText(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
