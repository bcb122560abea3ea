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

	"soapbench.dev/workers/internal/netns"
	"soapbench.dev/workers/internal/samples"
)

// Error kinds counted apart from latency.
const (
	ErrConnect    = "connect"
	ErrTimeout    = "timeout"
	ErrHTTPStatus = "http_status"
	ErrSOAPFault  = "soap_fault"
	ErrContent    = "content"
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
	Samples []samples.Sample
	// Connections is the closed model's concurrency.
	Connections int
	// Requests is the number of requests over all connections; Duration,
	// when positive, bounds the run by time instead.
	Requests int
	Duration time.Duration
	// Rate is the open model's arrival rate per second, and the capacity
	// search's first rate.
	Rate float64
	// MaxConnections bounds the open model's connections; 0 is DefaultMaxConnections.
	MaxConnections int
	KeepAlive      bool
	// RequestTimeout bounds one request; 0 is DefaultRequestTimeout.
	RequestTimeout time.Duration
	// Check, when set, is applied to the body of every answer with status 200
	// that is no SOAP Fault.
	Check Check
	// Capacity configures the capacity search; only the "capacity" model reads it.
	Capacity CapacitySearch
	// Net, when set, is the sandboxed server's network namespace: every
	// socket of the run is made inside it. nil dials from the host's.
	Net *netns.Namespace
}

// Result is what a load run measured. Latency covers correct responses only.
type Result struct {
	Requests int64
	Errors   map[string]int64
	Elapsed  time.Duration
	// Latency is from each request's intended send time in the open model,
	// from its actual send time in the closed model.
	Latency *hdrhistogram.Histogram
	// Uncorrected, in the open model, is latency from the actual send time:
	// what a driver that ignores coordinated omission would report.
	Uncorrected      *hdrhistogram.Histogram
	BytesSent        int64
	BytesReceived    int64
	DriverCPUSeconds float64
	// ClientTimedCPUSeconds is set for a native client that reported its own
	// CPU time over the measured requests; DriverCPUSeconds then still counts
	// the whole drive, start-up and warm-up included.
	ClientTimedCPUSeconds *float64
	// Operations is each operation's share when the samples cycle through
	// several; nil with one.
	Operations []OperationShare
	// Capacity is set by the capacity model; the other fields then describe
	// the step at the rate found.
	Capacity *Capacity
}

// ErrorCount is the number of requests that failed, of any kind.
func (r Result) ErrorCount() int64 {
	var n int64
	for _, v := range r.Errors {
		n += v
	}
	return n
}

// ErrorRatio is failed requests over all requests answered or failed.
func (r Result) ErrorRatio() float64 {
	errs := r.ErrorCount()
	if errs+r.Requests == 0 {
		return 0
	}
	return float64(errs) / float64(errs+r.Requests)
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
	if p.Connections < 1 || p.Requests < 0 || p.Duration < 0 {
		return Result{}, fmt.Errorf("connections must be >= 1, requests and duration >= 0 (got %d, %d, %s)", p.Connections, p.Requests, p.Duration)
	}
	if p.RequestTimeout <= 0 {
		p.RequestTimeout = DefaultRequestTimeout
	}
	if p.MaxConnections <= 0 {
		p.MaxConnections = DefaultMaxConnections
	}
	before := ProcessCPUSeconds()
	r, err := m(ctx, p)
	r.DriverCPUSeconds = ProcessCPUSeconds() - before
	return r, err
}

func newHistogram() *hdrhistogram.Histogram {
	return hdrhistogram.New(histogramMinMicros, histogramMaxMicros, histogramDigits)
}

// ProcessCPUSeconds is user+system time of this whole process: during a run
// the driver is nearly all it does.
func ProcessCPUSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return tv(ru.Utime) + tv(ru.Stime)
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
