// Package job carries out one RunJob: it writes the job's files, builds,
// serves and verifies every stack, then measures them in interleaved rounds,
// reporting each step as a RunEvent.
package job

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/samples"
)

// Executor runs jobs on this machine.
type Executor struct {
	Stacks        []runner.Stack
	WorkRoot      string
	WorkerID      string
	HardwareClass string
	Fingerprint   message.Fingerprint
	Log           *slog.Logger
	// KeepWork keeps each run's work folder (builds, logs) after the run.
	KeepWork bool
	// BuildTimeout and ReadyTimeout override the runner's defaults when positive.
	BuildTimeout time.Duration
	ReadyTimeout time.Duration
	// JVMWarmup is the least warm-up before the first measurement of a stack
	// whose manifest sets jitWarmup: its JIT needs it (DefaultJVMWarmup).
	JVMWarmup time.Duration
	// JVMWarmupMax bounds the whole first warm-up of a Java stack: after
	// JVMWarmup it goes on until the throughput is steady (steady.go) or
	// this has passed. At or below JVMWarmup there is no such phase.
	JVMWarmupMax time.Duration
	// Pin places server and driver on disjoint CPU sets; it needs
	// cpuset.MinCores cores and is ignored below.
	Pin bool
	// Disturbance decides when a measurement is redone; zero fields take defaults.
	Disturbance Thresholds
	// DatasetsDir is the repository's datasets/ folder, where a workload's
	// request sequences are found.
	DatasetsDir string
	// DriveTimeout overrides runner.DriveTimeout, the bound of one native
	// client's measurement, when positive.
	DriveTimeout time.Duration
	// SecurityDir is stack-runners/security (its checker, profile and test
	// PKI), which verifies a stack in a security mode other than plain.
	SecurityDir string
}

// run is the state of one delivery of one job.
type run struct {
	*Executor
	job      message.RunJob
	attempt  int
	delivery Delivery
	journal  *Journal
	events   *emitter
	dir      string
	// base is the run's WSDL; head the second one of an A/B of two WSDLs, nil else.
	base, head *side
	all        []samples.Sample
	// sequence is the workload's request sequence, nil without one.
	sequence []samples.Sample
	plan     plan
	// targets are the servers that passed verification, one per stack and
	// security mode, in the job's order.
	targets []*target
	cpus    cpuPlan
}

// Delivery is how a job reached this worker.
type Delivery struct {
	// Attempt is the number of earlier deliveries that failed the job, plus one.
	Attempt int
	// Deliveries is how often the broker handed the job out, this time included.
	Deliveries int
	// Journal, when set, records this delivery's progress and holds what an
	// earlier delivery of the same attempt confirmed.
	Journal *Journal
	// Cancelled is set when the run was cancelled before the job arrived:
	// it is ended without building anything.
	Cancelled bool
	// Step, when set, hears what the run is doing, for heartbeats.
	Step func(step string)
}

// ErrRunCancelled is the cause a job's context is cancelled with when its
// owner cancelled the run: the run then ends with a cancelled event.
var ErrRunCancelled = errors.New("cancelled by its owner")

// Run carries out job as attempt number attempt. It returns nil once the
// final event (completed or failed) is confirmed; an error means the job
// did not finish here (cancelled, or events could not be published) and
// should be delivered again.
func (x *Executor) Run(ctx context.Context, job message.RunJob, attempt int, publish Publish) error {
	return x.Resume(ctx, job, Delivery{Attempt: attempt, Deliveries: 1}, publish)
}

// Resume carries out one delivery of job, skipping the measurements its
// journal says the broker already confirmed. It returns nil once the final
// event (completed, failed or cancelled) is confirmed; an error means the
// job did not finish here and should be delivered again.
func (x *Executor) Resume(ctx context.Context, job message.RunJob, d Delivery, publish Publish) error {
	attempt := max(d.Attempt, 1)
	seq := d.Journal.LastSeq()
	if d.Journal == nil && d.Deliveries > 1 {
		// Without a journal the seqs an earlier delivery used are unknown:
		// each delivery takes a range of its own.
		seq = (d.Deliveries - 1) * seqsPerDelivery
	}
	r := &run{Executor: x, job: job, attempt: attempt, delivery: d, journal: d.Journal, cpus: planCPUs(x.Pin),
		events: &emitter{runID: job.RunID, workerID: x.WorkerID, attempt: attempt, publish: publish,
			journal: d.Journal, seq: seq, redact: runner.NewRedactor(x.WorkRoot, x.Stacks).Text}}
	if d.Cancelled {
		x.Log.Info("job of a cancelled run; not building", "run", job.RunID)
		return r.events.emit(ctx, message.Cancelled, message.CancelledPayload{Reason: ErrRunCancelled.Error()})
	}
	err := r.execute(ctx)
	if err != nil && errors.Is(context.Cause(ctx), ErrRunCancelled) {
		// The servers are stopped by now; the event must go out although the
		// job's context is done.
		x.Log.Info("run cancelled", "run", job.RunID)
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), queueConfirmTimeout)
		defer cancel()
		return r.events.emit(cctx, message.Cancelled, message.CancelledPayload{Reason: ErrRunCancelled.Error()})
	}
	return err
}

// seqsPerDelivery is more events than one delivery of a job ever sends.
const seqsPerDelivery = 100000

// queueConfirmTimeout bounds the publishing of the cancelled event.
const queueConfirmTimeout = 30 * time.Second

func (r *run) execute(ctx context.Context) error {
	x, job, attempt := r.Executor, r.job, r.attempt
	r.step("preparing")
	if err := r.events.emit(ctx, message.Accepted, message.AcceptedPayload{
		HardwareClass: x.HardwareClass, Fingerprint: x.Fingerprint,
		Deliveries: max(r.delivery.Deliveries, 1), Redelivered: r.delivery.Deliveries > 1,
		ResumedMeasurements: r.journal.MeasuredCount()}); err != nil {
		return err
	}
	if err := r.prepare(attempt); err != nil {
		x.Log.Warn("run cannot proceed", "run", job.RunID, "reason", err)
		return r.events.emit(ctx, message.Failed, message.FailedPayload{Reason: err.Error()})
	}
	if !x.KeepWork {
		defer os.RemoveAll(r.dir)
	}
	defer r.stopServers()
	if job.Workload.IsInterop() {
		if err := r.interop(ctx); err != nil {
			return err
		}
		return r.events.emit(ctx, message.Completed, struct{}{})
	}
	for i, ref := range job.Stacks {
		if err := r.stack(ctx, i, ref); err != nil {
			return err
		}
	}
	// A compatibility check ends with verification: every stack's outcome
	// is known by now.
	if !job.Workload.CheckOnly() {
		if err := r.rounds(ctx); err != nil {
			return err
		}
	}
	r.stopServers()
	return r.events.emit(ctx, message.Completed, struct{}{})
}

// step tells the delivery's listener what the run is doing.
func (r *run) step(s string) {
	if r.delivery.Step != nil {
		r.delivery.Step(s)
	}
}

// stopServers stops every server still running.
func (r *run) stopServers() {
	for _, t := range r.targets {
		if t.server != nil {
			t.server.Stop()
			t.server = nil
		}
	}
}

// prepare writes the bundle and the samples into a fresh work folder.
func (r *run) prepare(attempt int) error {
	if r.job.SchemaVersion != message.SchemaVersion {
		return fmt.Errorf("job schemaVersion %d, this worker reads %d", r.job.SchemaVersion, message.SchemaVersion)
	}
	if len(r.job.Stacks) == 0 || len(r.job.Samples) == 0 {
		return fmt.Errorf("job has no stacks or no samples")
	}
	sequence, build, err := r.requestSequence()
	if err != nil {
		return err
	}
	r.all = build
	p, err := resolve(r.job.Workload, r.all)
	if err != nil {
		return err
	}
	if sequence != nil {
		if p.measured, err = sequenceLoad(r.job.Workload.Operations, sequence); err != nil {
			return err
		}
		r.sequence = sequence
	}
	r.plan = p
	r.dir = filepath.Join(r.WorkRoot, fmt.Sprintf("%s-%d", r.job.RunID, attempt))
	if _, err := safePath(r.job.RunID); err != nil {
		return fmt.Errorf("run id %q cannot name a folder", r.job.RunID)
	}
	if err := os.RemoveAll(r.dir); err != nil {
		return err
	}
	if r.base, err = r.writeSide("", r.job.Bundle, r.all, r.plan.measured); err != nil {
		return err
	}
	return r.prepareHead()
}

// stack builds, serves and verifies one stack in every security mode, and
// leaves the servers running for the rounds. Only cancellation and
// publishing failures are returned: a stack that fails is reported and the
// run goes on.
func (r *run) stack(ctx context.Context, position int, ref message.StackRef) error {
	fail := func(security string, phase message.Phase, reason, log string) error {
		return r.events.emit(ctx, message.StackFailed, message.StackFailedPayload{
			Stack: ref.ID, Version: ref.Version, Security: security, Phase: phase, Reason: reason, Log: tail(log)})
	}
	if r.journal.Failed(refKey(ref), "") {
		// An earlier delivery reported it; the backend has its outcome.
		return nil
	}
	stack, ok := runner.Find(r.Stacks, ref.ID)
	if !ok {
		return fail("", message.PhaseBuild, fmt.Sprintf("unavailable: this worker has no stack %q", ref.ID), "")
	}
	if err := checkVariant(stack, ref); err != nil {
		return fail("", message.PhaseBuild, "error: "+err.Error(), "")
	}
	if reason := r.nativeUnsupported(stack); reason != "" {
		return fail("", message.PhaseMeasure, reason, "")
	}
	versions, err := stack.Version(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		reason, log := describe(err)
		return fail("", message.PhaseBuild, reason, log)
	}
	for _, security := range r.plan.security {
		if r.journal.Failed(refKey(ref), security) {
			continue
		}
		if err := r.mode(ctx, stack, ref, buildFolder(r.dir, position, ref, security), versions, security, fail); err != nil {
			return err
		}
	}
	return nil
}

// buildFolder is the --out folder of one build. One folder per build: the
// sandbox lets a build write the folder above its output, and nothing of
// another build may be in it, not even another version of the same stack.
// The stack's place in the job names it, not its version, which is the
// job's text; the id is one of this worker's own stacks by now.
func buildFolder(dir string, position int, ref message.StackRef, security string) string {
	return filepath.Join(dir, "build", strconv.Itoa(position)+"-"+ref.ID, security, "out")
}

type failFunc func(security string, phase message.Phase, reason, log string) error

// mode builds, serves and verifies one stack in one security mode.
func (r *run) mode(ctx context.Context, stack runner.Stack, ref message.StackRef, out string, versions runner.Versions, security string, fail failFunc) error {
	built, err := r.build(ctx, stack, ref, out, versions, security, fail, true)
	if err != nil || built == nil {
		return err
	}
	t, err := r.serve(ctx, built, fail)
	if err != nil || t == nil {
		return err
	}
	r.step("verifying " + ref.ID + " (" + security + ")")
	ok, err := r.verify(ctx, t)
	if err != nil || !ok {
		t.server.Stop()
		return err
	}
	if err := r.events.emit(ctx, message.Verified, message.StackPayload{Stack: ref.ID, Version: ref.Version, Security: security}); err != nil {
		t.server.Stop()
		return err
	}
	if r.job.Workload.CheckOnly() {
		// Nothing will be measured: the server is not kept for the rounds.
		t.server.Stop()
		return nil
	}
	r.targets = append(r.targets, t)
	return nil
}

// build builds one stack in one security mode into out. It returns the
// target to serve, without a server, or nil when the build failed and was
// reported through fail; an error only for cancellation and publishing.
// Without announce it sends no building and built events: a resumed
// delivery builds again what an earlier one reported failed only to learn
// why, and must not show the stack building again.
func (r *run) build(ctx context.Context, stack runner.Stack, ref message.StackRef, out string, versions runner.Versions, security string, fail failFunc, announce bool) (*target, error) {
	log := r.Log.With("run", r.job.RunID, "stack", ref.ID, "security", security)
	r.step("building " + ref.ID + " (" + security + ")")
	if announce {
		if err := r.events.emit(ctx, message.Building, message.StackPayload{Stack: ref.ID, Version: ref.Version, Security: security}); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fail(security, message.PhaseBuild, "error: "+err.Error(), "")
	}
	catalog := ""
	if r.job.CatalogID != nil {
		catalog = *r.job.CatalogID
	}
	wsdl, err := r.sideOf(ref)
	if err != nil {
		return nil, fail(security, message.PhaseBuild, err.Error(), "")
	}
	built, err := stack.Build(ctx, runner.BuildRequest{
		BundleDir: wsdl.bundleDir, Entry: wsdl.entry, SamplesDir: wsdl.samplesDir,
		Security: security, Version: buildVersion(ref), OutDir: out, Catalog: catalog, Timeout: r.BuildTimeout,
		MTOM: r.job.Workload.MTOM,
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		reason, blog := describe(err)
		log.Info("build failed", "reason", reason)
		return nil, fail(security, message.PhaseBuild, reason, blog)
	}
	if announce {
		if err := r.events.emit(ctx, message.Built, message.BuiltPayload{
			Stack: ref.ID, Version: ref.Version, Security: security, Versions: versions,
			BuildSeconds: built.Seconds, Log: tail(built.Log)}); err != nil {
			return nil, err
		}
	}
	return &target{ref: ref, side: wsdl, stack: stack, versions: versions, security: security, built: built, buildDir: out}, nil
}

// serve starts built's server. It returns the target with its server, or
// nil when the server did not start and that was reported through fail; an
// error only for cancellation and publishing.
func (r *run) serve(ctx context.Context, built *target, fail failFunc) (*target, error) {
	server, err := built.stack.ServeVariant(ctx, built.buildDir, built.ref.Variant, r.ReadyTimeout)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		reason, serveLog := describe(err)
		r.Log.Info("serve failed", "run", r.job.RunID, "stack", built.ref.ID, "security", built.security, "reason", reason)
		return nil, fail(built.security, message.PhaseServe, reason, serveLog)
	}
	r.Log.Info("serving", "run", r.job.RunID, "stack", built.ref.ID, "security", built.security, "url", server.URL, "startup", server.StartupSeconds)
	t := *built
	t.server = server
	return &t, nil
}

// describe is a failure's one-line reason and its log.
func describe(err error) (reason, log string) {
	var f *runner.Failure
	if errors.As(err, &f) {
		return f.Reason, f.Log
	}
	return "error: " + err.Error(), ""
}

func tail(log string) string {
	if len(log) > runner.LogTailBytes {
		return log[len(log)-runner.LogTailBytes:]
	}
	return log
}
