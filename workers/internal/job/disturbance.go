package job

import (
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/sampler"
)

// Defaults of Thresholds.
const (
	DefaultStealPercent     = 10
	DefaultOtherBusyPercent = 10
	DefaultMaxRetries       = 2
)

// MinJudgedDuration is the shortest measurement whose disturbance is judged.
// /proc counts CPU time in 10 ms ticks: over the tenth of a second that 100
// requests take, a tick or two decide whether "another process" was busy, so
// such a measurement records steal and busy but is neither flagged nor
// redone for them.
const MinJudgedDuration = time.Second

// The flags a measurement can carry.
const (
	FlagErrors = "errors"
	FlagSteal  = "steal"
	FlagBusy   = "busy"
)

// Thresholds say when a measurement was disturbed and is redone.
type Thresholds struct {
	// StealPercent is the most CPU steal tolerated, in % of all CPU time.
	StealPercent float64
	// OtherBusyPercent is the most CPU tolerated for processes other than
	// the server and the driver, in % of all CPU time.
	OtherBusyPercent float64
	// MaxRetries is how many extra tries a disturbed measurement gets.
	MaxRetries int
}

func (t Thresholds) withDefaults() Thresholds {
	if t.StealPercent <= 0 {
		t.StealPercent = DefaultStealPercent
	}
	if t.OtherBusyPercent <= 0 {
		t.OtherBusyPercent = DefaultOtherBusyPercent
	}
	if t.MaxRetries <= 0 {
		t.MaxRetries = DefaultMaxRetries
	}
	return t
}

// try is one measurement attempt with what was going on around it.
type try struct {
	res         driver.Result
	usage       sampler.Result
	disturbance sampler.Disturbance
	// driverPeakRSS is the native client's peak memory; 0 for the worker's driver.
	driverPeakRSS int64
	// extendedFrom is what the workload asked for when this try is a longer
	// one taken instead (extend.go).
	extendedFrom *message.Extension
}

// flags lists what makes the try doubtful, in a fixed order.
func (tr try) flags(th Thresholds, maxErrorRatio float64) []string {
	flags := []string{}
	if tr.res.ErrorRatio() > maxErrorRatio {
		flags = append(flags, FlagErrors)
	}
	if !tr.judged() {
		return flags
	}
	if tr.disturbance.StealPercent > th.StealPercent {
		flags = append(flags, FlagSteal)
	}
	if tr.disturbance.OtherBusyPercent > th.OtherBusyPercent {
		flags = append(flags, FlagBusy)
	}
	return flags
}

// disturbed reports whether the machine, not the server, spoiled the try.
// Errors are the server's own doing: a retry would hide them.
func (tr try) disturbed(th Thresholds) bool {
	return tr.judged() && (tr.disturbance.StealPercent > th.StealPercent || tr.disturbance.OtherBusyPercent > th.OtherBusyPercent)
}

// judged tells whether the try lasted long enough for its disturbance to mean anything.
func (tr try) judged() bool { return tr.res.Elapsed >= MinJudgedDuration }

// retryDisturbed runs once until a try is undisturbed or th.MaxRetries
// extra tries were spent; it returns the last try and the tries thrown away.
func retryDisturbed(th Thresholds, once func() (try, error)) (try, int, error) {
	retries := 0
	for {
		tr, err := once()
		if err != nil {
			return try{}, retries, err
		}
		if !tr.disturbed(th) || retries == th.MaxRetries {
			return tr, retries, nil
		}
		retries++
	}
}
