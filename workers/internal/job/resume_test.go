package job

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/message"
)

// measuredKeys lists "stack/security#repetition" of the measurement events.
func measuredKeys(events []message.RunEvent) []string {
	var out []string
	for _, ev := range events {
		if ev.Kind == message.Measured {
			m := ev.Payload.(message.Measurement)
			out = append(out, fmt.Sprintf("%s/%s#%d", m.Stack, m.Cell.Security, m.Repetition))
		}
	}
	return out
}

func TestRedeliveryResumesFromTheJournal(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	job := echoJob(t, "fake", "fake-jvm", "fake-wrong")
	three := 3
	job.Workload.Repetitions = &three

	// The first delivery is cut off by an outage after its third measurement.
	first, second, again := redeliverAfterOutage(t, x, job, message.Measured, 4)
	accepted := second.events[0].Payload.(message.AcceptedPayload)
	if accepted.ResumedMeasurements != 3 || accepted.Deliveries != 2 || !accepted.Redelivered {
		t.Errorf("accepted = %+v, want 3 resumed measurements of delivery 2", accepted)
	}
	// Each repetition of each stack exactly once over both deliveries.
	all := append(measuredKeys(first.events), measuredKeys(second.events)...)
	seen := map[string]bool{}
	for _, k := range all {
		if seen[k] {
			t.Errorf("%s measured twice", k)
		}
		seen[k] = true
	}
	if len(seen) != 6 {
		t.Errorf("measured %v, want 2 stacks × 3 repetitions", all)
	}
	// The resumed delivery's events follow the first one's seqs.
	lastFirst := first.events[len(first.events)-1].Seq
	if second.events[0].Seq <= lastFirst {
		t.Errorf("resumed delivery starts at seq %d, the first used up to %d", second.events[0].Seq, lastFirst)
	}
	// The missing measurements keep the planned order and their positions,
	// among the stacks that passed verification.
	var plan [][]string
	for _, round := range again.Rounds() {
		var live []string
		for _, k := range round {
			if k != "fake-wrong@1.0.0/plain" {
				live = append(live, k)
			}
		}
		plan = append(plan, live)
	}
	for _, ev := range append(first.events, second.events...) {
		if ev.Kind != message.Measured {
			continue
		}
		m := ev.Payload.(message.Measurement)
		key := m.Stack + "@" + m.Version + "/" + m.Cell.Security
		if plan[m.Repetition-1][m.Position-1] != key || strings.Join(m.RoundOrder, " ") != strings.Join(plan[m.Repetition-1], " ") {
			t.Errorf("%s#%d at position %d of %v, planned %v", key, m.Repetition, m.Position, m.RoundOrder, plan[m.Repetition-1])
		}
	}
	if k := second.kinds(); k[len(k)-1] != "completed" {
		t.Errorf("resumed delivery ended with %s", k[len(k)-1])
	}
	// A stack reported failed before is neither built nor reported again.
	for _, k := range second.kinds() {
		if strings.HasSuffix(k, ":fake-wrong") {
			t.Errorf("the resumed delivery sent %s, which the first had reported", k)
		}
	}
}

func TestCancelledRunEndsWithCancelled(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// cancelAt is the event after which the owner cancels; "" cancels before the job arrives.
		cancelAt  message.EventKind
		wantKinds string
	}{
		// Cancelled while measuring: what was measured stays, then cancelled.
		{"while measuring", message.Measured, "accepted building:fake built:fake verified:fake measuring:fake measurement:fake cancelled"},
		// Cancelled while building.
		{"while building", message.Building, "accepted building:fake cancelled"},
		// A job of a run cancelled while it was queued: nothing is built.
		{"while queued", "", "cancelled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := testExecutor(t)
			ctx, cancel := context.WithCancelCause(context.Background())
			rec := &recorder{}
			publish := func(c context.Context, ev message.RunEvent) error {
				if ev.Kind == tt.cancelAt {
					defer cancel(ErrRunCancelled)
				}
				return rec.publish(c, ev)
			}
			if err := x.Resume(ctx, echoJob(t, "fake"), Delivery{Attempt: 1, Deliveries: 1, Cancelled: tt.cancelAt == ""}, publish); err != nil {
				t.Fatalf("Resume() = %v, want nil: a cancelled run is acked", err)
			}
			if got := strings.Join(rec.kinds(), " "); got != tt.wantKinds {
				t.Errorf("events %s, want %s", got, tt.wantKinds)
			}
			last := rec.events[len(rec.events)-1]
			if p := last.Payload.(message.CancelledPayload); p.Reason != "cancelled by its owner" || last.Seq != len(rec.events) {
				t.Errorf("cancelled event seq %d payload %+v", last.Seq, p)
			}
		})
	}
}

// redeliverAfterOutage delivers job once, cut off by an outage as the cutAt-th
// event of kind goes out (it never reaches the broker), then delivers it
// again on the same journal, as the broker's redelivery does; it returns the
// events each delivery sent and the journal the second one used.
func redeliverAfterOutage(t *testing.T, x *Executor, job message.RunJob, kind message.EventKind, cutAt int) (first, second *recorder, journal *Journal) {
	t.Helper()
	state := t.TempDir()
	ctx, cutOff := context.WithCancelCause(context.Background())
	j, err := OpenJournal(state, job)
	if err != nil {
		t.Fatal(err)
	}
	first, sent := &recorder{}, 0
	err = x.Resume(ctx, job, Delivery{Attempt: 1, Deliveries: 1, Journal: j}, func(c context.Context, ev message.RunEvent) error {
		if ev.Kind == kind {
			if sent++; sent == cutAt {
				cutOff(errConnectionLost)
				return errors.New("connection closed")
			}
		}
		return first.publish(c, ev)
	})
	if err == nil {
		t.Fatal("a delivery cut off by an outage returned nil: it would be acked")
	}
	j.Close()
	again, err := OpenJournal(state, job)
	if err != nil {
		t.Fatal(err)
	}
	second = &recorder{}
	if err := x.Resume(context.Background(), job, Delivery{Attempt: 1, Deliveries: 2, Journal: again}, second.publish); err != nil {
		t.Fatal(err)
	}
	return first, second, again
}
