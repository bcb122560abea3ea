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
	OutDir     string
	// Catalog is the catalog service id, empty for a generic build.
	Catalog string
	// Timeout overrides BuildTimeout when positive.
	Timeout time.Duration
}

// BuildResult is a successful build.
type BuildResult struct {
	Seconds float64
	Log     string
	// Sandbox is what confined the build.
	Sandbox SandboxReport
}

// Build runs `runner build`. A failed build returns a *Failure carrying the
// runner's reason line and log.
func (s Stack) Build(ctx context.Context, req BuildRequest) (BuildResult, error) {
	args := []string{"build",
		"--wsdl", req.BundleDir, "--entry", req.Entry, "--samples", req.SamplesDir,
		"--security", req.Security, "--version", req.Version, "--out", req.OutDir}
	if req.Catalog != "" {
		args = append(args, "--catalog", req.Catalog)
	}
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = BuildTimeout
	}
	cmd, err := s.Sandbox.wrap(s, args, confinement{
		verb:     "build",
		readOnly: []string{req.BundleDir, req.SamplesDir},
		// The parent, because runners may remove and recreate --out itself,
		// which a mount point refuses.
		writable:   buildWritable(filepath.Dir(filepath.Clean(req.OutDir)), s.Sandbox.BuildCache),
		cpuSeconds: s.Sandbox.BuildCPUSeconds,
	})
	if err != nil {
		return BuildResult{}, &Failure{Kind: Error, Reason: "error: " + err.Error()}
	}
	start := time.Now()
	p, err := startProcess(cmd, s.Dir, nil)
	if err != nil {
		return BuildResult{}, &Failure{Kind: Error, Reason: fmt.Sprintf("error: cannot start %s: %v", s.RunnerPath(), err)}
	}
	timedOut, err := p.wait(ctx, timeout)
	seconds := time.Since(start).Seconds()
	switch {
	case ctx.Err() != nil:
		return BuildResult{}, ctx.Err()
	case timedOut:
		return BuildResult{}, &Failure{Kind: Timeout, Reason: fmt.Sprintf("error: build did not finish within %s", timeout), Log: p.log.String()}
	case err != nil:
		return BuildResult{}, classify(lastLine(p.stderr.Bytes()), fmt.Sprintf("error: build %v", err), p.log.String())
	}
	return BuildResult{Seconds: seconds, Log: p.log.String(), Sandbox: cmd.report}, nil
}

// buildWritable is what a build may write: the folder of its output and the
// build cache, when there is one.
func buildWritable(outParent, cache string) []string {
	if cache == "" {
		return []string{outParent}
	}
	return []string{outParent, cache}
}
