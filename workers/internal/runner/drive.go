package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"syscall"
	"time"

	"soapbench.dev/workers/internal/netns"
	"soapbench.dev/workers/internal/sampler"
)

// DriveTimeout bounds one `runner drive` when the request gives no timeout.
const DriveTimeout = 30 * time.Minute

// DriveRequest holds the arguments of `runner drive`.
type DriveRequest struct {
	BuildDir    string
	Endpoint    string
	RequestsDir string
	Concurrency int
	Count       int
	// Warmup requests go first over the same connections, untimed and
	// uncounted: a client with a JIT compiler starts as cold as a server.
	Warmup int
	// Timeout overrides DriveTimeout when positive.
	Timeout time.Duration
	// Net is the server's network namespace (Server.Net), which the client
	// joins; nil shares the worker's network.
	Net *netns.Namespace
	// Variant is the manifest's variant the server runs as; its settings
	// for the native client (client.*) apply to the drive too. "" is the
	// default configuration.
	Variant string
	// MTOM asks the client to send every request as an XOP package and to
	// read XOP answers (workload mtom); only a stack whose manifest claims
	// features.nativeClientMtom can.
	MTOM bool
}

// DriveSummary is the one JSON line `runner drive` prints
// (docs/runner-contract.md). Requests counts every request sent, failed
// ones included; Histogram is HdrHistogram's V2 compressed encoding, base64,
// of every request's latency in microseconds.
type DriveSummary struct {
	Requests       int64            `json:"requests"`
	Errors         map[string]int64 `json:"errors"`
	ElapsedSeconds float64          `json:"elapsedSeconds"`
	LatencyUs      struct {
		P50 int64 `json:"p50"`
		P90 int64 `json:"p90"`
		P99 int64 `json:"p99"`
		Max int64 `json:"max"`
	} `json:"latencyUs"`
	Histogram string `json:"histogram"`
	// CPUSeconds is the client's own CPU time over the measured requests,
	// its start-up and warm-up left out; optional.
	CPUSeconds *float64 `json:"cpuSeconds,omitempty"`
}

// DriveResult is a `runner drive` that printed its summary.
type DriveResult struct {
	Summary DriveSummary
	// CPUSeconds is user+system time of the drive's whole process tree,
	// client start-up included.
	CPUSeconds float64
	// PeakRSSBytes is the most memory the drive's process tree held at once.
	PeakRSSBytes int64
	Log          string
}

// Drive runs `runner drive`: the stack's own client sends the request
// sequence. A runner without a native client returns a *Failure of kind
// Unsupported; any other failure, or a summary that breaks the contract,
// a *Failure of another kind.
func (s Stack) Drive(ctx context.Context, req DriveRequest) (DriveResult, error) {
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = DriveTimeout
	}
	args := []string{"drive",
		"--build", req.BuildDir, "--endpoint", req.Endpoint, "--requests", req.RequestsDir,
		"--concurrency", fmt.Sprint(req.Concurrency), "--count", fmt.Sprint(req.Count)}
	if req.Warmup > 0 {
		args = append(args, "--warmup", fmt.Sprint(req.Warmup))
	}
	if req.Variant != "" {
		if _, err := s.CheckVariant(req.Variant); err != nil {
			return DriveResult{}, &Failure{Kind: Error, Reason: "error: " + err.Error()}
		}
		args = append(args, "--variant", req.Variant)
	}
	if req.MTOM {
		args = append(args, "--mtom")
	}
	cmd, err := s.Sandbox.wrap(s, args, confinement{
		verb:       "drive",
		joinNet:    req.Net,
		readOnly:   []string{req.BuildDir, req.RequestsDir},
		scratch:    scratchBeside(req.BuildDir, "drive"),
		cpuSeconds: lifetimeCPUSeconds(timeout),
	})
	if err != nil {
		return DriveResult{}, &Failure{Kind: Error, Reason: "error: " + err.Error()}
	}
	// The summary line carries a histogram of a few KiB; a chatty client's
	// log before it is what may be cut.
	stdout := newTailBuffer(4 << 20)
	p, err := startProcess(cmd, s.Dir, stdout)
	if err != nil {
		return DriveResult{}, &Failure{Kind: Error, Reason: fmt.Sprintf("error: cannot start %s: %v", s.RunnerPath(), err)}
	}
	tree := sampler.Start(p.pgid())
	timedOut, err := p.wait(ctx, timeout)
	usage := tree.Stop()
	switch {
	case ctx.Err() != nil:
		return DriveResult{}, ctx.Err()
	case timedOut:
		return DriveResult{}, &Failure{Kind: Timeout, Reason: fmt.Sprintf("error: drive did not finish within %s", timeout), Log: p.log.String()}
	case p.breachFailure() != nil:
		return DriveResult{}, p.breachFailure()
	case err != nil:
		return DriveResult{}, classify(lastLine(p.stderr.Bytes()), fmt.Sprintf("error: drive %v", err), p.log.String())
	}
	summary, err := ParseDriveSummary(stdout.Bytes())
	if err != nil {
		return DriveResult{}, &Failure{Kind: Error, Reason: "error: drive: " + err.Error(), Log: p.log.String()}
	}
	return DriveResult{Summary: summary, CPUSeconds: driveCPUSeconds(p, usage.CPUSeconds),
		PeakRSSBytes: usage.PeakRSSBytes, Log: p.log.String()}, nil
}

// ParseDriveSummary finds the summary in a drive's standard output: the last
// line that is a JSON object.
func ParseDriveSummary(stdout []byte) (DriveSummary, error) {
	lines := strings.Split(strings.TrimSpace(string(stdout)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		line := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(line, "{") {
			continue
		}
		var s DriveSummary
		dec := json.NewDecoder(bytes.NewReader([]byte(line)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			return DriveSummary{}, fmt.Errorf("the summary line %q is not the contract's JSON: %v", truncate(line, 200), err)
		}
		return s, s.check()
	}
	return DriveSummary{}, fmt.Errorf("printed no JSON summary line (docs/runner-contract.md, drive)")
}

func (s DriveSummary) check() error {
	var failed int64
	for kind, n := range s.Errors {
		if n < 0 {
			return fmt.Errorf("the summary counts %d errors of kind %q", n, kind)
		}
		failed += n
	}
	switch {
	case s.Requests < 0 || failed > s.Requests:
		return fmt.Errorf("the summary counts %d requests and %d errors: requests must count every request sent, failed ones included", s.Requests, failed)
	case s.ElapsedSeconds <= 0:
		return fmt.Errorf("the summary's elapsedSeconds is %g, not positive", s.ElapsedSeconds)
	case s.Histogram == "":
		return fmt.Errorf("the summary has no latency histogram (\"histogram\": HdrHistogram V2 compressed, base64)")
	case s.CPUSeconds != nil && *s.CPUSeconds < 0:
		return fmt.Errorf("the summary's cpuSeconds is %g, negative", *s.CPUSeconds)
	}
	return nil
}

// driveCPUSeconds is the CPU time of the drive's whole process tree, from
// the best source there is:
//   - the verb's cgroup, which counts every process it ran, however short;
//   - else the larger of wait4's and the /proc samples'. wait4 is exact
//     without a sandbox, but bubblewrap's PID namespace keeps the client's
//     time from reaching it. The samples miss the last interval of every
//     process, and all of one that starts and ends between two full scans of
//     /proc: a warm-up run of a native client, a request-plan script. That
//     CPU time was then counted as other processes' (sampler.Between).
func driveCPUSeconds(p *process, sampled float64) float64 {
	if p.groupCounted {
		return p.groupCPU
	}
	return max(waitedCPUSeconds(p), sampled)
}

// waitedCPUSeconds is user+system time of the drive and of every process it
// waited for.
func waitedCPUSeconds(p *process) float64 {
	ru, ok := p.cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	return tv(ru.Utime) + tv(ru.Stime)
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
