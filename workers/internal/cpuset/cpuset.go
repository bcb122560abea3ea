// Package cpuset places the server and the load driver on disjoint CPU
// sets, so that neither takes cycles from the other.
package cpuset

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"unsafe"
)

// MinCores is the core count from which server and driver get CPUs of
// their own; below it they share every core.
const MinCores = 4

// Split divides CPUs 0..n-1: the server gets the larger half, since it does
// more work per request than the driver. ok is false below MinCores.
func Split(n int) (server, driver []int, ok bool) {
	if n < MinCores {
		return nil, nil, false
	}
	cut := n - n/2
	for i := range n {
		if i < cut {
			server = append(server, i)
		} else {
			driver = append(driver, i)
		}
	}
	return server, driver, true
}

// mask is a sched_setaffinity CPU mask for up to 1,024 CPUs.
type mask [16]uint64

func maskOf(cpus []int) (mask, error) {
	var m mask
	for _, c := range cpus {
		if c < 0 || c >= len(m)*64 {
			return m, fmt.Errorf("cpu %d out of range", c)
		}
		m[c/64] |= 1 << (c % 64)
	}
	return m, nil
}

// SetThread pins one thread (a tid; 0 is the calling thread) to cpus.
func SetThread(tid int, cpus []int) error {
	m, err := maskOf(cpus)
	if err != nil {
		return err
	}
	_, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, uintptr(tid), unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m)))
	if errno != 0 {
		return fmt.Errorf("sched_setaffinity(%d): %w", tid, errno)
	}
	return nil
}

// SetProcess pins every thread of every given process to cpus. Threads
// started later inherit the mask of the thread that starts them.
func SetProcess(pids []int, cpus []int) error {
	for _, pid := range pids {
		tasks, err := os.ReadDir(filepath.Join("/proc", strconv.Itoa(pid), "task"))
		if err != nil {
			continue // exited meanwhile
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			// A thread that ended since the listing is no failure.
			if err := SetThread(tid, cpus); err != nil && !errors.Is(err, syscall.ESRCH) {
				return err
			}
		}
	}
	return nil
}

// SetSelf pins every thread of this process to cpus and sizes the Go
// scheduler to them.
func SetSelf(cpus []int) error {
	if err := SetProcess([]int{os.Getpid()}, cpus); err != nil {
		return err
	}
	runtime.GOMAXPROCS(len(cpus))
	return nil
}

// All is every CPU of the machine, to undo a pinning.
func All() []int {
	out := make([]int, runtime.NumCPU())
	for i := range out {
		out[i] = i
	}
	return out
}
