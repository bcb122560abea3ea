package runner

import (
	"fmt"
	"strings"
)

// FailureKind says why a verb failed.
type FailureKind string

// The kinds of failure. The first three come from the runner's last stderr
// line; the others are what the worker observed.
const (
	Unsupported FailureKind = "unsupported"
	Error       FailureKind = "error"
	Unavailable FailureKind = "unavailable"
	Timeout     FailureKind = "timeout"
	Crashed     FailureKind = "crashed"
)

// Failure is a verb that did not succeed, with the runner's own reason and
// the tail of its output.
type Failure struct {
	Kind FailureKind
	// Reason is one line for a person, e.g. "unsupported: rpc/encoded binding ...".
	Reason string
	// Log is the tail of the verb's stdout and stderr, at most LogTailBytes.
	Log string
}

func (f *Failure) Error() string { return f.Reason }

// classify turns the last stderr line of a failed verb into a Failure; when
// the runner did not follow the contract the reason says how it ended.
func classify(lastLine string, fallback string, log string) *Failure {
	for _, kind := range []FailureKind{Unsupported, Error, Unavailable} {
		if strings.HasPrefix(lastLine, string(kind)+":") {
			return &Failure{Kind: kind, Reason: lastLine, Log: log}
		}
	}
	reason := fallback
	if lastLine != "" {
		reason = fmt.Sprintf("%s (last line: %s)", fallback, truncate(lastLine, 300))
	}
	return &Failure{Kind: Crashed, Reason: reason, Log: log}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// lastLine is the last non-empty line of b.
func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimRight(string(b), "\r\n \t"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
