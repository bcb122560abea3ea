package job

import (
	"fmt"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/samples"
)

// plan is a workload with its defaults applied (schemas/workload.schema.json).
type plan struct {
	model          string
	connections    int
	requests       int
	warmupRequests int
	repetitions    int
	keepAlive      bool
	security       []string
	// measured are the samples the load cycles through.
	measured []samples.Sample
}

func resolve(w message.Workload, all []samples.Sample) (plan, error) {
	p := plan{model: "closed", connections: 25, requests: 2000, warmupRequests: 500,
		repetitions: 1, keepAlive: true, security: []string{"plain"}}
	if w.Load != nil {
		if w.Load.Model != "" {
			p.model = w.Load.Model
		}
		if w.Load.Connections != nil {
			p.connections = *w.Load.Connections
		}
		if w.Load.Requests != nil {
			p.requests = *w.Load.Requests
		}
	}
	if w.Warmup != nil && w.Warmup.Requests != nil {
		p.warmupRequests = *w.Warmup.Requests
	}
	if w.Repetitions != nil {
		p.repetitions = *w.Repetitions
	}
	if w.KeepAlive != nil {
		p.keepAlive = *w.KeepAlive
	}
	if len(w.Security) > 0 {
		p.security = w.Security
	}
	if p.connections < 1 || p.requests < 1 || p.repetitions < 1 || p.warmupRequests < 0 {
		return plan{}, fmt.Errorf("workload: connections, requests and repetitions must be at least 1 (got %d, %d, %d)", p.connections, p.requests, p.repetitions)
	}
	byName := map[string]samples.Sample{}
	for _, s := range all {
		byName[s.Operation] = s
	}
	if len(w.Operations) > 0 {
		for _, op := range w.Operations {
			s, ok := byName[op]
			if !ok {
				return plan{}, fmt.Errorf("workload: operation %q has no sample in the job", op)
			}
			p.measured = append(p.measured, s)
		}
	} else {
		for _, s := range all {
			if !s.OneWay {
				p.measured = append(p.measured, s)
			}
		}
	}
	if len(p.measured) == 0 {
		return plan{}, fmt.Errorf("workload: no operation with a response to measure")
	}
	return p, nil
}
