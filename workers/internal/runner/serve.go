package runner

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
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
	p       *process
}

// PGID is the server's process group, which holds every process it started.
func (s *Server) PGID() int { return s.p.pgid() }

// PID is the runner's own process id, the root of the server's process tree.
func (s *Server) PID() int { return s.p.pgid() }

// Log is the tail of the server's output so far.
func (s *Server) Log() string { return s.p.log.String() }

// Exited reports whether the server has stopped on its own.
func (s *Server) Exited() bool { return s.p.exited() }

// Stop stops the server's process group: SIGTERM, then SIGKILL after StopGrace.
func (s *Server) Stop() { s.p.stop() }

// Serve runs `runner serve` on a fresh loopback port and waits for its READY
// line. A server that exits or stays silent returns a *Failure.
func (s Stack) Serve(ctx context.Context, buildDir string, readyTimeout time.Duration) (*Server, error) {
	if readyTimeout <= 0 {
		readyTimeout = ReadyTimeout
	}
	port, err := FreePort()
	if err != nil {
		return nil, &Failure{Kind: Error, Reason: "error: " + err.Error()}
	}
	cmd, err := s.Sandbox.wrap(s, []string{"serve", "--build", buildDir, "--port", fmt.Sprint(port)}, confinement{
		verb:     "serve",
		network:  true,
		readOnly: []string{buildDir},
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
		return &Server{URL: endpoint, Port: port, StartupSeconds: time.Since(start).Seconds(), Sandbox: cmd.report, p: p}, nil
	case <-p.done:
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
