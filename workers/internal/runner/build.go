package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"time"
)

// BuildTimeout bounds one build, Maven downloads included.
const BuildTimeout = 15 * time.Minute

// BuildRequest holds the arguments of `runner build`.
type BuildRequest struct {
	BundleDir  string
	Entry      string
	SamplesDir string
	Security   string
	Version    string
	// OutDir is the build's output. The sandbox lets the build write the
	// folder above it, so that folder must hold nothing of anyone else.
	OutDir string
	// Catalog is the catalog service id, empty for a generic build.
	Catalog string
	// MTOM builds the server with MTOM switched on (`--mtom`).
	MTOM bool
	// Timeout overrides BuildTimeout when positive.
	Timeout time.Duration
}

// BuildResult is a successful build.
type BuildResult struct {
	Seconds float64
	Log     string
	// Sandbox is what confined the build.
	Sandbox SandboxReport
	// Cached is true when the output came from the sealed build cache.
	Cached bool
}

// Build runs `runner build`, or fills the output from the sealed build cache
// (buildcache.go). A failed build returns a *Failure carrying the runner's
// reason line and log.
func (s Stack) Build(ctx context.Context, req BuildRequest) (BuildResult, error) {
	start := time.Now()
	key := s.cacheKey(req)
	if log, ok := s.fromCache(key, req.OutDir); ok {
		return BuildResult{Seconds: time.Since(start).Seconds(), Log: log, Cached: true, Sandbox: SandboxReport{Mode: s.Sandbox.Mode}}, nil
	}
	args := []string{"build",
		"--wsdl", req.BundleDir, "--entry", req.Entry, "--samples", req.SamplesDir,
		"--security", req.Security, "--version", req.Version, "--out", req.OutDir}
	if req.Catalog != "" {
		args = append(args, "--catalog", req.Catalog)
	}
	if req.MTOM {
		args = append(args, "--mtom")
	}
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = BuildTimeout
	}
	// The parent, because runners may remove and recreate --out itself,
	// which a mount point refuses.
	outParent := filepath.Dir(filepath.Clean(req.OutDir))
	cmd, err := s.Sandbox.wrap(s, args, confinement{
		verb:       "build",
		readOnly:   []string{req.BundleDir, req.SamplesDir},
		writable:   []string{outParent},
		scratch:    filepath.Join(outParent, ".build-scratch"),
		cpuSeconds: s.Sandbox.BuildCPUSeconds,
	})
	if err != nil {
		return BuildResult{}, &Failure{Kind: Error, Reason: "error: " + err.Error()}
	}
	p, err := startProcess(cmd, s.Dir, nil)
	if err != nil {
		_ = takeBack(outParent, s.Sandbox.User)
		return BuildResult{}, &Failure{Kind: Error, Reason: fmt.Sprintf("error: cannot start %s: %v", s.RunnerPath(), err)}
	}
	timedOut, err := p.wait(ctx, timeout)
	seconds := time.Since(start).Seconds()
	// Once the build is over nothing of it stays the sandbox user's: a
	// server of the same user must not rewrite what it serves.
	if terr := takeBack(outParent, s.Sandbox.User); terr != nil && err == nil {
		err = terr
	}
	switch {
	case ctx.Err() != nil:
		return BuildResult{}, ctx.Err()
	case timedOut:
		return BuildResult{}, &Failure{Kind: Timeout, Reason: fmt.Sprintf("error: build did not finish within %s", timeout), Log: p.log.String()}
	case p.breachFailure() != nil:
		return BuildResult{}, p.breachFailure()
	case err != nil:
		return BuildResult{}, classify(lastLine(p.stderr.Bytes()), fmt.Sprintf("error: build %v", err), p.log.String())
	}
	s.toCache(key, req.OutDir, p.log.String())
	return BuildResult{Seconds: seconds, Log: p.log.String(), Sandbox: cmd.report}, nil
}
