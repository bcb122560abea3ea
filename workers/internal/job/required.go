package job

import (
	"fmt"
	"strings"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/message"
)

// missingFields names the fields of w the worker needs and the job lacks.
// The backend writes every default of schemas/workload.schema.json out
// before it stores and sends a workload, so the worker has no defaults of
// its own: a job without one of these was not sent by it, and fails.
func missingFields(w message.Workload) []string {
	var missing []string
	need := func(absent bool, name string) {
		if absent {
			missing = append(missing, name)
		}
	}
	l, wu := w.Load, w.Warmup
	need(l == nil || l.Model == "", "load.model")
	need(l == nil || l.Connections == nil, "load.connections")
	need(l == nil || l.Requests == nil, "load.requests")
	need(wu == nil || wu.Requests == nil, "warmup.requests")
	need(w.Repetitions == nil, "repetitions")
	need(w.KeepAlive == nil, "keepAlive")
	need(w.Driver == "", "driver")
	need(len(w.Security) == 0, "security")
	if w.IsInterop() {
		i := w.Interop
		need(i == nil || i.Requests == nil, "interop.requests")
		need(i == nil || i.Connections == nil, "interop.connections")
		need(i == nil || i.WarmupRequests == nil, "interop.warmupRequests")
	}
	return missing
}

func requireFields(w message.Workload) error {
	if missing := missingFields(w); len(missing) > 0 {
		return fmt.Errorf("workload: the job lacks %s, which the backend writes out with every default of schemas/workload.schema.json", strings.Join(missing, ", "))
	}
	return nil
}

// Until this release the backend left these fields out when the workload
// did, and the worker took the values below for them: a job such a backend
// queued, and no worker has taken yet, still gets them. They are the schema's
// defaults (TestPreviouslyOmittedDefaultsAreTheSchemas); once no such job can
// be queued they go, and the fields are required like the rest.
const (
	previousMaxErrorRatio  = 0.01
	previousMinMeasurement = 2 * time.Second
	previousMaxConnections = driver.DefaultMaxConnections
)
