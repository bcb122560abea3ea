package job

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
)

// rounds measures every target once per round, so that drift on the
// machine (a neighbour, thermal state, steal) hits every stack alike
// instead of whichever came last, in orders that put every target in every
// position equally often (crossover.go).
//
// The orders are planned once per attempt over every stack and security
// mode of the job and kept in the journal; a round measures the targets
// still standing in its planned order. A resumed delivery follows the same
// plan and skips the measurements the broker already confirmed
// (docs/architecture.md, "Redelivery").
func (r *run) rounds(ctx context.Context) error {
	plan, err := r.roundPlan()
	if err != nil {
		return err
	}
	// A job may name a stack twice: each key stands for its targets in turn.
	byKey := map[string][]*target{}
	for _, t := range r.targets {
		byKey[t.key()] = append(byKey[t.key()], t)
	}
	for round := 1; round <= r.plan.repetitions; round++ {
		var order []*target
		taken := map[string]int{}
		for _, k := range plan[round-1] {
			if i := taken[k]; i < len(byKey[k]) {
				taken[k]++
				if t := byKey[k][i]; !t.failed {
					order = append(order, t)
				}
			}
		}
		keys := make([]string, len(order))
		for i, t := range order {
			keys[i] = t.key()
		}
		r.Log.Info("round", "run", r.job.RunID, "round", round, "order", keys)
		for i, t := range order {
			if r.journal.Measured(t.key(), round) {
				continue
			}
			r.step(fmt.Sprintf("measuring %s (round %d of %d)", t.ref.ID, round, r.plan.repetitions))
			if err := r.measure(ctx, t, round, i+1, keys); err != nil {
				return err
			}
		}
	}
	return nil
}

// roundPlan is every round's order of "stack/security" keys: the journal's
// when an earlier delivery recorded one, else planned and recorded now.
func (r *run) roundPlan() ([][]string, error) {
	if p := r.journal.Rounds(); len(p) == r.plan.repetitions {
		return p, nil
	}
	var all []string
	for _, ref := range r.job.Stacks {
		for _, security := range r.plan.security {
			all = append(all, refKey(ref)+"/"+security)
		}
	}
	p := crossover(all, r.shuffleSeed(), r.plan.repetitions)
	if err := r.journal.SetRounds(p); err != nil {
		return nil, fmt.Errorf("journal: %v", err)
	}
	return p, nil
}

// shuffleSeed makes the orders reproducible for one attempt of one run.
func (r *run) shuffleSeed() uint64 {
	h := fnv.New64a()
	h.Write([]byte(r.job.RunID + "/" + strconv.Itoa(r.attempt)))
	return h.Sum64()
}
