package job

import (
	"math"
	"time"

	"soapbench.dev/workers/internal/message"
)

// A measurement must last long enough to be judged: 2,000 requests to a
// fast C server take a tenth of a second, mostly connection set-up and the
// last stragglers, and /proc cannot tell in that time who used the CPU. A
// measurement bounded by a request count that ends sooner than the
// workload's minimum is therefore taken again with more requests; the
// short one has warmed the server up and is never reported.
const (
	// MaxExtensions bounds how often one measurement is taken again.
	MaxExtensions = 3
	// extensionMargin aims the longer try above the minimum, so that a
	// rate a little lower than the one just seen still reaches it.
	extensionMargin = 1.2
	// maxExtendedRequests is the largest request count a workload may ask
	// for (workload.schema.json), and so the most an extension sends.
	maxExtendedRequests = 10_000_000
	// maxMinDuration is load.minSeconds' bound in the schema.
	maxMinDuration = time.Hour
)

// raiseDuration lengthens a measurement bounded by time to the minimum.
// The capacity model's duration is the length of one step of its search,
// which the minimum does not govern.
func (p *plan) raiseDuration() {
	if p.model == "capacity" || p.duration <= 0 || p.duration >= p.minDuration {
		return
	}
	p.askedDuration, p.duration = p.duration, p.minDuration
}

// extendsCount tells whether a measurement of the plan may be taken again
// with a larger request count when it ends too soon.
func (p plan) extendsCount() bool {
	return p.minDuration > 0 && p.duration == 0 && (p.model == "closed" || p.model == "open")
}

// extension follows one measurement's request count as it grows. It lives
// as long as the measurement: a try redone because the machine disturbed
// it starts from the count that was long enough.
type extension struct {
	plan  plan
	count int
	// from is what the reported measurement was extended from; nil while
	// the workload's own size sufficed.
	from *message.Extension
}

func newExtension(p plan) *extension {
	e := &extension{plan: p, count: p.requests}
	if p.askedDuration > 0 {
		e.from = &message.Extension{DurationSeconds: p.askedDuration.Seconds()}
	}
	return e
}

// take runs measure with the current count and, while the try ends sooner
// than the minimum, again with a count scaled to last extensionMargin times
// the minimum at the rate just seen, at most MaxExtensions times. It
// returns the last try: the first long enough one, or the longest the
// bound allowed. A try with more errors than the workload tolerates is
// returned as it is: it is flagged, and more of its errors judge nothing.
func (e *extension) take(measure func(count int) (try, error)) (try, error) {
	tr, err := measure(e.count)
	if err != nil || !e.plan.extendsCount() {
		return tr, err
	}
	for tries := 0; tries < MaxExtensions && e.short(tr); tries++ {
		next := scaledCount(e.count, tr, e.plan.minDuration)
		if next <= e.count {
			break
		}
		if e.from == nil {
			e.from = &message.Extension{Requests: e.plan.requests, ElapsedSeconds: tr.res.Elapsed.Seconds()}
		}
		e.from.Tries++
		e.count = next
		if tr, err = measure(e.count); err != nil {
			return tr, err
		}
	}
	return tr, nil
}

// short tells whether tr ended before the minimum with no more errors than
// tolerated.
func (e *extension) short(tr try) bool {
	return tr.res.Elapsed < e.plan.minDuration && tr.res.ErrorRatio() <= e.plan.maxErrorRatio
}

// stillShort tells whether tr, the try take returned, ended before the
// minimum although it could have been extended: the rate kept rising.
func (e *extension) stillShort(tr try) bool { return e.plan.extendsCount() && e.short(tr) }

// scaledCount is the request count that lasts extensionMargin × min at the
// rate of tr: every request sent, failed ones too, since the count bounds
// them all.
func scaledCount(count int, tr try, min time.Duration) int {
	sent := float64(tr.res.Requests + tr.res.ErrorCount())
	elapsed := tr.res.Elapsed.Seconds()
	if sent <= 0 || elapsed <= 0 {
		return count
	}
	next := math.Ceil(extensionMargin * min.Seconds() * sent / elapsed)
	return int(math.Min(next, maxExtendedRequests))
}
