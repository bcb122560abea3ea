package runner

import (
	"context"
	"errors"
	"io"
	"os/exec"
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
}

// startProcess starts c in dir. Standard output also goes to stdoutTap when
// it is not nil.
func startProcess(c command, dir string, stdoutTap io.Writer) (*process, error) {
	p := &process{
		log:    newTailBuffer(LogTailBytes),
		stderr: newTailBuffer(8 << 10),
		done:   make(chan struct{}),
	}
	cmd := exec.Command(c.path, c.args...)
	cmd.Dir = dir
	cmd.Env = c.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = io.MultiWriter(p.log, p.stderr)
	if stdoutTap != nil {
		cmd.Stdout = io.MultiWriter(p.log, stdoutTap)
	} else {
		cmd.Stdout = p.log
	}
	// A grandchild that keeps the pipes open must not keep Wait from returning.
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		c.cleanup()
		return nil, err
	}
	p.cmd = cmd
	go func() {
		p.err = cmd.Wait()
		c.cleanup()
		close(p.done)
	}()
	return p, nil
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
