package message

// AcceptedPayload is the payload of an accepted event.
type AcceptedPayload struct {
	HardwareClass string      `json:"hardwareClass"`
	Fingerprint   Fingerprint `json:"fingerprint"`
	// Deliveries is how often the broker handed this job out
	// (x-delivery-count + 1), crashes and outages included.
	Deliveries int `json:"deliveries"`
	// Redelivered is set when the job was handed out before.
	Redelivered bool `json:"redelivered"`
	// ResumedMeasurements counts the measurements this worker had already
	// sent in an earlier delivery and will not take again.
	ResumedMeasurements int `json:"resumedMeasurements"`
}

// CancelledPayload is the payload of a cancelled event.
type CancelledPayload struct {
	Reason string `json:"reason"`
}

// StackPayload is the payload of a building event. Security is the mode
// being built: a stack is built once per security mode of the workload.
type StackPayload struct {
	Stack    string `json:"stack"`
	Version  string `json:"version"`
	Security string `json:"security,omitempty"`
}

// BuiltPayload is the payload of a built event.
type BuiltPayload struct {
	Stack        string         `json:"stack"`
	Version      string         `json:"version"`
	Security     string         `json:"security,omitempty"`
	Versions     map[string]any `json:"versions"`
	BuildSeconds float64        `json:"buildSeconds"`
	Log          string         `json:"log"`
}

// VerifyFailedPayload is the payload of a verify_failed event.
type VerifyFailedPayload struct {
	Stack     string `json:"stack"`
	Version   string `json:"version"`
	Security  string `json:"security,omitempty"`
	Operation string `json:"operation"`
	Reason    string `json:"reason"`
}

// Phase is where a stack failed.
type Phase string

// The phases of a stack_failed event.
const (
	PhaseBuild   Phase = "build"
	PhaseServe   Phase = "serve"
	PhaseVerify  Phase = "verify"
	PhaseMeasure Phase = "measure"
)

// StackFailedPayload is the payload of a stack_failed event.
type StackFailedPayload struct {
	Stack    string `json:"stack"`
	Version  string `json:"version"`
	Security string `json:"security,omitempty"`
	Phase    Phase  `json:"phase"`
	Reason   string `json:"reason"`
	Log      string `json:"log"`
}

// MeasuringPayload is the payload of a measuring event.
type MeasuringPayload struct {
	Stack      string `json:"stack"`
	Version    string `json:"version"`
	Cell       Cell   `json:"cell"`
	Repetition int    `json:"repetition"`
	// Position is this measurement's place (from 1) in its round's shuffled order.
	Position int `json:"position,omitempty"`
}

// Cell is one point of the measurement matrix.
type Cell struct {
	// Operation is empty when the measurement cycles through all operations.
	Operation   string `json:"operation,omitempty"`
	Security    string `json:"security"`
	Connections int    `json:"connections"`
	// Requests is 0 when the measurement is bounded by DurationSeconds.
	Requests  int  `json:"requests"`
	KeepAlive bool `json:"keepAlive"`
	// Model is the load model: closed, open or capacity.
	Model           string  `json:"model,omitempty"`
	DurationSeconds float64 `json:"durationSeconds,omitempty"`
	RatePerSecond   float64 `json:"ratePerSecond,omitempty"`
	SLOP99Ms        float64 `json:"sloP99Ms,omitempty"`
	// Driver is what sent the measured load: neutral (the worker's load
	// driver) or native (the stack's own client).
	Driver string `json:"driver,omitempty"`
}

// Measurement is the payload of a measurement event.
type Measurement struct {
	Stack            string           `json:"stack"`
	Version          string           `json:"version"`
	Cell             Cell             `json:"cell"`
	Repetition       int              `json:"repetition"`
	Requests         int64            `json:"requests"`
	Errors           map[string]int64 `json:"errors"`
	ElapsedSeconds   float64          `json:"elapsedSeconds"`
	Throughput       float64          `json:"throughput"`
	LatencyMs        LatencyMs        `json:"latencyMs"`
	Histogram        string           `json:"histogram"`
	ServerCPUSeconds float64          `json:"serverCpuSeconds"`
	PeakRSSBytes     int64            `json:"peakRssBytes"`
	DriverCPUSeconds float64          `json:"driverCpuSeconds"`
	// ClientTimedCPUSeconds is a native client's CPU time over the measured
	// requests alone, as it reported it; absent for the worker's own driver
	// and for a client that does not say.
	ClientTimedCPUSeconds *float64 `json:"clientTimedCpuSeconds,omitempty"`
	// DriverPeakRSSBytes is the native client's peak memory; absent for the
	// worker's own driver.
	DriverPeakRSSBytes int64 `json:"driverPeakRssBytes,omitempty"`
	// BytesSent and BytesReceived are absent when a native client measured:
	// only the worker's own driver counts bytes on the wire.
	BytesSent      int64          `json:"bytesSent,omitempty"`
	BytesReceived  int64          `json:"bytesReceived,omitempty"`
	BuildSeconds   float64        `json:"buildSeconds"`
	StartupSeconds float64        `json:"startupSeconds"`
	Versions       map[string]any `json:"versions"`

	// ErrorRatio is errors over all requests; above the workload's
	// maxErrorRatio the measurement is flagged "errors".
	ErrorRatio float64 `json:"errorRatio"`
	// Flags name what makes the numbers doubtful: errors, steal, busy;
	// absent when nothing does.
	Flags []string `json:"flags,omitempty"`
	// Retries counts the tries thrown away because steal or another busy
	// process disturbed them.
	Retries int `json:"retries"`
	// StealPercent is CPU steal over the measurement, in % of all CPU time.
	StealPercent float64 `json:"stealPercent"`
	// OtherBusyPercent is CPU used by neither the server nor the driver, in % of all CPU time.
	OtherBusyPercent float64 `json:"otherBusyPercent"`
	// CPUSharing is "pinned" (disjoint CPU sets) or "shared".
	CPUSharing  string       `json:"cpuSharing,omitempty"`
	Fingerprint *Fingerprint `json:"fingerprint,omitempty"`
	ConfigHash  string       `json:"configHash,omitempty"`
	// Position is the place (from 1) in the round's shuffled order, and
	// RoundOrder that order as "stack/security" entries.
	Position   int         `json:"position,omitempty"`
	RoundOrder []string    `json:"roundOrder,omitempty"`
	Warmup     *WarmupDone `json:"warmup,omitempty"`
	// UncorrectedLatencyMs, in the open model, is latency timed from each
	// request's actual send: what coordinated omission would have shown.
	UncorrectedLatencyMs *LatencyMs `json:"uncorrectedLatencyMs,omitempty"`
	// Operations, with the neutral driver cycling through several
	// operations, is each one's share of the measurement.
	Operations []OperationShare `json:"operations,omitempty"`
	Capacity   *Capacity        `json:"capacity,omitempty"`
	// Sandbox is what confined the server during the measurement.
	Sandbox *Sandbox `json:"sandbox,omitempty"`
	// ExtendedFrom is set when the measurement the workload asked for
	// would have lasted less than its load.minSeconds.
	ExtendedFrom *Extension `json:"extendedFrom,omitempty"`
}

// Extension is what a measurement was extended from. Bounded by a request
// count: Requests is the count asked for, ElapsedSeconds how long the first
// try with it lasted, and Tries how many such short tries were thrown away
// (they served as warm-up) before one lasted long enough. Bounded by time:
// DurationSeconds is the duration asked for, raised to the minimum.
type Extension struct {
	Requests        int     `json:"requests,omitempty"`
	ElapsedSeconds  float64 `json:"elapsedSeconds,omitempty"`
	Tries           int     `json:"tries,omitempty"`
	DurationSeconds float64 `json:"durationSeconds,omitempty"`
}

// Sandbox says how a server was confined: Mode bwrap or none;
// MemoryLimitBytes and ProcessLimit are 0 where no limit could be set.
type Sandbox struct {
	Mode             string `json:"mode"`
	MemoryLimitBytes int64  `json:"memoryLimitBytes"`
	ProcessLimit     int    `json:"processLimit"`
}

// WarmupDone is the unmeasured load sent just before a measurement.
type WarmupDone struct {
	Requests int64   `json:"requests"`
	Seconds  float64 `json:"seconds"`
	// WindowRates and Steady describe a JVM's first warm-up, continued in
	// windows until its throughput stopped climbing.
	WindowRates []float64 `json:"windowRates,omitempty"`
	Steady      *bool     `json:"steady,omitempty"`
	// Cold says the server was started just before this measurement.
	Cold bool `json:"cold,omitempty"`
}

// Capacity is the result of a capacity search: the highest arrival rate
// whose p99 met the objective, and every rate tried.
type Capacity struct {
	Rate  float64        `json:"rate"`
	P99Ms float64        `json:"p99Ms"`
	Steps []CapacityStep `json:"steps"`
}

// CapacityStep is one rate tried by a capacity search.
type CapacityStep struct {
	Rate  float64 `json:"rate"`
	P99Ms float64 `json:"p99Ms"`
	OK    bool    `json:"ok"`
}

// LatencyMs summarises a latency histogram in milliseconds.
type LatencyMs struct {
	Min  float64 `json:"min"`
	Mean float64 `json:"mean"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	P999 float64 `json:"p999"`
	Max  float64 `json:"max"`
}

// FailedPayload is the payload of a failed event.
type FailedPayload struct {
	Reason string `json:"reason"`
}

// OperationShare is one operation's part of a measurement that cycled
// through several: its correct answers, errors by kind, and their latency.
type OperationShare struct {
	Operation string           `json:"operation"`
	Requests  int64            `json:"requests"`
	Errors    map[string]int64 `json:"errors"`
	LatencyMs LatencyMs        `json:"latencyMs"`
}

// The outcomes of an interop cell.
const (
	OutcomePass        = "pass"
	OutcomeFail        = "fail"
	OutcomeUnsupported = "unsupported"
)

// InteropCellPayload is the payload of an interop_cell event: one stack's
// client driven against one stack's server in one security mode
// (schemas/run-event.schema.json, $defs/interopCell).
type InteropCellPayload struct {
	Client   StackID `json:"client"`
	Server   StackID `json:"server"`
	Security string  `json:"security"`
	// Outcome is pass, fail or unsupported.
	Outcome string `json:"outcome"`
	// Reason is empty for pass; fail: the error or fault text; unsupported: why.
	Reason string `json:"reason"`
	// Requests is how many timed requests the client sent, Errors how many
	// of them failed; both 0 when nothing was driven.
	Requests int64 `json:"requests"`
	Errors   int64 `json:"errors"`
	// The figures below are absent when the client did not report a drive.
	ThroughputRPS      *float64 `json:"throughputRps,omitempty"`
	P50Ms              *float64 `json:"p50Ms,omitempty"`
	P99Ms              *float64 `json:"p99Ms,omitempty"`
	ClientCPUSeconds   *float64 `json:"clientCpuSeconds,omitempty"`
	ClientPeakRSSBytes *int64   `json:"clientPeakRssBytes,omitempty"`
}

// StackID names a stack and the version it was built at.
type StackID struct {
	Stack   string `json:"stack"`
	Version string `json:"version"`
}
