package main

import (
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"soapbench.dev/workers/internal/fingerprint"
	"soapbench.dev/workers/internal/job"
	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/stats"
)

// Targets of the repeatability benchmark.
const (
	maxCV     = 0.05
	maxSpread = 0.05
)

func repeatability(args []string) error {
	fs := flag.NewFlagSet("repeatability", flag.ExitOnError)
	stackList := fs.String("stacks", "cxf,gsoap", "stacks measured together (the first is the cell held to the targets)")
	size := fs.Int("message-bytes", 1024, "size of the echoed text (the envelope adds ~210 bytes)")
	conns := fs.Int("connections", 25, "connections")
	reps := fs.Int("repetitions", 5, "repetitions per run")
	seconds := fs.Float64("seconds", 3, "length of each measurement")
	series := fs.Int("runs", 3, "whole runs in a row")
	jvmWarmup := fs.Duration("jvm-warmup", job.DefaultJVMWarmup, "least warm-up of a Java stack")
	jvmWarmupMax := fs.Duration("jvm-warmup-max", job.DefaultJVMWarmupMax, "most warm-up of a Java stack, which goes on after -jvm-warmup until its throughput is steady")
	fs.Parse(args)
	root, err := repoRoot()
	if err != nil {
		return err
	}
	all, err := runner.Discover(filepath.Join(root, "stack-runners"))
	if err != nil {
		return err
	}
	ctx := context.Background()
	var stacks []message.StackRef
	for _, id := range strings.Split(*stackList, ",") {
		st, ok := runner.Find(all, id)
		if !ok {
			fmt.Printf("repeatability: no stack %q here, measuring without it\n", id)
			continue
		}
		if _, err := st.Version(ctx); err != nil {
			fmt.Printf("repeatability: %s cannot run here (%v), measuring without it\n", id, err)
			continue
		}
		stacks = append(stacks, message.StackRef{ID: id, Version: st.DefaultVersion()})
	}
	if len(stacks) == 0 {
		return fmt.Errorf("no stack of %q can run here", *stackList)
	}
	wsdl, err := os.ReadFile(filepath.Join(root, "wsdl-catalog", "echo", "echo.wsdl"))
	if err != nil {
		return err
	}
	work, err := runner.MkdirTemp("benchtool-repeat-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	x := &job.Executor{Stacks: all, WorkRoot: work, WorkerID: "benchtool", HardwareClass: "local",
		Fingerprint: fingerprint.Take(ctx, true), Pin: true, JVMWarmup: *jvmWarmup, JVMWarmupMax: *jvmWarmupMax,
		Log: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	fmt.Printf("repeatability: echo %d B, %d connections, %d repetitions of %.0f s, %d runs, stacks %v\n", *size, *conns, *reps, *seconds, *series, ids(stacks))

	medians := map[string][]float64{}
	var pairMedians, pairCVPercents []float64 // of the first stack's rate over the second's, round by round
	for s := range *series {
		start := time.Now()
		rates, err := oneRun(ctx, x, s, stacks, *size, *conns, *reps, *seconds, wsdl)
		if err != nil {
			return err
		}
		fmt.Printf("  run %d (%.0f s)\n", s+1, time.Since(start).Seconds())
		for _, st := range stacks {
			r := rates[st.ID]
			if r == nil || len(r.rates) == 0 {
				fmt.Printf("    %-6s no measurement (see the log above)\n", st.ID)
				continue
			}
			cv := stats.CV(r.rates)
			lo, hi := stats.MeanCI95(r.rates)
			medians[st.ID] = append(medians[st.ID], stats.Median(r.rates))
			fmt.Printf("    %-6s req/s %v  median %.0f  95%% CI of mean [%.0f, %.0f]  CV %.1f%% (target <= %.0f%%) %s  retries %d, flags %v\n",
				st.ID, rounded(r.rates), stats.Median(r.rates), lo, hi, cv*100, maxCV*100, verdict(cv <= maxCV), r.retries, r.flags)
			fmt.Printf("           steal %% %v\n", roundedTo(r.steal, 1))
			if len(r.warmWindows) > 0 {
				fmt.Printf("           warm-up windows req/s %v\n", rounded(r.warmWindows))
			}
		}
		if len(stacks) >= 2 {
			if ratios := roundRatios(rates[stacks[0].ID], rates[stacks[1].ID]); ratios != nil {
				median, cv := stats.Median(ratios), stats.CV(ratios)*100
				pairMedians, pairCVPercents = append(pairMedians, median), append(pairCVPercents, cv)
				fmt.Printf("    %s/%s per round %v  median %.3f  CV %.1f%%\n", stacks[0].ID, stacks[1].ID, roundedTo(ratios, 3), median, cv)
			}
		}
	}
	for _, st := range stacks {
		m := medians[st.ID]
		spread := stats.Spread(m)
		fmt.Printf("repeatability %s: medians %v, spread %.1f%% (target <= %.0f%%) %s\n", st.ID, rounded(m), spread*100, maxSpread*100, verdict(len(m) == *series && spread <= maxSpread))
	}
	if len(stacks) >= 2 {
		a, b := stacks[0].ID, stacks[1].ID
		consistent, ranks := true, []string{}
		for i := range min(len(medians[a]), len(medians[b])) {
			faster := a
			if medians[b][i] > medians[a][i] {
				faster = b
			}
			ranks = append(ranks, faster)
			consistent = consistent && faster == ranks[0]
		}
		fmt.Printf("repeatability ranking: faster per run %v (target: never opposite orders) %s\n", ranks, verdict(consistent && len(ranks) == *series))
		// Not a target: the machine's drift moves both stacks of a round
		// alike, so the comparison the service publishes is steadier than
		// either stack's own rate. Printed so the two can be told apart.
		if len(pairMedians) > 0 {
			fmt.Printf("repeatability %s/%s (the comparison, round by round): medians %v, spread %.1f%%; CV per run %v%%\n",
				a, b, roundedTo(pairMedians, 3), stats.Spread(pairMedians)*100, roundedTo(pairCVPercents, 1))
		}
	}
	return nil
}

// roundRatios is a's rate over b's in each round both were measured in;
// nil unless both have every round (a stack that failed has none).
func roundRatios(a, b *stackRates) []float64 {
	if a == nil || b == nil || len(a.rates) == 0 || len(a.rates) != len(b.rates) {
		return nil
	}
	out := make([]float64, len(a.rates))
	for i := range a.rates {
		out[i] = a.rates[i] / b.rates[i]
	}
	return out
}

type stackRates struct {
	rates   []float64
	steal   []float64
	retries int
	flags   []string
	// warmWindows are the window rates of a JVM's first warm-up.
	warmWindows []float64
}

// oneRun is one whole run as the worker carries it out: build, serve,
// verify, then interleaved rounds.
func oneRun(ctx context.Context, x *job.Executor, n int, stacks []message.StackRef, size, conns, reps int, seconds float64, wsdl []byte) (map[string]*stackRates, error) {
	catalog := "echo"
	warm := 500
	// The worker needs every field the backend writes out; the duration
	// bounds each measurement, so the request count goes unused.
	requests, keepAlive := 1, true
	j := message.RunJob{SchemaVersion: message.SchemaVersion, RunID: fmt.Sprintf("00000000-0000-4000-8000-%012d", n+1), Attempt: 1,
		HardwareClass: "local", ConfigHash: "benchtool-repeatability", CatalogID: &catalog,
		Bundle:  message.Bundle{Entry: "echo.wsdl", Files: []message.BundleFile{{Path: "echo.wsdl", ContentBase64: base64.StdEncoding.EncodeToString(wsdl)}}},
		Samples: []message.Sample{echoSample(size)}, Stacks: stacks,
		Workload: message.Workload{Stacks: ids(stacks), Load: &message.Load{Model: "closed", Connections: &conns, Requests: &requests, DurationSeconds: &seconds},
			Warmup: &message.Warmup{Requests: &warm}, Repetitions: &reps, KeepAlive: &keepAlive, Driver: job.DriverNeutral, Security: []string{"plain"}},
	}
	var mu sync.Mutex
	out := map[string]*stackRates{}
	publish := func(_ context.Context, ev message.RunEvent) error {
		mu.Lock()
		defer mu.Unlock()
		switch p := ev.Payload.(type) {
		case message.Measurement:
			r := out[p.Stack]
			if r == nil {
				r = &stackRates{}
				out[p.Stack] = r
			}
			r.rates = append(r.rates, p.Throughput)
			r.steal = append(r.steal, p.StealPercent)
			r.retries += p.Retries
			r.flags = append(r.flags, p.Flags...)
			if p.Warmup != nil && len(p.Warmup.WindowRates) > 0 {
				r.warmWindows = p.Warmup.WindowRates
			}
		case message.StackFailedPayload:
			fmt.Printf("    %s failed in %s: %s\n", p.Stack, p.Phase, p.Reason)
		case message.VerifyFailedPayload:
			fmt.Printf("    %s failed verification: %s\n", p.Stack, p.Reason)
		}
		return nil
	}
	return out, x.Run(ctx, j, 1, publish)
}

func ids(stacks []message.StackRef) []string {
	out := make([]string, len(stacks))
	for i, s := range stacks {
		out[i] = s.ID
	}
	return out
}

func rounded(xs []float64) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x + 0.5)
	}
	return out
}

// roundedTo rounds xs to places decimals, for printing.
func roundedTo(xs []float64, places int) []float64 {
	scale := math.Pow(10, float64(places))
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Round(x*scale) / scale
	}
	return out
}
