package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"soapbench.dev/workers/internal/runner"
)

// The behaviour phase holds every stack to the parts of the runner contract
// (docs/runner-contract.md) that no case's answers show: the manifest's
// schema, the version line, refusals, the READY and SETTINGS lines, the
// native client's summary and its MTOM, SIGTERM and a busy port. It reuses the catalog
// echo case's build, so it adds seconds, not a build.

// Bounds of the behaviour checks.
const (
	// refusalLimit is how soon a build refused for its arguments must end:
	// it is refused before any code generator runs.
	refusalLimit = 10 * time.Second
	// driveCount is the native client's short run: enough to see its summary
	// count every request, too few to time anything.
	driveCount       = 20
	driveConcurrency = 2
	driveTimeout     = 3 * time.Minute
)

// check is one line of the behaviour phase.
type check struct {
	Name   string
	Status string // PASS, FAIL or SKIP
	Detail string
}

func passCheck(name, detail string) check    { return check{name, "PASS", detail} }
func failCheck(name string, err error) check { return check{name, "FAIL", err.Error()} }
func skipCheck(name, reason string) check    { return check{name, "SKIP", reason} }

// line is how stackcheck prints the check, as it prints a case.
func (c check) line(label string) string {
	switch {
	case c.Status == "PASS" && c.Detail != "":
		return fmt.Sprintf("PASS %s behaviour: %s (%s)", label, c.Name, c.Detail)
	case c.Status == "PASS":
		return fmt.Sprintf("PASS %s behaviour: %s", label, c.Name)
	default:
		return fmt.Sprintf("%s %s behaviour: %s: %s", c.Status, label, c.Name, oneLine(c.Detail))
	}
}

// echoBuild is the catalog echo service as its case built it.
type echoBuild struct {
	BuildDir, SamplesDir string
}

// subject is what the behaviour phase checks.
type subject struct {
	Stack runner.Stack
	// SchemaDir holds the stack.schema.json of record (the repository's
	// stack-runners folder), whichever folder the stack was found in.
	SchemaDir string
	Version   string
	Variant   string
	// Versions is what `runner version` printed when stackcheck first asked.
	Versions runner.Versions
	// Echo is nil when no catalog echo was built (its case did not run, or
	// its build failed): the checks that serve are skipped then.
	Echo *echoBuild
	// XOPCase is nil when no case with xopElements was built: the native
	// client's MTOM is then not driven.
	XOPCase *xopCaseBuild
	// AnySamples is a samples folder every build accepts.
	AnySamples string
	// Work is a folder of the phase's own; no runner's reason may name it.
	Work string
}

// checkBehaviour runs every behaviour check, in an order that serves the
// echo build once for READY, drive and SIGTERM.
func checkBehaviour(ctx context.Context, s subject) []check {
	out := []check{checkManifest(s), checkVersionLine(s), checkUnknownOption(ctx, s), checkMissingEntry(ctx, s)}
	// A stack without a native client has its one drive SKIP line below.
	if s.Stack.Features.NativeClient {
		out = append(out, checkDriveMTOM(ctx, s))
	}
	if s.Echo == nil {
		return append(out, skipCheck("serve", "no catalog echo build to serve (its case did not run or did not build)"))
	}
	out = append(out, checkServeLifecycle(ctx, s)...)
	return append(out, checkBusyPort(ctx, s))
}

func checkManifest(s subject) check {
	const name = "stack.json validates against stack.schema.json"
	if err := runner.CheckManifestFile(s.SchemaDir, filepath.Join(s.Stack.Dir, "stack.json")); err != nil {
		return failCheck(name, err)
	}
	return passCheck(name, "")
}

// checkVersionLine holds `version`'s JSON object to its documented members.
func checkVersionLine(s subject) check {
	const name = "version prints stack, version and components"
	if err := versionMembers(s.Versions, s.Stack.ID); err != nil {
		return failCheck(name, err)
	}
	detail := fmt.Sprintf("%s %v", s.Stack.ID, s.Versions["version"])
	if s.Version != s.Stack.DefaultVersion() {
		// `version` reports the default line; the builds of this run are of another.
		detail += fmt.Sprintf(", the default; this run builds %s", s.Version)
	}
	return passCheck(name, detail)
}

func versionMembers(v runner.Versions, id string) error {
	if got, _ := v["stack"].(string); got != id {
		return fmt.Errorf(`"stack" is %v, want %q`, v["stack"], id)
	}
	if got, _ := v["version"].(string); got == "" {
		return fmt.Errorf(`"version" is %v, want the stack's version as a string`, v["version"])
	}
	if got, ok := v["components"].(map[string]any); !ok || len(got) == 0 {
		return fmt.Errorf(`"components" is %v, want an object naming the version of every piece`, v["components"])
	}
	return nil
}

func checkUnknownOption(ctx context.Context, s subject) check {
	const name = "build with an unknown option fails fast with an error: line"
	run := runVerb(ctx, s.Stack, refusalLimit, "build", "--no-such-option", "1")
	if err := refusal(run, "error: ", nil); err != nil {
		return failCheck(name, err)
	}
	return passCheck(name, refusalNote(run))
}

func checkMissingEntry(ctx context.Context, s subject) check {
	const name = "build of a bundle without its entry WSDL fails fast with an error: line"
	work := filepath.Join(s.Work, "missing-entry")
	bundle := filepath.Join(work, "bundle")
	if err := mkdirs(bundle); err != nil {
		return failCheck(name, err)
	}
	run := runVerb(ctx, s.Stack, refusalLimit, "build", "--wsdl", bundle, "--entry", "missing.wsdl",
		"--samples", s.AnySamples, "--security", "plain", "--version", s.Version, "--out", filepath.Join(work, "build"))
	// The line names the entry as the user knows it, never a folder of the worker's.
	if err := refusal(run, "error: ", []string{s.Work}); err != nil {
		return failCheck(name, err)
	}
	return passCheck(name, refusalNote(run))
}

// refusal checks a verb that must fail fast with a last stderr line of the
// contract's form (prefix), naming none of hidden.
func refusal(run verbRun, prefix string, hidden []string) error {
	last := run.lastStderrLine()
	switch {
	case run.TimedOut:
		return fmt.Errorf("still running after %s", refusalLimit)
	case run.ExitCode == 0:
		return fmt.Errorf("exited with status 0 (last stderr line %q)", last)
	case !strings.HasPrefix(last, prefix):
		return fmt.Errorf("exited %d with last stderr line %q, not %q...", run.ExitCode, last, prefix)
	}
	for _, h := range hidden {
		if h != "" && strings.Contains(last, h) {
			return fmt.Errorf("the line names the worker's folder %s: %q", h, last)
		}
	}
	return nil
}

func refusalNote(run verbRun) string {
	return fmt.Sprintf("%.1fs: %s", run.Elapsed.Seconds(), run.lastStderrLine())
}

// checkServeLifecycle serves the echo build on a free port stackcheck names:
// the READY line (and any SETTINGS line before it), the native client
// against it, then SIGTERM.
func checkServeLifecycle(ctx context.Context, s subject) []check {
	const readyName = "serve prints READY with its loopback URL, any SETTINGS line before it"
	port, err := runner.FreePort()
	if err != nil {
		return []check{failCheck(readyName, err)}
	}
	srv, err := startServe(s.Stack, s.Echo.BuildDir, port, s.Variant)
	if err != nil {
		return []check{failCheck(readyName, err)}
	}
	ready, before, err := srv.waitReady(ctx, runner.ReadyTimeout)
	if err != nil {
		srv.kill()
		return []check{failCheck(readyName, fmt.Errorf("%v (last stderr line %q)", err, lastLine(srv.stderr.String())))}
	}
	url, err := readyURL(ready, port)
	var driven []check
	if err == nil {
		driven = append(driven, checkDrive(ctx, s, url))
	}
	driven = append(driven, checkSIGTERM(srv))
	// Read once the server ended, so that a SETTINGS line printed just after
	// READY is seen wherever it comes.
	var settings string
	if err == nil {
		settings, err = settingsBeforeReady(before, srv.linesAfterReady())
	}
	if err != nil {
		return append([]check{failCheck(readyName, err)}, driven...)
	}
	return append([]check{passCheck(readyName, ready+settingsNote(settings))}, driven...)
}

// readyURL is the endpoint of a READY line, which must be an http:// URL
// on the loopback interface and the port serve was given.
func readyURL(ready string, port int) (string, error) {
	url := strings.TrimSpace(strings.TrimPrefix(ready, "READY "))
	fields := strings.Fields(url)
	if len(fields) != 1 {
		return "", fmt.Errorf("%q is not READY and one URL", ready)
	}
	rest, ok := strings.CutPrefix(url, "http://")
	if !ok {
		return "", fmt.Errorf("%q: the endpoint is not an http:// URL", ready)
	}
	hostPort, _, _ := strings.Cut(rest, "/")
	host, p, err := net.SplitHostPort(hostPort)
	switch {
	case err != nil:
		return "", fmt.Errorf("%q: the endpoint names no port: %v", ready, err)
	case host != "127.0.0.1" && host != "localhost":
		return "", fmt.Errorf("%q: the endpoint is not on 127.0.0.1", ready)
	case p != fmt.Sprint(port):
		return "", fmt.Errorf("%q: the endpoint is not on port %d, which serve was given", ready, port)
	}
	return url, nil
}

// settingsBeforeReady returns the SETTINGS line, "" when there is none. The
// contract asks for it where a runner can print it; where it does, it says
// what the server runs with, so it comes before READY and holds a JSON object.
func settingsBeforeReady(before, after []string) (string, error) {
	for _, line := range after {
		if strings.HasPrefix(line, "SETTINGS ") {
			return "", fmt.Errorf("the SETTINGS line comes after READY: %q", line)
		}
	}
	var settings string
	for _, line := range before {
		if !strings.HasPrefix(line, "SETTINGS ") {
			continue
		}
		if settings != "" {
			return "", fmt.Errorf("two SETTINGS lines before READY")
		}
		payload := strings.TrimPrefix(line, "SETTINGS ")
		if !isJSONObject(payload) {
			return "", fmt.Errorf("the SETTINGS line does not hold one JSON object: %q", line)
		}
		settings = line
	}
	return settings, nil
}

func settingsNote(settings string) string {
	if settings == "" {
		return "; no SETTINGS line"
	}
	return "; after " + truncate(settings, 100)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// checkSIGTERM ends the server as the worker does, but signals the runner
// alone: stopping what it started (a JVM, an httpd) is the runner's part.
func checkSIGTERM(srv *served) check {
	name := fmt.Sprintf("SIGTERM ends serve within %s, with status 0 or 143", runner.StopGrace)
	start := time.Now()
	if err := srv.signalRunner(syscall.SIGTERM); err != nil {
		srv.kill()
		return failCheck(name, err)
	}
	if !srv.exited(runner.StopGrace) {
		srv.kill()
		return failCheck(name, fmt.Errorf("still running %s after SIGTERM", runner.StopGrace))
	}
	took := time.Since(start)
	left := srv.runningAfter(start.Add(runner.StopGrace))
	if len(left) > 0 {
		killGroup(srv.cmd.Process.Pid)
	}
	switch {
	case !endedBySIGTERM(srv.cmd.ProcessState):
		return failCheck(name, fmt.Errorf("%s after SIGTERM (last stderr line %q)", srv.cmd.ProcessState, lastLine(srv.stderr.String())))
	case len(left) > 0:
		return failCheck(name, fmt.Errorf("the runner exited, but processes it started were still running: %s", strings.Join(left, ", ")))
	}
	return passCheck(name, fmt.Sprintf("%.1fs", took.Seconds()))
}

// endedBySIGTERM tells a server that stopped as asked from one that failed:
// status 0, or the status of the signal itself, which a JVM exits with
// (143, 128 + SIGTERM) and a runner without a handler dies of.
func endedBySIGTERM(state *os.ProcessState) bool {
	ws, ok := state.Sys().(syscall.WaitStatus)
	if ok && ws.Signaled() {
		return ws.Signal() == syscall.SIGTERM
	}
	return state.ExitCode() == 0 || state.ExitCode() == 128+int(syscall.SIGTERM)
}

// checkBusyPort serves on a port another process holds: the server must
// not start, and must say why on an error: line.
func checkBusyPort(ctx context.Context, s subject) check {
	const name = "serve on a busy port exits non-zero with an error: line"
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return failCheck(name, err)
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	srv, err := startServe(s.Stack, s.Echo.BuildDir, port, s.Variant)
	if err != nil {
		return failCheck(name, err)
	}
	ready, _, err := srv.waitReady(ctx, runner.ReadyTimeout)
	if err != errExited {
		srv.kill()
		if err == nil {
			return failCheck(name, fmt.Errorf("printed %q on a port another process holds", ready))
		}
		return failCheck(name, err)
	}
	last := lastLine(srv.stderr.String())
	switch code := srv.exitCode(); {
	case code == 0:
		return failCheck(name, fmt.Errorf("exited with status 0 (last stderr line %q)", last))
	case !strings.HasPrefix(last, "error: "):
		return failCheck(name, fmt.Errorf("exited %d with last stderr line %q", code, last))
	}
	return passCheck(name, last)
}
