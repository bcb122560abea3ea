// Command bench-worker takes benchmark runs from RabbitMQ and carries them
// out: for each stack it builds, serves, verifies and measures the server,
// and reports every step back to the backend as RunEvents.
//
// Configuration comes from flags, each defaulting to an environment variable:
//
//	-amqp-url   SOAPBENCH_AMQP_URL        (required)
//	-class      SOAPBENCH_HARDWARE_CLASS  (default local)
//	-id         SOAPBENCH_WORKER_ID       (default <hostname>-<pid>)
//	-stacks     SOAPBENCH_STACK_RUNNERS   (default ./stack-runners)
//	-work       SOAPBENCH_WORK_DIR        (default $TMPDIR/soapbench-work)
//	-state      SOAPBENCH_WORKER_STATE    (default: state in the -work folder)
//	-heartbeat  SOAPBENCH_WORKER_HEARTBEAT (default 10s)
//	-datasets   SOAPBENCH_DATASETS        (default: datasets next to -stacks)
//	-sandbox    SOAPBENCH_SANDBOX         (bwrap or none; default bwrap where installed)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"syscall"
	"time"

	"soapbench.dev/workers/internal/fingerprint"
	"soapbench.dev/workers/internal/job"
	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/queue"
	"soapbench.dev/workers/internal/runner"
)

var hardwareClass = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench-worker:", err)
		os.Exit(1)
	}
}

func run() error {
	host, _ := os.Hostname()
	amqpURL := flag.String("amqp-url", os.Getenv("SOAPBENCH_AMQP_URL"), "RabbitMQ URL (env SOAPBENCH_AMQP_URL)")
	class := flag.String("class", envOr("SOAPBENCH_HARDWARE_CLASS", "local"), "hardware class whose jobs to take (env SOAPBENCH_HARDWARE_CLASS)")
	id := flag.String("id", envOr("SOAPBENCH_WORKER_ID", fmt.Sprintf("%s-%d", host, os.Getpid())), "worker id (env SOAPBENCH_WORKER_ID)")
	stacksDir := flag.String("stacks", envOr("SOAPBENCH_STACK_RUNNERS", "stack-runners"), "stack-runners folder (env SOAPBENCH_STACK_RUNNERS)")
	workDir := flag.String("work", envOr("SOAPBENCH_WORK_DIR", filepath.Join(os.TempDir(), "soapbench-work")), "work folder for runs (env SOAPBENCH_WORK_DIR)")
	stateDir := flag.String("state", os.Getenv("SOAPBENCH_WORKER_STATE"), "folder of the journals that let a redelivered run resume (env SOAPBENCH_WORKER_STATE; default: state in the -work folder)")
	heartbeat := flag.Duration("heartbeat", envDuration("SOAPBENCH_WORKER_HEARTBEAT", job.HeartbeatInterval), "interval of the worker's heartbeats to the backend (env SOAPBENCH_WORKER_HEARTBEAT)")
	amqpHeartbeat := flag.Duration("amqp-heartbeat", queue.DefaultHeartbeat, "AMQP heartbeat interval, whole seconds: a silent broker is noticed after 1.5 of them")
	keepWork := flag.Bool("keep-work", false, "keep each run's work folder afterwards")
	pin := flag.Bool("pin", true, "pin server and driver to disjoint CPU sets (needs 4 cores or more)")
	jvmWarmup := flag.Duration("jvm-warmup", envDuration("SOAPBENCH_JVM_WARMUP", job.DefaultJVMWarmup), "least warm-up before the first measurement of a Java stack (env SOAPBENCH_JVM_WARMUP)")
	jvmWarmupMax := flag.Duration("jvm-warmup-max", envDuration("SOAPBENCH_JVM_WARMUP_MAX", job.DefaultJVMWarmupMax), "most warm-up of a Java stack, which goes on after -jvm-warmup until its throughput is steady (env SOAPBENCH_JVM_WARMUP_MAX)")
	steal := flag.Float64("max-steal", job.DefaultStealPercent, "CPU steal (% of all CPU time) above which a measurement is redone")
	busy := flag.Float64("max-other-busy", job.DefaultOtherBusyPercent, "CPU used by other processes (% of all CPU time) above which a measurement is redone")
	datasets := flag.String("datasets", os.Getenv("SOAPBENCH_DATASETS"), "datasets folder of the repository, for workloads' request sequences (env SOAPBENCH_DATASETS; default: datasets next to -stacks)")
	sandbox := flag.String("sandbox", os.Getenv("SOAPBENCH_SANDBOX"), "bwrap or none: how builds and servers of user WSDLs are confined (env SOAPBENCH_SANDBOX; default bwrap where installed)")
	flag.Parse()

	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if *amqpURL == "" {
		return errors.New("no RabbitMQ URL: set SOAPBENCH_AMQP_URL or -amqp-url")
	}
	if !hardwareClass.MatchString(*class) {
		return fmt.Errorf("hardware class %q: use lower-case letters, digits and '-'", *class)
	}
	// The runner package reads the mode from the environment, as stackcheck does.
	if err := os.Setenv("SOAPBENCH_SANDBOX", *sandbox); err != nil {
		return err
	}
	stacks, err := runner.Discover(*stacksDir)
	if err != nil {
		return err
	}
	if len(stacks) == 0 {
		return fmt.Errorf("no stacks in %s (expected */stack.json)", *stacksDir)
	}
	sb := stacks[0].Sandbox
	user := "the worker's own"
	if sb.User != nil {
		user = sb.User.Name
	}
	log.Info("sandbox", "mode", sb.Mode, "user", user, "memoryBytes", sb.MemoryBytes, "processes", sb.Processes,
		"diskBytes", sb.DiskBytes, "serveLifetime", sb.ServeLifetime, "buildCache", sb.BuildCache,
		"buildCacheMaxBytes", sb.BuildCacheMaxBytes)
	// A bound lowered since the last start applies at once, beside the first jobs: removing
	// gigabytes of builds takes a while, and a seal meanwhile leaves the trimming to it.
	go sb.TrimBuildCache()
	if err := os.MkdirAll(*workDir, 0o755); err != nil {
		return fmt.Errorf("work folder: %v", err)
	}
	if err := sb.CheckReachable(*workDir, filepath.Dir(stacks[0].Dir)); err != nil {
		return err
	}
	if *stateDir == "" {
		*stateDir = filepath.Join(*workDir, "state")
	}
	if *heartbeat <= 0 {
		return fmt.Errorf("heartbeat interval %s: must be positive", *heartbeat)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	w := &job.Worker{
		Executor: &job.Executor{
			Stacks: stacks, WorkRoot: *workDir, WorkerID: *id, HardwareClass: *class,
			Fingerprint: fingerprint.Take(ctx, *pin), Log: log, KeepWork: *keepWork,
			Pin: *pin, JVMWarmup: *jvmWarmup, JVMWarmupMax: *jvmWarmupMax,
			Disturbance: job.Thresholds{StealPercent: *steal, OtherBusyPercent: *busy},
			DatasetsDir: datasetsDir(*datasets, *stacksDir),
			SecurityDir: securityDir(*stacksDir),
		},
		AMQPURL:        *amqpURL,
		StackStates:    stackStates(ctx, stacks, log),
		StateDir:       *stateDir,
		HeartbeatEvery: *heartbeat,
		AMQPHeartbeat:  *amqpHeartbeat,
	}
	log.Info("starting", "worker", *id, "class", *class, "stacks", len(stacks), "state", *stateDir)
	err = w.Serve(ctx)
	log.Info("stopped")
	return err
}

// stackStates asks every runner whether it can run on this machine.
func stackStates(ctx context.Context, stacks []runner.Stack, log *slog.Logger) []message.StackState {
	out := make([]message.StackState, 0, len(stacks))
	for _, s := range stacks {
		st := message.StackState{ID: s.ID, Available: true}
		versions, err := s.Version(ctx)
		if err != nil {
			st.Available, st.Reason = false, err.Error()
			log.Warn("stack unavailable", "stack", s.ID, "reason", err)
		} else {
			st.Versions = versions
		}
		out = append(out, st)
	}
	return out
}

// envDuration reads a duration such as 2s from the environment.
func envDuration(key string, fallback time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return d
	}
	return fallback
}

func envOr(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

// datasetsDir is the datasets folder: the one given, or the one beside the
// stack-runners folder in the repository.
func datasetsDir(given, stacksDir string) string {
	if given != "" {
		return given
	}
	abs, err := filepath.Abs(stacksDir)
	if err != nil {
		return ""
	}
	return filepath.Join(filepath.Dir(abs), "datasets")
}

// securityDir is the stack-runners folder's security/ (the checker that
// verifies secured modes), absolute so that it does not depend on where a
// run's work folder is; the checker itself says when it is not built.
func securityDir(stacksDir string) string {
	dir, err := filepath.Abs(filepath.Join(stacksDir, "security"))
	if err != nil {
		return ""
	}
	return dir
}
