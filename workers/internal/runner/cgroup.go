package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"
)

// CgroupRoot is where the cgroup hierarchies are mounted.
var CgroupRoot = "/sys/fs/cgroup"

var cgroupSeq atomic.Int64

// cgroup is one verb's memory and pids cgroup: one directory under cgroup
// v2, one per controller under v1.
type cgroup struct {
	dirs        []string
	procs       []string
	memoryBytes int64
	processes   int
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
	g := &cgroup{dirs: []string{dir}, procs: []string{filepath.Join(dir, "cgroup.procs")}}
	if memoryBytes > 0 && os.WriteFile(filepath.Join(dir, "memory.max"), []byte(fmt.Sprint(memoryBytes)), 0) == nil {
		g.memoryBytes = memoryBytes
		_ = os.WriteFile(filepath.Join(dir, "memory.swap.max"), []byte("0"), 0)
	}
	if processes > 0 && os.WriteFile(filepath.Join(dir, "pids.max"), []byte(fmt.Sprint(processes)), 0) == nil {
		g.processes = processes
	}
	return g
}

// makeCgroupDir makes parent/name and writes limit into its file; false when
// the hierarchy is missing or not writable.
func makeCgroupDir(parent, name, file string, limit int64) (string, bool) {
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", false
	}
	dir := filepath.Join(parent, name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return "", false
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
