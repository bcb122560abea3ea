package job

import (
	"fmt"
	"slices"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/netns"
	"soapbench.dev/workers/internal/samples"
)

// plan is what a workload asks, read from the job: the backend has written
// every default of schemas/workload.schema.json out (required.go).
type plan struct {
	model          string
	connections    int
	requests       int
	duration       time.Duration
	rate           float64
	maxConnections int
	// minDuration is the shortest measurement reported (load.minSeconds);
	// 0 reports whatever the workload's size gives.
	minDuration time.Duration
	// askedDuration is the workload's durationSeconds when it was shorter
	// than minDuration and duration was raised to it; 0 otherwise.
	askedDuration  time.Duration
	warmupRequests int
	warmupDuration time.Duration
	// cold starts the server again before every measurement (cold.go).
	cold          bool
	repetitions   int
	keepAlive     bool
	security      []string
	check         driver.Check
	maxErrorRatio float64
	sloP99        time.Duration
	// driver is neutral (the worker's load driver) or native (each stack's
	// own client, through `runner drive`).
	driver string
	// measured are the samples the load cycles through.
	measured []samples.Sample
	// interop sizes each cell of an interop run; zero otherwise.
	interop interopLoad
}

// interopLoad is what each client sends each server in an interop run.
type interopLoad struct {
	requests, connections, warmupRequests int
}

// The workload schema's bounds of an interop cell: they reach every
// client's command line, so the worker holds them too.
const (
	maxInteropRequests       = 5000
	maxInteropConnections    = 16
	maxInteropWarmupRequests = 1000
)

// securityModes are the workload schema's security modes.
var securityModes = []string{"plain", "username", "sign", "signencr"}

func resolve(w message.Workload, all []samples.Sample) (plan, error) {
	if err := requireFields(w); err != nil {
		return plan{}, err
	}
	l, wu := w.Load, w.Warmup
	var err error
	p := plan{model: l.Model, connections: *l.Connections, requests: *l.Requests, warmupRequests: *wu.Requests,
		repetitions: *w.Repetitions, keepAlive: *w.KeepAlive, driver: w.Driver,
		maxConnections: previousMaxConnections, minDuration: previousMinMeasurement, maxErrorRatio: previousMaxErrorRatio}
	if l.DurationSeconds != nil {
		p.duration = seconds(*l.DurationSeconds)
	}
	if l.RatePerSecond != nil {
		p.rate = *l.RatePerSecond
	}
	if l.MaxConnections != nil {
		p.maxConnections = *l.MaxConnections
	}
	if l.MinSeconds != nil {
		p.minDuration = seconds(*l.MinSeconds)
	}
	if wu.Seconds != nil {
		p.warmupDuration = seconds(*wu.Seconds)
	}
	if wu.Cold != nil && *wu.Cold {
		// The first requests after a start cannot be taken again longer,
		// and a capacity search is many loads, not a first one.
		if p.minDuration > 0 || p.model == "capacity" {
			return plan{}, fmt.Errorf("workload: warmup.cold measures the first requests after a start: it needs load.minSeconds 0 and a closed or open model")
		}
		p.cold = true
	}
	// A mode names a build folder and reaches the runner's command line:
	// only the schema's modes pass, whatever the backend let through.
	for _, mode := range w.Security {
		if !slices.Contains(securityModes, mode) {
			return plan{}, fmt.Errorf("workload: security mode %q is none of %v", mode, securityModes)
		}
	}
	p.security = w.Security
	if w.MaxErrorRatio != nil {
		p.maxErrorRatio = *w.MaxErrorRatio
	}
	if w.SLO != nil {
		p.sloP99 = time.Duration(w.SLO.P99Ms * float64(time.Millisecond))
	}
	if w.IsInterop() {
		if p.interop, err = resolveInterop(w); err != nil {
			return plan{}, err
		}
	}
	if err := p.validate(); err != nil {
		return plan{}, err
	}
	p.raiseDuration()
	check, err := contentCheck(w.Check)
	if err != nil {
		return plan{}, err
	}
	p.check = check
	measured, err := measuredSamples(w.Operations, all)
	if err != nil {
		return plan{}, err
	}
	p.measured = measured
	return p, nil
}

// resolveInterop reads an interop workload's cell size, within the schema's bounds.
func resolveInterop(w message.Workload) (interopLoad, error) {
	if w.MTOM {
		return interopLoad{}, fmt.Errorf("workload: an interop run sends no MTOM (mtom must be false)")
	}
	i := w.Interop
	l := interopLoad{requests: *i.Requests, connections: *i.Connections, warmupRequests: *i.WarmupRequests}
	if l.requests < 1 || l.requests > maxInteropRequests || l.connections < 1 || l.connections > maxInteropConnections ||
		l.warmupRequests < 0 || l.warmupRequests > maxInteropWarmupRequests {
		return interopLoad{}, fmt.Errorf("workload: interop requests %d, connections %d, warmupRequests %d: not within 1..%d, 1..%d, 0..%d",
			l.requests, l.connections, l.warmupRequests, maxInteropRequests, maxInteropConnections, maxInteropWarmupRequests)
	}
	return l, nil
}

// sendsClientRequests says whether stacks' own clients send the measured
// requests: with the native driver, and in every cell of an interop run.
func (p plan) sendsClientRequests() bool {
	return p.driver == DriverNative || p.interop.requests > 0
}

func (p plan) validate() error {
	switch {
	case p.connections < 1 || p.requests < 1 || p.repetitions < 1 || p.warmupRequests < 0:
		return fmt.Errorf("workload: connections, requests and repetitions must be at least 1 (got %d, %d, %d)", p.connections, p.requests, p.repetitions)
	case p.duration < 0 || p.warmupDuration < 0 || p.maxConnections < 1:
		return fmt.Errorf("workload: load.durationSeconds and warmup.seconds must not be negative, load.maxConnections at least 1")
	case p.minDuration < 0 || p.minDuration > maxMinDuration:
		return fmt.Errorf("workload: load.minSeconds %g is not between 0 and %g", p.minDuration.Seconds(), maxMinDuration.Seconds())
	case p.maxErrorRatio < 0 || p.maxErrorRatio > 1:
		return fmt.Errorf("workload: maxErrorRatio %g is not between 0 and 1", p.maxErrorRatio)
	}
	switch p.driver {
	case DriverNeutral, DriverNative:
	default:
		return fmt.Errorf("workload: driver %q is not one of %s, %s", p.driver, DriverNeutral, DriverNative)
	}
	switch p.model {
	case "closed":
	case "open":
		if p.rate <= 0 {
			return fmt.Errorf("workload: load.model open needs load.ratePerSecond > 0")
		}
	case "capacity":
		if p.sloP99 <= 0 {
			return fmt.Errorf("workload: load.model capacity needs slo.p99Ms > 0")
		}
	default:
		return fmt.Errorf("workload: load.model %q is not one of closed, open, capacity", p.model)
	}
	return nil
}

func contentCheck(c *message.Check) (driver.Check, error) {
	switch {
	case c == nil:
		return nil, nil
	case c.XPathCount != nil && c.BodySHA256 != "":
		return nil, fmt.Errorf("workload: check: give xpathCount or bodySha256, not both")
	case c.XPathCount != nil:
		x, err := driver.NewXPathCount(c.XPathCount.Expr, c.XPathCount.Equals)
		if err != nil {
			return nil, fmt.Errorf("workload: check.xpathCount: %v", err)
		}
		return x, nil
	case c.BodySHA256 != "":
		d, err := driver.NewBodyDigest(c.BodySHA256)
		if err != nil {
			return nil, fmt.Errorf("workload: check.bodySha256: %v", err)
		}
		return d, nil
	}
	return nil, fmt.Errorf("workload: check names no check (xpathCount or bodySha256)")
}

func measuredSamples(operations []string, all []samples.Sample) ([]samples.Sample, error) {
	byName := map[string]samples.Sample{}
	for _, s := range all {
		byName[s.Operation] = s
	}
	var measured []samples.Sample
	if len(operations) > 0 {
		for _, op := range operations {
			s, ok := byName[op]
			if !ok {
				return nil, fmt.Errorf("workload: operation %q has no sample in the job", op)
			}
			measured = append(measured, s)
		}
	} else {
		for _, s := range all {
			if !s.OneWay {
				measured = append(measured, s)
			}
		}
	}
	if len(measured) == 0 {
		return nil, fmt.Errorf("workload: no operation with a response to measure")
	}
	return measured, nil
}

// loadPlan is the driver plan of one measurement against endpoint, whose
// sockets are made in the server's network namespace ns, cycling through
// measured: the plan's own, or a head WSDL's samples of the same operations.
func (p plan) loadPlan(endpoint string, ns *netns.Namespace, measured []samples.Sample) driver.Plan {
	return driver.Plan{
		Model: p.model, Endpoint: endpoint, Samples: measured,
		Connections: p.connections, Requests: p.requests, Duration: p.duration,
		Rate: p.rate, MaxConnections: p.maxConnections, KeepAlive: p.keepAlive, Check: p.check,
		Capacity: driver.CapacitySearch{P99: p.sloP99, MaxErrorRatio: p.maxErrorRatio},
		Net:      ns,
	}
}

// cell describes the measurement for the events.
func (p plan) cell(security string) message.Cell {
	c := message.Cell{Security: security, Connections: p.connections, Requests: p.requests, KeepAlive: p.keepAlive, Model: p.model,
		Driver: p.driver}
	if p.duration > 0 {
		c.Requests, c.DurationSeconds = 0, p.duration.Seconds()
	}
	if p.model != "closed" {
		c.Connections, c.RatePerSecond = p.maxConnections, p.rate
	}
	if p.model == "capacity" {
		c.Requests, c.SLOP99Ms = 0, float64(p.sloP99.Microseconds())/1000
		if p.duration == 0 {
			c.DurationSeconds = driver.DefaultCapacityStep.Seconds()
		}
	}
	if len(p.measured) == 1 {
		c.Operation = p.measured[0].Operation
	}
	return c
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
