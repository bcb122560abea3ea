package driver

import (
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/samples"
)

// OperationShare is one operation's part of a run that cycled through
// several: its correct answers, its errors by kind and their latency.
type OperationShare struct {
	Operation string
	Requests  int64
	Errors    map[string]int64
	Latency   *hdrhistogram.Histogram
}

// operationIndex numbers the distinct operations of the samples in order of
// first appearance; names is nil when there is only one, and then nothing
// is kept per operation (the run's own figures are that operation's).
func operationIndex(list []samples.Sample) (names []string, index []int) {
	seen := map[string]int{}
	index = make([]int, len(list))
	for i, s := range list {
		n, ok := seen[s.Operation]
		if !ok {
			n = len(names)
			seen[s.Operation] = n
			names = append(names, s.Operation)
		}
		index[i] = n
	}
	if len(names) < 2 {
		return nil, index
	}
	return names, index
}

// opTally counts a connection's outcomes per operation; empty when the run
// has one operation.
type opTally struct {
	ok   []int64
	errs []map[string]int64
}

func newOpTally(operations int) opTally {
	if operations < 2 {
		return opTally{}
	}
	t := opTally{ok: make([]int64, operations), errs: make([]map[string]int64, operations)}
	for i := range t.errs {
		t.errs[i] = map[string]int64{}
	}
	return t
}

// opLatencies is one latency histogram per operation; nil with one operation.
type opLatencies []*hdrhistogram.Histogram

func newOpLatencies(operations int) opLatencies {
	if operations < 2 {
		return nil
	}
	l := make(opLatencies, operations)
	for i := range l {
		l[i] = newHistogram()
	}
	return l
}

// shares adds up the connections' per-operation tallies with the latency of
// each operation, merged from every loop or shard that recorded it.
func shares(names []string, tallies []*connTally, latencies []opLatencies) []OperationShare {
	if len(names) < 2 {
		return nil
	}
	out := make([]OperationShare, len(names))
	for i, name := range names {
		out[i] = OperationShare{Operation: name, Errors: map[string]int64{}, Latency: newHistogram()}
		for _, l := range latencies {
			if l != nil {
				out[i].Latency.Merge(l[i])
			}
		}
	}
	for _, t := range tallies {
		for i := range t.ops.ok {
			out[i].Requests += t.ops.ok[i]
			for kind, n := range t.ops.errs[i] {
				out[i].Errors[kind] += n
			}
		}
	}
	return out
}

// opShards is the open model's latency per operation, each sharded as the
// run's own is; nil with one operation.
type opShards []histShards

func newOpShards(operations, connections int) opShards {
	if operations < 2 {
		return nil
	}
	s := make(opShards, operations)
	for i := range s {
		s[i] = newHistShards(connections)
	}
	return s
}

func (s opShards) record(op, conn int, d time.Duration) {
	if s != nil {
		s[op].forConn(conn).record(d)
	}
}

func (s opShards) merged() opLatencies {
	if s == nil {
		return nil
	}
	l := make(opLatencies, len(s))
	for i, shards := range s {
		l[i] = shards.merged()
	}
	return l
}
