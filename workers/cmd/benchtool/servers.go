package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/netns"
	"soapbench.dev/workers/internal/runner"
)

// server is a server under test: its endpoint, the pid whose process tree
// the sampler reads, and how to stop it.
type server struct {
	url string
	pid int
	// net is a sandboxed stack's network namespace, where its clients
	// connect from; nil for a bench server binary.
	net  *netns.Namespace
	stop func()
}

// startBinary runs a bench server (bench/soapserver) with args and waits for
// its "READY URL" line.
func startBinary(path string, args ...string) (*server, error) {
	cmd := exec.Command(path, args...)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v (build it with make -C bench)", path, err)
	}
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "READY "); ok {
				ready <- u
			}
		}
	}()
	stop := func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		_ = cmd.Wait()
	}
	select {
	case u := <-ready:
		return &server{url: u, pid: cmd.Process.Pid, stop: stop}, nil
	case <-time.After(10 * time.Second):
		stop()
		return nil, fmt.Errorf("%s printed no READY line within 10 s", path)
	}
}

// startStack builds the catalog echo service in one stack with sample s
// and serves it, as the worker does.
func startStack(ctx context.Context, root, id string, s message.Sample) (*server, error) {
	stacks, err := runner.Discover(filepath.Join(root, "stack-runners"))
	if err != nil {
		return nil, err
	}
	st, ok := runner.Find(stacks, id)
	if !ok {
		return nil, fmt.Errorf("no stack %q in stack-runners/", id)
	}
	work, err := runner.MkdirTemp("benchtool-" + id + "-")
	if err != nil {
		return nil, err
	}
	samplesDir, out := filepath.Join(work, "samples"), filepath.Join(work, "build")
	if err := writeSamples(samplesDir, s); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	fmt.Printf("building %s (catalog echo)...\n", id)
	built, err := st.Build(ctx, runner.BuildRequest{BundleDir: filepath.Join(root, "wsdl-catalog", "echo"), Entry: "echo.wsdl",
		SamplesDir: samplesDir, Security: "plain", Version: st.DefaultVersion(), OutDir: out, Catalog: "echo"})
	if err != nil {
		os.RemoveAll(work)
		return nil, describe(err)
	}
	fmt.Printf("built %s in %.1f s\n", id, built.Seconds)
	srv, err := st.Serve(ctx, out, 0)
	if err != nil {
		os.RemoveAll(work)
		return nil, describe(err)
	}
	return &server{url: srv.URL, pid: srv.PID(), net: srv.Net, stop: func() {
		srv.Stop()
		os.RemoveAll(work)
	}}, nil
}

func describe(err error) error {
	if f, ok := err.(*runner.Failure); ok {
		return fmt.Errorf("%s", f.Reason)
	}
	return err
}
