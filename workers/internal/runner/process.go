package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"time"
)

// StopGrace is how long a stopped process group has between SIGTERM and SIGKILL.
const StopGrace = 5 * time.Second

// process is one runner verb running in its own process group, so that
// stopping it also stops whatever the runner started (a JVM, a compiler).
type process struct {
	cmd    *exec.Cmd
	log    *tailBuffer // stdout and stderr interleaved
	stderr *tailBuffer // stderr alone, for its last line
	done   chan struct{}
	err    error // valid once done is closed
	// sandboxPID receives the pid of the sandbox's first process, as the
	// host sees it, once bubblewrap reports it; closed without one when the
	// verb is unconfined or ends first.
	sandboxPID chan int
	breachMu   sync.Mutex
	breach     string // the bound the verb broke, "" while none
	// groupCPU is the CPU time of every process the verb ran, read from its
	// cgroup once it ended (groupCounted false where no cgroup counts it);
	// valid once done is closed.
	groupCPU     float64
	groupCounted bool
}

// startProcess starts c in dir. Standard output also goes to stdoutTap when
// it is not nil.
func startProcess(c command, dir string, stdoutTap io.Writer) (*process, error) {
	p := &process{
		log:    newTailBuffer(LogTailBytes),
		stderr: newTailBuffer(8 << 10),
		done:   make(chan struct{}),
	}
	p.sandboxPID = make(chan int, 1)
	cmd := exec.Command(c.path, c.args...)
	cmd.Dir = dir
	cmd.Env = c.env
	cmd.ExtraFiles = c.extraFiles
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = io.MultiWriter(p.log, p.stderr)
	if stdoutTap != nil {
		cmd.Stdout = io.MultiWriter(p.log, stdoutTap)
	} else {
		cmd.Stdout = p.log
	}
	// A grandchild that keeps the pipes open must not keep Wait from returning.
	cmd.WaitDelay = 2 * time.Second
	err := startOnStableThread(cmd)
	for _, f := range c.closeAfterStart {
		f.Close()
	}
	if err != nil {
		c.cleanup()
		return nil, err
	}
	p.cmd = cmd
	go readSandboxPID(c.info, p.sandboxPID)
	stopWatch := make(chan struct{})
	if c.bounds.diskBytes > 0 {
		go p.watchDisk(c.bounds, stopWatch)
	}
	go func() {
		p.err = cmd.Wait()
		close(stopWatch)
		if c.group != nil {
			p.setBreach(c.group.breach())
			p.groupCPU, p.groupCounted = c.group.cpuSeconds()
		}
		c.cleanup()
		close(p.done)
	}()
	return p, nil
}

// readSandboxPID reads bubblewrap's --info-fd report: {"child-pid": N, ...}.
func readSandboxPID(info *os.File, out chan<- int) {
	defer close(out)
	if info == nil {
		return
	}
	var report struct {
		ChildPID int `json:"child-pid"`
	}
	if err := json.NewDecoder(info).Decode(&report); err == nil && report.ChildPID > 0 {
		out <- report.ChildPID
	}
}

// DiskWatchInterval is how often the folders a verb writes are measured.
const DiskWatchInterval = time.Second

// watchDisk stops the verb once its folders hold more than the bound; a
// file is also bounded on its own by RLIMIT_FSIZE, which the kernel enforces.
func (p *process) watchDisk(b bounds, stop <-chan struct{}) {
	tick := time.NewTicker(DiskWatchInterval)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		var total int64
		for _, dir := range b.watched {
			total += treeBytes(dir)
		}
		if total > b.diskBytes {
			p.setBreach(fmt.Sprintf("wrote more than %s to its folders", bytesText(b.diskBytes)))
			go p.stop()
			return
		}
	}
}

// treeBytes is the disk space the files under dir take, links not followed.
func treeBytes(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			if st, ok := fi.Sys().(*syscall.Stat_t); ok {
				n += st.Blocks * 512
			} else {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

func (p *process) setBreach(reason string) {
	p.breachMu.Lock()
	defer p.breachMu.Unlock()
	if p.breach == "" {
		p.breach = reason
	}
}

// breachFailure is the failure of a verb that broke a bound of the sandbox,
// nil when it broke none.
func (p *process) breachFailure() *Failure {
	p.breachMu.Lock()
	defer p.breachMu.Unlock()
	if p.breach == "" {
		return nil
	}
	return &Failure{Kind: Error, Reason: "error: sandbox: " + p.breach, Log: p.log.String()}
}

// pgid is the process group of the runner (equal to its pid).
func (p *process) pgid() int { return p.cmd.Process.Pid }

// wait waits for the process to exit, for timeout, or for ctx; in the last
// two cases it stops the process group first.
func (p *process) wait(ctx context.Context, timeout time.Duration) (timedOut bool, err error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-p.done:
		return false, p.err
	case <-timer.C:
		p.stop()
		return true, p.err
	case <-ctx.Done():
		p.stop()
		return false, ctx.Err()
	}
}

// stop sends SIGTERM to the group, and SIGKILL to whatever is left once the
// leader exited or StopGrace passed.
func (p *process) stop() {
	pg := p.pgid()
	_ = syscall.Kill(-pg, syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(StopGrace):
	}
	if err := syscall.Kill(-pg, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
		_ = p.cmd.Process.Kill()
	}
	<-p.done
}

func (p *process) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// starts runs every cmd.Start on one thread that never ends: bubblewrap's
// --die-with-parent is a parent-death signal, sent when the thread that
// forked bwrap ends, not the process, and Go ends threads that a goroutine
// left locked (internal/netns).
var starts = make(chan func())

func init() {
	go func() {
		runtime.LockOSThread()
		for start := range starts {
			start()
		}
	}()
}

func startOnStableThread(cmd *exec.Cmd) error {
	done := make(chan error, 1)
	starts <- func() { done <- cmd.Start() }
	return <-done
}
