package job

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"soapbench.dev/workers/internal/message"
)

func TestCrossoverPutsEveryTargetInEveryPositionEquallyOften(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 5, 8} {
		items := make([]string, n)
		for i := range items {
			items[i] = string(rune('a' + i))
		}
		block := n
		if n%2 == 1 && n > 1 {
			block = 2 * n
		}
		rounds := 2 * block
		plan := crossover(items, 42, rounds)
		if len(plan) != rounds {
			t.Fatalf("%d items: %d rounds planned, want %d", n, len(plan), rounds)
		}
		inPosition := map[string]int{}
		follows := map[string]int{}
		for r, row := range plan {
			if len(row) != n || len(distinct(row)) != n {
				t.Fatalf("%d items, round %d: %v is not a permutation of %v", n, r+1, row, items)
			}
			for pos, it := range row {
				inPosition[fmt.Sprintf("%s@%d", it, pos)]++
				if pos > 0 {
					follows[row[pos-1]+">"+it]++
				}
			}
		}
		// Two whole squares: every item twice in every position.
		for _, it := range items {
			for pos := 0; pos < n; pos++ {
				if got := inPosition[fmt.Sprintf("%s@%d", it, pos)]; got != rounds/n {
					t.Errorf("%d items: %s in position %d %d times of %d rounds, want %d", n, it, pos+1, got, rounds, rounds/n)
				}
			}
		}
		// Williams: every ordered pair adjacent equally often.
		if n > 1 {
			want := rounds * (n - 1) / (n * (n - 1))
			for _, a := range items {
				for _, b := range items {
					if a != b && follows[a+">"+b] != want {
						t.Errorf("%d items: %s right after %s %d times, want %d", n, b, a, follows[a+">"+b], want)
					}
				}
			}
		}
		if strings.Join(items, "") != "abcdefgh"[:n] {
			t.Errorf("crossover reordered its input: %v", items)
		}
	}
}

func TestCrossoverIsReproducibleAndDependsOnTheSeed(t *testing.T) {
	items := []string{"cxf/plain", "metro/plain", "axis2/plain", "gsoap/plain"}
	a, again := crossover(items, 7, 8), crossover(items, 7, 8)
	if fmt.Sprint(a) != fmt.Sprint(again) {
		t.Fatalf("the same seed gave two plans:\n%v\n%v", a, again)
	}
	differs := false
	for seed := uint64(8); seed < 20 && !differs; seed++ {
		differs = fmt.Sprint(crossover(items, seed, 8)) != fmt.Sprint(a)
	}
	if !differs {
		t.Errorf("12 other seeds all gave the plan %v", a)
	}
	// A run cut short of a whole square still measures every target each round.
	for r, row := range crossover(items, 7, 3) {
		if len(distinct(row)) != len(items) {
			t.Errorf("round %d of 3: %v", r+1, row)
		}
	}
}

func distinct(row []string) map[string]bool {
	seen := map[string]bool{}
	for _, it := range row {
		seen[it] = true
	}
	return seen
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
		rounds[m.Repetition] = append(rounds[m.Repetition], m.Stack+"@"+m.Version+"/"+m.Cell.Security)
		orders[m.Repetition] = m.RoundOrder
	}
	return rounds, orders
}

func TestTwoVersionsOfOneStackAreTwoTargetsWithTheirOwnBuilds(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	x.KeepWork = true
	rec := &recorder{}
	job := echoJob(t, "fake", "fake")
	job.Stacks[1].Version = "2.0.0"
	reps := 2
	job.Workload.Repetitions = &reps
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	rounds, _ := measuredTargets(t, rec.events)
	for round, got := range rounds {
		sort.Strings(got)
		if strings.Join(got, " ") != "fake@1.0.0/plain fake@2.0.0/plain" {
			t.Errorf("round %d measured %v: want each version once", round, got)
		}
	}
	if len(rounds) != reps {
		t.Errorf("%d rounds measured, want %d", len(rounds), reps)
	}
	builds, _ := filepath.Glob(filepath.Join(x.WorkRoot, "*", "build", "*", "plain", "out"))
	if len(builds) != 2 {
		t.Errorf("build folders %v: want one per version", builds)
	}
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
