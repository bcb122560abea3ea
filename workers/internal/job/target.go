package job

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/verify"
)

// target is one stack in one security mode, served and verified, waiting
// for its turn in the rounds.
type target struct {
	ref message.StackRef
	// side is the WSDL it was built from and what it is sent.
	side     *side
	stack    runner.Stack
	versions runner.Versions
	security string
	built    runner.BuildResult
	// buildDir is the build's --out folder, which `runner drive` reads too.
	buildDir string
	server   *runner.Server
	// warmed is set after the first warm-up, which is the long one for a JVM.
	warmed bool
	// failed drops the target from later rounds.
	failed bool
}

// key names the target in a round's order.
func (t *target) key() string { return refKey(t.ref) + "/" + t.security }

// refKey names a stack and its version: one run may measure two versions of
// one stack (the base and the head of an upgrade), which must never share a
// round slot, a journal line or a build folder.
func refKey(ref message.StackRef) string { return ref.ID + "@" + ref.Version }

// needsJITWarmup: the manifest, not the language, says whether the server's
// JIT must be warmed before its first measurement.
func (t *target) needsJITWarmup() bool { return t.stack.JITWarmup }

// jitWarmupDue: the JIT warm-up goes before a JVM target's first
// measurement only.
func (t *target) jitWarmupDue() bool { return !t.warmed && t.needsJITWarmup() }

// fail reports the target's stack as failed and keeps it out of later rounds.
func (r *run) failTarget(ctx context.Context, t *target, reason string) error {
	t.failed = true
	log := ""
	if t.server != nil {
		// A server the sandbox ended says which bound it broke; the
		// driver only saw it go.
		if b := t.server.Breach(); b != nil {
			reason = b.Reason
		}
		log = t.server.Log()
		t.server.Stop()
		t.server = nil
	}
	return r.events.emit(ctx, message.StackFailed, message.StackFailedPayload{
		Stack: t.ref.ID, Version: t.ref.Version, Security: t.security, Phase: message.PhaseMeasure, Reason: reason, Log: tail(log)})
}

// verify checks every operation before any timing: a wrong answer means the
// stack is reported verify_failed and never timed. ok is false then.
func (r *run) verify(ctx context.Context, t *target) (ok bool, err error) {
	failure, err := r.verifyServer(ctx, t)
	if err != nil || failure == nil {
		return failure == nil && err == nil, err
	}
	return false, r.events.emit(ctx, message.VerifyFailed, *failure)
}

// verifyServer checks every operation, and the first requests of the
// request sequence, against t's server. It returns the verify_failed event
// to report, or nil when every answer was right; an error only when ctx ended.
func (r *run) verifyServer(ctx context.Context, t *target) (*message.VerifyFailedPayload, error) {
	err := r.verifyEndpoint(ctx, t, t.side.all)
	if err == nil && r.sequence != nil {
		err = r.verifySequence(ctx, t)
	}
	if err == nil {
		return nil, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var vf *verify.Failure
	op, reason := "", err.Error()
	if errors.As(err, &vf) {
		op, reason = vf.Operation, vf.Reason
	}
	return &message.VerifyFailedPayload{Stack: t.ref.ID, Version: t.ref.Version, Security: t.security, Operation: op, Reason: reason}, nil
}

// verifySequence checks the first requests of the request sequence against
// their own responses, which may differ from the operation's sample.
func (r *run) verifySequence(ctx context.Context, t *target) error {
	first := r.sequence[:min(len(r.sequence), VerifiedSequenceRequests)]
	for i, s := range first {
		if s.OneWay {
			continue
		}
		err := r.verifyEndpoint(ctx, t, []samples.Sample{s})
		var vf *verify.Failure
		if errors.As(err, &vf) {
			return &verify.Failure{Operation: vf.Operation, Reason: fmt.Sprintf("request %d of the request sequence: %s", i+1, vf.Reason)}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// verifyEndpoint checks list against t's server: with the worker's own
// requests in plain, through the security checker in any other mode, whose
// requests the worker cannot secure itself.
func (r *run) verifyEndpoint(ctx context.Context, t *target, list []samples.Sample) error {
	if t.security == "plain" {
		return verify.Endpoint(ctx, t.server.Net, t.server.URL, list)
	}
	if r.SecurityDir == "" {
		return errors.New("security mode " + t.security + " cannot be verified: the worker was given no stack-runners/security folder")
	}
	secured := verify.Secured{Dir: r.SecurityDir, WorkDir: filepath.Join(t.buildDir, "..", "security-check")}
	return secured.Endpoint(ctx, t.server.Net, t.server.URL, t.security, list)
}
