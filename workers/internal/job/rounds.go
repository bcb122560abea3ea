package job

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
)

// rounds measures every target once per round, in an order shuffled anew
// for each round, so that drift on the machine (a neighbour, thermal
// state, steal) hits every stack alike instead of whichever came last.
func (r *run) rounds(ctx context.Context) error {
	for round := 1; round <= r.plan.repetitions; round++ {
		var live []*target
		for _, t := range r.targets {
			if !t.failed {
				live = append(live, t)
			}
		}
		order := shuffled(live, r.shuffleSeed(), round)
		keys := make([]string, len(order))
		for i, t := range order {
			keys[i] = t.key()
		}
		r.Log.Info("round", "run", r.job.RunID, "round", round, "order", keys)
		for i, t := range order {
			if err := r.measure(ctx, t, round, i+1, keys); err != nil {
				return err
			}
		}
	}
	return nil
}

// shuffleSeed makes the orders reproducible for one attempt of one run.
func (r *run) shuffleSeed() uint64 {
	h := fnv.New64a()
	h.Write([]byte(r.job.RunID + "/" + strconv.Itoa(r.attempt)))
	return h.Sum64()
}

// shuffled is a permutation of targets for the given round.
func shuffled(targets []*target, seed uint64, round int) []*target {
	out := append([]*target(nil), targets...)
	rng := rand.New(rand.NewPCG(seed, uint64(round)))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
