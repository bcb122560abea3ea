package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"soapbench.dev/workers/internal/runner"
)

// The behaviour checks run the runner's verbs themselves, outside the
// worker's sandbox: they must see what the worker's runner package hides on
// purpose (the exit status after SIGTERM, a port chosen by the caller, every
// line of stdout in order).

// verbRun is a runner verb that ran to its end, or to its timeout.
type verbRun struct {
	Stdout, Stderr string
	ExitCode       int
	Elapsed        time.Duration
	TimedOut       bool
}

// lastStderrLine is the line the contract reads a failure from.
func (r verbRun) lastStderrLine() string { return lastLine(r.Stderr) }

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\r\n \t"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// runVerb runs `runner ARGS...` in the stack's folder, in a process group of
// its own so that a timeout ends whatever it started too.
func runVerb(ctx context.Context, stack runner.Stack, timeout time.Duration, args ...string) verbRun {
	cmd := exec.Command(stack.RunnerPath(), args...)
	cmd.Dir = stack.Dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 2 * time.Second
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return verbRun{Stderr: fmt.Sprintf("error: cannot start %s: %v", stack.RunnerPath(), err), ExitCode: -1}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timedOut := false
	select {
	case <-done:
	case <-time.After(timeout):
		timedOut = true
		killGroup(cmd.Process.Pid)
		<-done
	case <-ctx.Done():
		killGroup(cmd.Process.Pid)
		<-done
	}
	return verbRun{Stdout: stdout.String(), Stderr: stderr.String(), ExitCode: cmd.ProcessState.ExitCode(),
		Elapsed: time.Since(start), TimedOut: timedOut}
}

func killGroup(pgid int) { _ = syscall.Kill(-pgid, syscall.SIGKILL) }

// served is a `runner serve` started by a behaviour check.
type served struct {
	cmd    *exec.Cmd
	stderr *lockedBuffer
	stdout *lineLog
	done   chan struct{}
}

// startServe starts `runner serve --build DIR --port PORT [--variant ID]`.
func startServe(stack runner.Stack, buildDir string, port int, variant string) (*served, error) {
	args := []string{"serve", "--build", buildDir, "--port", fmt.Sprint(port)}
	if variant != "" {
		args = append(args, "--variant", variant)
	}
	cmd := exec.Command(stack.RunnerPath(), args...)
	cmd.Dir = stack.Dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	s := &served{cmd: cmd, stderr: &lockedBuffer{}, stdout: &lineLog{}, done: make(chan struct{})}
	// A pipe of our own, closed once the runner is waited for: a child that
	// outlives the runner and keeps stdout open must not hide its exit.
	pr, pw := io.Pipe()
	cmd.Stderr, cmd.Stdout = s.stderr, pw
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	read := make(chan struct{})
	go func() {
		s.stdout.read(pr)
		close(read)
	}()
	go func() {
		_ = cmd.Wait()
		pw.Close()
		<-read // every line is in s.stdout once the runner is done
		close(s.done)
	}()
	return s, nil
}

// errExited is a server that ended before READY.
var errExited = errors.New("exited before READY")

// readyPoll is how often waitReady looks for the READY line.
const readyPoll = 20 * time.Millisecond

// waitReady returns the READY line and the stdout lines before it.
func (s *served) waitReady(ctx context.Context, timeout time.Duration) (ready string, before []string, err error) {
	deadline := time.Now().Add(timeout)
	for {
		lines, closed := s.stdout.snapshot()
		for i, line := range lines {
			if strings.HasPrefix(line, "READY ") {
				return line, lines[:i], nil
			}
		}
		switch {
		case closed:
			<-s.done
			return "", lines, errExited
		case time.Now().After(deadline):
			return "", lines, fmt.Errorf("no READY line within %s", timeout)
		case ctx.Err() != nil:
			return "", lines, ctx.Err()
		}
		time.Sleep(readyPoll)
	}
}

// linesAfterReady are the stdout lines printed after the READY line so far.
func (s *served) linesAfterReady() []string {
	lines, _ := s.stdout.snapshot()
	for i, line := range lines {
		if strings.HasPrefix(line, "READY ") {
			return lines[i+1:]
		}
	}
	return nil
}

// exited waits for the runner to end, for at most wait.
func (s *served) exited(wait time.Duration) bool {
	select {
	case <-s.done:
		return true
	case <-time.After(wait):
		return false
	}
}

// exitCode is the runner's exit status once it exited.
func (s *served) exitCode() int { return s.cmd.ProcessState.ExitCode() }

// runningAfter lists the processes of the runner's group that still run at
// deadline, as "PID (command)"; it returns as soon as none does.
func (s *served) runningAfter(deadline time.Time) []string {
	for {
		left := runningInGroup(s.cmd.Process.Pid)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(readyPoll)
	}
}

// runningInGroup lists the processes of group pgid that run. A zombie does
// not: a child the runner never reaped waits for init to reap it after the
// runner ends, and holds nothing open.
func runningInGroup(pgid int) []string {
	var out []string
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, path := range stats {
		raw, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		state, group, ok := stateAndGroup(string(raw))
		if ok && group == pgid && state != "Z" && state != "X" {
			out = append(out, strings.TrimSpace(string(raw[:strings.LastIndexByte(string(raw), ')')+1])))
		}
	}
	return out
}

// stateAndGroup reads the state and process group from /proc/PID/stat,
// whose second field, the command in parentheses, may hold spaces.
func stateAndGroup(stat string) (string, int, bool) {
	end := strings.LastIndexByte(stat, ')')
	if end < 0 {
		return "", 0, false
	}
	fields := strings.Fields(stat[end+1:]) // state, ppid, pgrp, ...
	if len(fields) < 3 {
		return "", 0, false
	}
	group, err := strconv.Atoi(fields[2])
	return fields[0], group, err == nil
}

// kill ends the runner's group and waits for the runner.
func (s *served) kill() {
	killGroup(s.cmd.Process.Pid)
	<-s.done
}

// lineLog keeps the first lines of a stream; the rest is drained, so that a
// server that logs every request never blocks on its pipe.
type lineLog struct {
	mu     sync.Mutex
	lines  []string
	closed bool
}

// maxLoggedLines is far more than a runner prints before and around READY.
const maxLoggedLines = 1000

func (l *lineLog) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		l.mu.Lock()
		if len(l.lines) < maxLoggedLines {
			l.lines = append(l.lines, strings.TrimSpace(sc.Text()))
		}
		l.mu.Unlock()
	}
	_, _ = io.Copy(io.Discard, r)
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
}

func (l *lineLog) snapshot() ([]string, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...), l.closed
}

// lockedBuffer is a buffer that one goroutine writes and another reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// signalRunner sends sig to the runner alone, not its group: stopping what
// it started is the runner's part of the contract.
func (s *served) signalRunner(sig os.Signal) error { return s.cmd.Process.Signal(sig) }
