package runner

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"soapbench.dev/workers/internal/netns"
)

// ReadyTimeout bounds the time from `runner serve` to its READY line.
const ReadyTimeout = 90 * time.Second

// Server is a running `runner serve`.
type Server struct {
	// URL is the endpoint from the READY line.
	URL string
	// Port is the loopback port the server was told to use.
	Port int
	// StartupSeconds runs from starting the runner to its READY line.
	StartupSeconds float64
	// Sandbox is what confines the server.
	Sandbox SandboxReport
	// Net is the server's own network namespace, which holds nothing but a
	// loopback: the driver, the verifier and native clients make their
	// sockets inside it. nil when the server shares the worker's network.
	Net      *netns.Namespace
	p        *process
	lifetime *time.Timer
}

// PGID is the server's process group, which holds every process it started.
func (s *Server) PGID() int { return s.p.pgid() }

// PID is the runner's own process id, the root of the server's process tree.
func (s *Server) PID() int { return s.p.pgid() }

// Log is the tail of the server's output so far.
func (s *Server) Log() string { return s.p.log.String() }

// Exited reports whether the server has stopped on its own.
func (s *Server) Exited() bool { return s.p.exited() }

// Stop stops the server's process group: SIGTERM, then SIGKILL after
// StopGrace; then releases its network namespace.
func (s *Server) Stop() {
	if s.lifetime != nil {
		s.lifetime.Stop()
	}
	s.p.stop()
	s.Net.Close()
}

// Breach is the bound of the sandbox the server broke (its lifetime, memory,
// processes, disk), nil while it broke none.
func (s *Server) Breach() *Failure { return s.p.breachFailure() }

// Serve runs `runner serve` on a fresh loopback port and waits for its READY
// line. A server that exits or stays silent returns a *Failure.
func (s Stack) Serve(ctx context.Context, buildDir string, readyTimeout time.Duration) (*Server, error) {
	return s.ServeVariant(ctx, buildDir, "", readyTimeout)
}

// ServeVariant is Serve with the server configured as the manifest's variant
// (--variant ID), or as its default when variant is "". A variant the
// manifest does not declare never reaches the runner's command line.
func (s Stack) ServeVariant(ctx context.Context, buildDir, variant string, readyTimeout time.Duration) (*Server, error) {
	if readyTimeout <= 0 {
		readyTimeout = ReadyTimeout
	}
	args := []string{"serve", "--build", buildDir}
	if variant != "" {
		if _, err := s.CheckVariant(variant); err != nil {
			return nil, &Failure{Kind: Error, Reason: "error: " + err.Error()}
		}
		args = append(args, "--variant", variant)
	}
	port, err := FreePort()
	if err != nil {
		return nil, &Failure{Kind: Error, Reason: "error: " + err.Error()}
	}
	cmd, err := s.Sandbox.wrap(s, append(args, "--port", fmt.Sprint(port)), confinement{
		verb:       "serve",
		readOnly:   []string{buildDir},
		scratch:    scratchBeside(buildDir, "serve"),
		cpuSeconds: lifetimeCPUSeconds(s.Sandbox.ServeLifetime),
	})
	if err != nil {
		return nil, &Failure{Kind: Error, Reason: "error: " + err.Error()}
	}
	pr, pw := io.Pipe()
	start := time.Now()
	p, err := startProcess(cmd, s.Dir, pw)
	if err != nil {
		return nil, &Failure{Kind: Error, Reason: fmt.Sprintf("error: cannot start %s: %v", s.RunnerPath(), err)}
	}
	ready := make(chan string, 1)
	go scanForReady(pr, ready)
	go func() {
		<-p.done
		pw.Close()
	}()

	timer := time.NewTimer(readyTimeout)
	defer timer.Stop()
	select {
	case endpoint := <-ready:
		if err := checkEndpoint(endpoint); err != nil {
			p.stop()
			return nil, &Failure{Kind: Error, Reason: "error: READY line: " + err.Error(), Log: p.log.String()}
		}
		ns, err := s.serverNamespace(p)
		if err != nil {
			p.stop()
			return nil, &Failure{Kind: Error, Reason: "error: sandbox: " + err.Error(), Log: p.log.String()}
		}
		srv := &Server{URL: endpoint, Port: port, StartupSeconds: time.Since(start).Seconds(), Sandbox: cmd.report, Net: ns, p: p}
		if life := s.Sandbox.ServeLifetime; life > 0 {
			srv.lifetime = time.AfterFunc(life, func() {
				p.setBreach(fmt.Sprintf("served longer than %s", life))
				p.stop()
			})
		}
		return srv, nil
	case <-p.done:
		if f := p.breachFailure(); f != nil {
			return nil, f
		}
		return nil, classify(lastLine(p.stderr.Bytes()), fmt.Sprintf("error: server exited before READY (%v)", exitText(p.err)), p.log.String())
	case <-timer.C:
		p.stop()
		return nil, &Failure{Kind: Timeout, Reason: fmt.Sprintf("error: no READY line within %s", readyTimeout), Log: p.log.String()}
	case <-ctx.Done():
		p.stop()
		return nil, ctx.Err()
	}
}

// scanForReady sends the URL of the first READY line and keeps draining so
// that the server never blocks on a full pipe.
func scanForReady(r io.Reader, ready chan<- string) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	sent := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !sent && strings.HasPrefix(line, "READY ") {
			ready <- strings.TrimSpace(strings.TrimPrefix(line, "READY "))
			sent = true
		}
	}
	_, _ = io.Copy(io.Discard, r)
}

// serverNamespace holds the network namespace of a sandboxed server, nil
// when the server shares the worker's network (unconfined, or a worker that
// is not root).
func (s Stack) serverNamespace(p *process) (*netns.Namespace, error) {
	if s.Sandbox.Mode != SandboxBwrap || s.Sandbox.sharesNetwork("serve") {
		return nil, nil
	}
	var pid int
	select {
	case pid = <-p.sandboxPID:
	case <-time.After(10 * time.Second):
	}
	if pid == 0 {
		return nil, fmt.Errorf("bwrap did not report the server's pid")
	}
	path := fmt.Sprintf("/proc/%d/ns/net", pid)
	own, err1 := os.Readlink("/proc/self/ns/net")
	theirs, err2 := os.Readlink(path)
	if err1 != nil || err2 != nil || own == theirs {
		return nil, fmt.Errorf("the server is not in a network namespace of its own (%v %v)", err1, err2)
	}
	return netns.Open(path)
}

// scratchBeside is the private HOME and /tmp of a verb that reads dir.
func scratchBeside(dir, verb string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+verb+"-"+filepath.Base(dir))
}

// lifetimeCPUSeconds bounds one process's CPU time by a wall time on every core.
func lifetimeCPUSeconds(wall time.Duration) int {
	if wall <= 0 {
		return 0
	}
	return int(wall.Seconds()) * runtime.NumCPU()
}

func checkEndpoint(endpoint string) error {
	u, err := url.Parse(endpoint)
	if err != nil {
		return err
	}
	if u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("%q is not an http:// URL", endpoint)
	}
	if h := u.Hostname(); h != "127.0.0.1" && h != "localhost" && h != "::1" {
		return fmt.Errorf("%q is not on the loopback interface", endpoint)
	}
	return nil
}

func exitText(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}
