package job

import (
	"context"
	"fmt"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
)

// An interop run drives every stack's own client against every stack's
// server, per security mode of the workload, on the run's one WSDL. First
// each stack is built in each mode, as a measured run builds it; then, mode
// by mode and server by server, the server is served and verified (as a
// check verifies it) and each client's build of that mode sends the
// workload's interop requests to it from inside the server's network
// namespace; the server stops before the next one starts. Every client x
// server x mode gets exactly one interop_cell event (interop_cell.go says
// which outcome), and a redelivered job sends only the cells its journal
// lacks.

// interopStack is one stack of an interop run: a server (a column of the
// matrix) in every mode, and a client (a row) where it has one.
type interopStack struct {
	position int
	ref      message.StackRef
	stack    runner.Stack
	versions runner.Versions
	// refused is why the stack takes part in no mode at all (an unknown
	// stack, variant or version), "" when it does.
	refused string
	// builds holds each mode's build, without a server; failed each mode's
	// reason when its build failed.
	builds map[string]*target
	failed map[string]string
}

func (s *interopStack) id() message.StackID {
	return message.StackID{Stack: s.ref.ID, Version: s.ref.Version}
}

// interopCellKey names a cell in the journal.
func interopCellKey(client, server message.StackID, security string) string {
	return client.Stack + "@" + client.Version + ">" + server.Stack + "@" + server.Version + "/" + security
}

// interop carries out an interop run after prepare.
func (r *run) interop(ctx context.Context) error {
	stacks := make([]*interopStack, len(r.job.Stacks))
	for i, ref := range r.job.Stacks {
		stacks[i] = &interopStack{position: i, ref: ref, builds: map[string]*target{}, failed: map[string]string{}}
	}
	for _, s := range stacks {
		if err := r.interopBuild(ctx, s, stacks); err != nil {
			return err
		}
	}
	for _, security := range r.plan.security {
		for _, server := range stacks {
			if err := r.interopColumn(ctx, stacks, server, security); err != nil {
				return err
			}
		}
	}
	return nil
}

// pending says whether some cell with s as client or server in mode
// security is still to be sent: a resumed delivery builds nothing else.
func (r *run) pending(s *interopStack, stacks []*interopStack, security string) bool {
	for _, other := range stacks {
		if !r.journal.CellSent(interopCellKey(s.id(), other.id(), security)) ||
			!r.journal.CellSent(interopCellKey(other.id(), s.id(), security)) {
			return true
		}
	}
	return false
}

// reportFailure is a failFunc for s that keeps each reason for the cells
// and reports it, unless an earlier delivery's confirmed report is in the
// journal: the backend has it then, and the build ran again only to learn
// the reason the cells still to be sent need.
func (r *run) reportFailure(ctx context.Context, s *interopStack) failFunc {
	return func(security string, phase message.Phase, reason, log string) error {
		if security == "" {
			s.refused = reason
		} else {
			s.failed[security] = reason
		}
		if r.journal.Failed(refKey(s.ref), security) {
			return nil
		}
		return r.events.emit(ctx, message.StackFailed, message.StackFailedPayload{
			Stack: s.ref.ID, Version: s.ref.Version, Security: security, Phase: phase, Reason: reason, Log: tail(log)})
	}
}

// interopBuild builds s in every mode a pending cell needs.
func (r *run) interopBuild(ctx context.Context, s *interopStack, stacks []*interopStack) error {
	fail := r.reportFailure(ctx, s)
	stack, ok := runner.Find(r.Stacks, s.ref.ID)
	if !ok {
		return fail("", message.PhaseBuild, fmt.Sprintf("unavailable: this worker has no stack %q", s.ref.ID), "")
	}
	s.stack = stack
	if err := checkVariant(stack, s.ref); err != nil {
		return fail("", message.PhaseBuild, "error: "+err.Error(), "")
	}
	versions, err := stack.Version(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		reason, log := describe(err)
		return fail("", message.PhaseBuild, reason, log)
	}
	s.versions = versions
	for _, security := range r.plan.security {
		if !r.pending(s, stacks, security) {
			continue
		}
		reported := r.journal.Failed(refKey(s.ref), security)
		built, err := r.build(ctx, stack, s.ref, buildFolder(r.dir, s.position, s.ref, security), versions, security, fail, !reported)
		if err != nil {
			return err
		}
		if built != nil {
			s.builds[security] = built
		}
	}
	return nil
}

// interopColumn serves and verifies server in mode security, sends it every
// client's requests, one cell event each, and stops it.
func (r *run) interopColumn(ctx context.Context, stacks []*interopStack, server *interopStack, security string) error {
	var todo []*interopStack
	for _, client := range stacks {
		if !r.journal.CellSent(interopCellKey(client.id(), server.id(), security)) {
			todo = append(todo, client)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	t, serverFailure, err := r.interopServer(ctx, server, security)
	if err != nil {
		return err
	}
	if t != nil {
		defer t.server.Stop()
	}
	for _, client := range todo {
		// A cancelled run sends no further cell.
		if err := ctx.Err(); err != nil {
			return err
		}
		r.step(fmt.Sprintf("interop %s client -> %s server (%s)", client.ref.ID, server.ref.ID, security))
		cell, err := r.interopCell(ctx, client, server, t, security, serverFailure)
		if err != nil {
			return err
		}
		if err := r.events.emit(ctx, message.InteropCell, cell); err != nil {
			return err
		}
	}
	return nil
}

// interopServer serves server's build of mode security and verifies it.
// It returns the serving target, or the reason it could not serve (without
// the "server: " of a cell's reason); an error only for cancellation and
// publishing.
func (r *run) interopServer(ctx context.Context, server *interopStack, security string) (*target, string, error) {
	switch {
	case server.refused != "":
		return nil, server.refused, nil
	case server.failed[security] != "":
		return nil, server.failed[security], nil
	case server.builds[security] == nil:
		// Unreachable: a pending cell's server is built in its mode.
		return nil, "error: not built in mode " + security, nil
	}
	t, err := r.serve(ctx, server.builds[security], r.reportFailure(ctx, server))
	if err != nil || t == nil {
		return nil, server.failed[security], err
	}
	r.step("verifying " + server.ref.ID + " (" + security + ")")
	failure, err := r.verifyServer(ctx, t)
	// What an earlier delivery reported failed is not reported again, either way.
	reported := r.journal.Failed(refKey(server.ref), security)
	if err == nil && failure == nil && !reported {
		err = r.events.emit(ctx, message.Verified, message.StackPayload{Stack: server.ref.ID, Version: server.ref.Version, Security: security})
	}
	if err != nil {
		t.server.Stop()
		return nil, "", err
	}
	if failure == nil {
		return t, "", nil
	}
	t.server.Stop()
	if !reported {
		if err := r.events.emit(ctx, message.VerifyFailed, *failure); err != nil {
			return nil, "", err
		}
	}
	reason := "verification: " + failure.Reason
	if failure.Operation != "" {
		reason = "verification of " + failure.Operation + ": " + failure.Reason
	}
	return nil, reason, nil
}
