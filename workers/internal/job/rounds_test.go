package job

import (
	"context"
	"strings"
	"testing"
	"time"

	"soapbench.dev/workers/internal/message"
)

func TestShuffledIsAReproduciblePermutationPerRound(t *testing.T) {
	targets := []*target{{security: "a"}, {security: "b"}, {security: "c"}, {security: "d"}}
	orders := map[string]bool{}
	for round := 1; round <= 20; round++ {
		got := shuffled(targets, 42, round)
		seen := map[*target]bool{}
		var keys []string
		for _, t := range got {
			seen[t] = true
			keys = append(keys, t.security)
		}
		if len(got) != 4 || len(seen) != 4 {
			t.Fatalf("round %d: %v is not a permutation of the targets", round, keys)
		}
		again := shuffled(targets, 42, round)
		for i := range got {
			if got[i] != again[i] {
				t.Fatalf("round %d: the same seed gave two orders", round)
			}
		}
		orders[strings.Join(keys, "")] = true
	}
	// 20 rounds of 4 targets: a fixed order would show one permutation only.
	if len(orders) < 5 {
		t.Errorf("20 rounds used only %d orders: %v", len(orders), orders)
	}
	if strings.Join([]string{targets[0].security, targets[1].security}, "") != "ab" {
		t.Error("shuffled reordered its input")
	}
}

// measuredTargets lists "stack/security" of the measurement events and
// their positions, grouped by round.
func measuredTargets(t *testing.T, events []message.RunEvent) (rounds map[int][]string, orders map[int][]string) {
	t.Helper()
	rounds, orders = map[int][]string{}, map[int][]string{}
	for _, ev := range events {
		if ev.Kind != message.Measured {
			continue
		}
		m := ev.Payload.(message.Measurement)
		if m.Position != len(rounds[m.Repetition])+1 {
			t.Errorf("round %d: position %d, want %d", m.Repetition, m.Position, len(rounds[m.Repetition])+1)
		}
		rounds[m.Repetition] = append(rounds[m.Repetition], m.Stack+"/"+m.Cell.Security)
		orders[m.Repetition] = m.RoundOrder
	}
	return rounds, orders
}

func TestRunBuildsEverythingThenInterleavesRounds(t *testing.T) {
	x := testExecutor(t)
	// Well above what the count warm-up takes on a loaded machine, so the two are told apart.
	x.JVMWarmup = 1500 * time.Millisecond
	rec := &recorder{}
	job := echoJob(t, "fake", "fake-jvm")
	reps := 3
	job.Workload.Repetitions = &reps
	job.Workload.Security = []string{"plain", "username"}
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	kinds := rec.kinds()
	firstMeasuring := -1
	for i, k := range kinds {
		if strings.HasPrefix(k, "measuring") && firstMeasuring < 0 {
			firstMeasuring = i
		}
		if strings.HasPrefix(k, "built") && firstMeasuring >= 0 {
			t.Fatalf("a build after measuring began: %v", kinds)
		}
	}
	if built := strings.Count(strings.Join(kinds, " "), "built:"); built != 4 {
		t.Errorf("%d built events, want 4 (2 stacks x 2 security modes): %v", built, kinds)
	}
	rounds, orders := measuredTargets(t, rec.events)
	if len(rounds) != 3 {
		t.Fatalf("%d rounds measured, want 3", len(rounds))
	}
	for round, got := range rounds {
		if len(got) != 4 || strings.Join(got, " ") != strings.Join(orders[round], " ") {
			t.Errorf("round %d measured %v, recorded order %v: want every target once, in the recorded order", round, got, orders[round])
		}
		seen := map[string]bool{}
		for _, k := range got {
			seen[k] = true
		}
		if len(seen) != 4 {
			t.Errorf("round %d measured %v: a target twice", round, got)
		}
	}
	// The JVM stack's first measurement waits for the JIT; later ones do not.
	for _, ev := range rec.events {
		if ev.Kind != message.Measured {
			continue
		}
		m := ev.Payload.(message.Measurement)
		long := m.Warmup.Seconds >= 1.5
		wantLong := m.Stack == "fake-jvm" && m.Repetition == 1
		if long != wantLong {
			t.Errorf("%s/%s round %d warmed up %.2f s; want the JVM minimum only on its first measurement", m.Stack, m.Cell.Security, m.Repetition, m.Warmup.Seconds)
		}
		if m.Warmup.Requests < 20 || m.Fingerprint == nil || m.CPUSharing == "" || m.Flags == nil || m.Sandbox == nil {
			t.Errorf("measurement warm-up %+v, fingerprint %v, cpuSharing %q, flags %v, sandbox %v: want all recorded", m.Warmup, m.Fingerprint, m.CPUSharing, m.Flags, m.Sandbox)
		}
	}
}
