// Package driver is the load generator: it sends the operations' sample
// requests to a server and records latency, throughput and errors.
package driver

import (
	"context"
	"fmt"
	"sort"
	"syscall"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/samples"
)

// Error kinds counted apart from latency.
const (
	ErrConnect    = "connect"
	ErrTimeout    = "timeout"
	ErrHTTPStatus = "http_status"
	ErrSOAPFault  = "soap_fault"
)

// Histogram range: 1 µs to 60 s with 3 significant digits.
const (
	histogramMinMicros = 1
	histogramMaxMicros = 60_000_000
	histogramDigits    = 3
)

// DefaultRequestTimeout bounds one request under load.
const DefaultRequestTimeout = 30 * time.Second

// Plan is one load run.
type Plan struct {
	// Model names the load model; "" is "closed".
	Model    string
	Endpoint string
	// Samples are cycled in order; each connection starts at its own offset.
	Samples     []samples.Sample
	Connections int
	// Requests is the number of requests over all connections.
	Requests  int
	KeepAlive bool
	// RequestTimeout bounds one request; 0 is DefaultRequestTimeout.
	RequestTimeout time.Duration
}

// Result is what a load run measured. Latency covers correct responses only.
type Result struct {
	Requests         int64
	Errors           map[string]int64
	Elapsed          time.Duration
	Latency          *hdrhistogram.Histogram
	BytesSent        int64
	BytesReceived    int64
	DriverCPUSeconds float64
}

// Model runs a plan under one load model.
type Model func(ctx context.Context, p Plan) (Result, error)

var models = map[string]Model{}

// Register makes a load model available by name; models call it from init.
func Register(name string, m Model) { models[name] = m }

// ModelNames lists the registered load models.
func ModelNames() []string {
	names := make([]string, 0, len(models))
	for n := range models {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Run executes p under its load model and adds the driver's own CPU time.
func Run(ctx context.Context, p Plan) (Result, error) {
	name := p.Model
	if name == "" {
		name = "closed"
	}
	m, ok := models[name]
	if !ok {
		return Result{}, fmt.Errorf("unknown load model %q (have %v)", name, ModelNames())
	}
	if len(p.Samples) == 0 {
		return Result{}, fmt.Errorf("no sample requests to send")
	}
	if p.Connections < 1 || p.Requests < 0 {
		return Result{}, fmt.Errorf("connections must be >= 1 and requests >= 0 (got %d, %d)", p.Connections, p.Requests)
	}
	if p.RequestTimeout <= 0 {
		p.RequestTimeout = DefaultRequestTimeout
	}
	before := cpuSeconds()
	r, err := m(ctx, p)
	r.DriverCPUSeconds = cpuSeconds() - before
	return r, err
}

func newHistogram() *hdrhistogram.Histogram {
	return hdrhistogram.New(histogramMinMicros, histogramMaxMicros, histogramDigits)
}

// cpuSeconds is user+system time of this whole process: during a run the
// driver is nearly all it does.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return tv(ru.Utime) + tv(ru.Stime)
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
