package job

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/stats"
)

// maxCellReason is the most characters of an interop cell's reason.
const maxCellReason = 500

// interopDriveTimeout bounds one cell's drive: a minute, and a second per
// request on each connection. The slowest secured pair seen here sends about
// 12 requests a second; a client that stops reading (a gSOAP client waited on
// an Axis2 signencr answer for good) must not hold the matrix for the 30
// minutes a measured drive may take. The executor's DriveTimeout, when set,
// is kept when shorter (tests).
func (r *run) interopDriveTimeout() time.Duration {
	perConnection := (r.plan.interop.requests + r.plan.interop.warmupRequests + r.plan.interop.connections - 1) / r.plan.interop.connections
	bound := time.Minute + time.Duration(perConnection)*time.Second
	if r.DriveTimeout > 0 && r.DriveTimeout < bound {
		return r.DriveTimeout
	}
	return bound
}

// clientUnsupported is why client cannot send in mode security, "" when it can.
func clientUnsupported(client *interopStack, security string) string {
	switch {
	case client.refused != "":
		return "client: " + client.refused
	case !client.stack.Features.NativeClient:
		return fmt.Sprintf("unsupported: native client: %s declares none (stack.json features.nativeClient)", client.ref.ID)
	case !slices.Contains(client.stack.Features.Security, security):
		return fmt.Sprintf("unsupported: security mode %s: %s does not claim it (stack.json features.security)", security, client.ref.ID)
	case client.failed[security] != "":
		return "client: " + client.failed[security]
	case client.builds[security] == nil:
		// Unreachable: a pending cell's client is built in its mode.
		return "client: not built in mode " + security
	}
	return ""
}

// interopCell is the outcome of client against server in mode security: t is
// the server's verified target, nil when it could not be served or
// verified for serverFailure. The error is only cancellation.
func (r *run) interopCell(ctx context.Context, client, server *interopStack, t *target, security, serverFailure string) (message.InteropCellPayload, error) {
	cell := message.InteropCellPayload{Client: client.id(), Server: server.id(), Security: security}
	if reason := clientUnsupported(client, security); reason != "" {
		cell.Outcome, cell.Reason = message.OutcomeUnsupported, r.cellReason(reason, "")
		return cell, nil
	}
	if t == nil {
		// A server whose build was refused (a mode or construct it does not claim, or a stack
		// this worker cannot run) makes the cell unsupported; one that failed makes it fail.
		cell.Outcome = message.OutcomeFail
		if strings.HasPrefix(serverFailure, "unsupported:") || strings.HasPrefix(serverFailure, "unavailable:") {
			cell.Outcome = message.OutcomeUnsupported
		}
		cell.Reason = r.cellReason("server: "+serverFailure, "")
		return cell, nil
	}
	built := client.builds[security]
	dr, err := client.stack.Drive(ctx, runner.DriveRequest{
		BuildDir: built.buildDir, Endpoint: t.server.URL, RequestsDir: built.side.nativeRequestsDir,
		Concurrency: r.plan.interop.connections, Count: r.plan.interop.requests, Warmup: r.plan.interop.warmupRequests,
		Timeout: r.interopDriveTimeout(), Net: t.server.Net, Variant: client.ref.Variant,
	})
	if err != nil {
		if ctx.Err() != nil {
			return cell, ctx.Err()
		}
		reason, log := describe(err)
		cell.Outcome = message.OutcomeFail
		switch b := t.server.Breach(); {
		case b != nil:
			// The sandbox ended the server mid-drive: the client only saw it go.
			reason, log = "server: "+b.Reason, ""
		case strings.HasPrefix(reason, "unsupported:"):
			cell.Outcome = message.OutcomeUnsupported
		}
		cell.Reason = r.cellReason(reason, log)
		return cell, nil
	}
	res, err := nativeResult(dr.Summary, dr.CPUSeconds)
	if err != nil {
		cell.Outcome, cell.Reason = message.OutcomeFail, r.cellReason("error: drive: "+err.Error(), dr.Log)
		return cell, nil
	}
	errors := res.ErrorCount()
	latency := stats.Latency(res.Latency)
	throughput := stats.Throughput(res.Requests, res.Elapsed.Seconds())
	cpu, rss := dr.CPUSeconds, dr.PeakRSSBytes
	cell.Requests, cell.Errors = res.Requests+errors, errors
	cell.ThroughputRPS, cell.P50Ms, cell.P99Ms = &throughput, &latency.P50, &latency.P99
	cell.ClientCPUSeconds, cell.ClientPeakRSSBytes = &cpu, &rss
	cell.Outcome = message.OutcomePass
	if errors > 0 {
		cell.Outcome = message.OutcomeFail
		cell.Reason = r.cellReason(fmt.Sprintf("%d of %d requests failed (%s)", errors, cell.Requests, errorKinds(res.Errors)), dr.Log)
	}
	return cell, nil
}

// errorKinds lists a drive's error counts by kind, "kind n", by kind's name.
func errorKinds(errors map[string]int64) string {
	kinds := make([]string, 0, len(errors))
	for kind, n := range errors {
		kinds = append(kinds, fmt.Sprintf("%s %d", kind, n))
	}
	sort.Strings(kinds)
	return strings.Join(kinds, ", ")
}

// cellReason is a cell's one-line reason: what went wrong, then the end of
// the log, where clients print their last error. The worker's paths are
// replaced by placeholders before the text is cut to maxCellReason
// characters, so that the cut holds once published; control characters and
// runs of white space become one space, as the text is one line for a
// person, wherever a hostile client's log put its line breaks or escapes.
func (r *run) cellReason(reason, log string) string {
	reason = oneLine(r.events.redactText(reason))
	log = oneLine(r.events.redactText(log))
	if log == "" {
		return cut(reason, maxCellReason)
	}
	reason = cut(reason, maxCellReason/2)
	const sep = " | log: …"
	room := maxCellReason - len([]rune(reason)) - len([]rune(sep))
	l := []rune(log)
	if len(l) <= room {
		return reason + " | log: " + log
	}
	return reason + sep + string(l[len(l)-room:])
}

// oneLine replaces control characters and runs of white space with one space.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(c rune) bool { return unicode.IsSpace(c) || unicode.IsControl(c) }), " ")
}

// cut keeps the first n characters of s, marking a cut with "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
