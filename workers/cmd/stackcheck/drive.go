package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/runner"
)

// checkDrive runs the stack's native client, where the manifest claims one,
// briefly against the served echo build.
func checkDrive(ctx context.Context, s subject, url string) check {
	name := fmt.Sprintf("drive prints one JSON summary of %d requests", driveCount)
	if !s.Stack.Features.NativeClient {
		return skipCheck("drive", `stack.json says "nativeClient": false`)
	}
	run, summary, err := runDrive(ctx, s, s.Echo.BuildDir, s.Echo.SamplesDir, url, driveConcurrency, driveCount)
	if err != nil {
		return failCheck(name, err)
	}
	return passCheck(name, fmt.Sprintf("%.1fs; p50 %dus, max %dus", run.Elapsed.Seconds(), summary.LatencyUs.P50, summary.LatencyUs.Max))
}

// runDrive runs `drive` of count requests of a build's samples against url,
// with the checked variant (whose client settings are part of what drive
// runs), and holds its summary to the contract.
func runDrive(ctx context.Context, s subject, buildDir, samplesDir, url string, concurrency, count int, more ...string) (verbRun, runner.DriveSummary, error) {
	args := []string{"drive", "--build", buildDir, "--endpoint", url, "--requests", samplesDir,
		"--concurrency", fmt.Sprint(concurrency), "--count", fmt.Sprint(count)}
	args = append(args, more...)
	if s.Variant != "" {
		args = append(args, "--variant", s.Variant)
	}
	run := runVerb(ctx, s.Stack, driveTimeout, args...)
	switch {
	case run.TimedOut:
		return run, runner.DriveSummary{}, fmt.Errorf("still running after %s", driveTimeout)
	case run.ExitCode != 0:
		return run, runner.DriveSummary{}, fmt.Errorf("exit status %d (last stderr line %q)", run.ExitCode, run.lastStderrLine())
	}
	summary, err := driveSummary(run.Stdout, int64(count))
	return run, summary, err
}

// summaryMembers are the members of drive's JSON line, and of its latencyUs;
// summaryOptional those a client may leave out.
var (
	summaryMembers  = []string{"elapsedSeconds", "errors", "histogram", "latencyUs", "requests"}
	summaryOptional = []string{"cpuSeconds"}
	latencyMembers  = []string{"max", "p50", "p90", "p99"}
)

// driveSummary reads the summary, the last line of stdout, and holds it to
// the contract for a run of count requests against a server that answers
// every one: each member present, every request counted and none failed,
// percentiles in order, and a histogram that holds every request.
func driveSummary(stdout string, count int64) (runner.DriveSummary, error) {
	line := lastLine(stdout)
	var members map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &members); err != nil {
		return runner.DriveSummary{}, fmt.Errorf("the last line of stdout is not a JSON object: %q", truncate(line, 200))
	}
	if err := sameKeys("the summary", members, summaryMembers, summaryOptional...); err != nil {
		return runner.DriveSummary{}, err
	}
	var latency map[string]json.RawMessage
	if err := json.Unmarshal(members["latencyUs"], &latency); err != nil {
		return runner.DriveSummary{}, fmt.Errorf("latencyUs is not an object: %v", err)
	}
	if err := sameKeys("latencyUs", latency, latencyMembers); err != nil {
		return runner.DriveSummary{}, err
	}
	// The worker's own reading of the line: types, counts, elapsed time.
	s, err := runner.ParseDriveSummary([]byte(line))
	if err != nil {
		return s, err
	}
	var failed int64
	for _, n := range s.Errors {
		failed += n
	}
	l := s.LatencyUs
	switch {
	case s.Requests != count:
		return s, fmt.Errorf("requests is %d, want %d (--count)", s.Requests, count)
	case failed > 0:
		return s, fmt.Errorf("%d of %d requests failed against a server that answers them: %v", failed, s.Requests, s.Errors)
	case l.P50 > l.P90 || l.P90 > l.P99 || l.P99 > l.Max:
		return s, fmt.Errorf("latencyUs out of order: p50 %d, p90 %d, p99 %d, max %d", l.P50, l.P90, l.P99, l.Max)
	}
	h, err := hdrhistogram.Decode([]byte(s.Histogram))
	if err != nil {
		return s, fmt.Errorf("the histogram does not decode (HdrHistogram V2 compressed, base64): %v", err)
	}
	if h.TotalCount() != s.Requests {
		return s, fmt.Errorf("the histogram holds %d latencies for %d requests", h.TotalCount(), s.Requests)
	}
	return s, nil
}

// sameKeys reports members missing from or unknown to the contract, which
// knows the optional ones too.
func sameKeys(what string, got map[string]json.RawMessage, want []string, optional ...string) error {
	var missing, extra []string
	for _, k := range want {
		if _, ok := got[k]; !ok {
			missing = append(missing, k)
		}
	}
	for k := range got {
		if !contains(want, k) && !contains(optional, k) {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		return fmt.Errorf("%s lacks [%s] and has unknown [%s]; the contract's members are %s",
			what, strings.Join(missing, " "), strings.Join(extra, " "), strings.Join(want, ", "))
	}
	return nil
}

func isJSONObject(s string) bool {
	var v map[string]any
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	return dec.Decode(&v) == nil && !dec.More()
}

func mkdirs(dir string) error { return os.MkdirAll(dir, 0o755) }
