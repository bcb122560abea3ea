// Package message holds the JSON messages exchanged over RabbitMQ, as the
// schemas in /schemas define them. Field names are the contract with the
// backend: change them only together with the schemas.
package message

import "time"

// SchemaVersion is the schemaVersion every message carries.
const SchemaVersion = 1

// AMQP type header values.
const (
	TypeRunJob    = "RunJob"
	TypeRunEvent  = "RunEvent"
	TypeHeartbeat = "Heartbeat"
	TypeRunCancel = "RunCancel"
)

// RunJob is one run for one worker (schemas/run-job.schema.json).
type RunJob struct {
	SchemaVersion int        `json:"schemaVersion"`
	RunID         string     `json:"runId"`
	Attempt       int        `json:"attempt"`
	HardwareClass string     `json:"hardwareClass"`
	ConfigHash    string     `json:"configHash"`
	CatalogID     *string    `json:"catalogId,omitempty"`
	Bundle        Bundle     `json:"bundle"`
	Samples       []Sample   `json:"samples"`
	Stacks        []StackRef `json:"stacks"`
	Workload      Workload   `json:"workload"`
	// RequestsDataset names the workload's request sequence when it is too
	// large to inline: the worker reads it from its own datasets folder.
	RequestsDataset string `json:"requestsDataset,omitempty"`
	// HeadBundle and HeadSamples are the second WSDL of an A/B of two WSDLs
	// in one run: the stacks whose Bundle is "head" are built from them.
	HeadBundle  *Bundle  `json:"headBundle,omitempty"`
	HeadSamples []Sample `json:"headSamples,omitempty"`
	// XOPElements are set when Workload.MTOM is: the elements whose
	// base64Binary content requests carry as binary MIME parts.
	XOPElements []XOPElement `json:"xopElements,omitempty"`
}

// XOPElement names an element by namespace (empty when unqualified) and
// local name.
type XOPElement struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
}

// Bundle is the WSDL bundle: the entry WSDL and every file it imports.
type Bundle struct {
	Entry string       `json:"entry"`
	Files []BundleFile `json:"files"`
}

// BundleFile is one file of a bundle, at a relative '/'-separated path.
type BundleFile struct {
	Path          string `json:"path"`
	ContentBase64 string `json:"contentBase64"`
}

// Sample is one operation's sample request and response envelopes.
type Sample struct {
	Operation   string `json:"operation"`
	SOAPAction  string `json:"soapAction,omitempty"`
	SOAPVersion string `json:"soapVersion"`
	OneWay      bool   `json:"oneWay,omitempty"`
	Request     string `json:"request"`
	Response    string `json:"response"`
}

// StackRef is a stack and the version to build. In an A/B of two WSDLs the
// head's stack carries Bundle "head" and a version with build metadata
// ("4.2.3+head"): the same stack version, built from the head WSDL, and
// reported under that version so that base and head are two stacks of the run.
//
// A stack variant (its manifest's "variants") carries Variant, and its
// version carries the variant's id as build metadata ("4.2.3+parallel-gc",
// a head of it "4.2.3+parallel-gc+head"): the same version, served with the
// variant's settings, reported apart from the default configuration.
type StackRef struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Bundle  string `json:"bundle,omitempty"`
	Variant string `json:"variant,omitempty"`
}

// Workload says what to measure (schemas/workload.schema.json).
type Workload struct {
	// Mode is "check" for a compatibility check (build, serve, verify, no
	// measurement), "interop" for the client x server matrix; "" or
	// "measure" measures.
	Mode        string   `json:"mode,omitempty"`
	WSDL        string   `json:"wsdl,omitempty"`
	Operations  []string `json:"operations,omitempty"`
	Stacks      []string `json:"stacks"`
	Load        *Load    `json:"load,omitempty"`
	Warmup      *Warmup  `json:"warmup,omitempty"`
	Repetitions *int     `json:"repetitions,omitempty"`
	KeepAlive   *bool    `json:"keepAlive,omitempty"`
	Driver      string   `json:"driver,omitempty"`
	Security    []string `json:"security,omitempty"`
	// MTOM sends every request as an XOP package, builds every stack with
	// MTOM on and requires XOP answers.
	MTOM          bool     `json:"mtom,omitempty"`
	HardwareClass string   `json:"hardwareClass,omitempty"`
	Check         *Check   `json:"check,omitempty"`
	MaxErrorRatio *float64 `json:"maxErrorRatio,omitempty"`
	SLO           *SLO     `json:"slo,omitempty"`
	// Reference is the stack every other is compared with (an id or
	// id@version of Stacks); the backend compares, the worker only carries it.
	Reference string `json:"reference,omitempty"`
	// Requests names a request sequence to send instead of one sample per
	// operation.
	Requests *Requests `json:"requests,omitempty"`
	// Interop sizes each cell of an interop run; the backend writes it out
	// with the schema's defaults.
	Interop *Interop `json:"interop,omitempty"`
}

// The workload modes besides measuring.
const (
	ModeCheck   = "check"
	ModeInterop = "interop"
)

// CheckOnly says whether the workload is a compatibility check.
func (w Workload) CheckOnly() bool { return w.Mode == ModeCheck }

// IsInterop says whether the workload is an interop matrix: every stack's
// client against every stack's server, per security mode.
func (w Workload) IsInterop() bool { return w.Mode == ModeInterop }

// Interop is what each client sends each server in an interop run.
type Interop struct {
	Requests       *int `json:"requests,omitempty"`
	Connections    *int `json:"connections,omitempty"`
	WarmupRequests *int `json:"warmupRequests,omitempty"`
}

// Requests is a workload's request sequence: a dataset path such as echo/1kb.
type Requests struct {
	Dataset string `json:"dataset"`
}

// Check is the content check applied to every answer; one of its fields is set.
type Check struct {
	XPathCount *XPathCount `json:"xpathCount,omitempty"`
	// BodySHA256 is the hex SHA-256 of the canonical SOAP Body content.
	BodySHA256 string `json:"bodySha256,omitempty"`
}

// XPathCount requires an XPath to select exactly Equals elements.
type XPathCount struct {
	Expr   string `json:"expr"`
	Equals int    `json:"equals"`
}

// SLO is the latency objective of a capacity search.
type SLO struct {
	P99Ms float64 `json:"p99Ms"`
}

// Load is the load cell of a workload.
type Load struct {
	Model           string   `json:"model,omitempty"`
	Connections     *int     `json:"connections,omitempty"`
	Requests        *int     `json:"requests,omitempty"`
	DurationSeconds *float64 `json:"durationSeconds,omitempty"`
	RatePerSecond   *float64 `json:"ratePerSecond,omitempty"`
	MaxConnections  *int     `json:"maxConnections,omitempty"`
	// MinSeconds is the shortest measurement that is reported: a shorter
	// one is taken again, longer.
	MinSeconds *float64 `json:"minSeconds,omitempty"`
}

// Warmup is the warm-up before measuring.
type Warmup struct {
	Requests *int     `json:"requests,omitempty"`
	Seconds  *float64 `json:"seconds,omitempty"`
	// Cold measures each time from a server started just before
	// (job/cold.go).
	Cold *bool `json:"cold,omitempty"`
}

// RunEvent reports progress of a run (schemas/run-event.schema.json).
type RunEvent struct {
	SchemaVersion int    `json:"schemaVersion"`
	RunID         string `json:"runId"`
	WorkerID      string `json:"workerId"`
	Seq           int    `json:"seq"`
	// Attempt is the number of deliveries of this job that ended in a
	// failure of the job, plus one: a crash or a lost connection is no
	// failed attempt (the accepted event counts those as deliveries).
	Attempt int       `json:"attempt"`
	Kind    EventKind `json:"kind"`
	At      time.Time `json:"at"`
	Payload any       `json:"payload"`
}

// EventKind is the kind of a RunEvent.
type EventKind string

// The event kinds, in the order a run produces them.
const (
	Accepted     EventKind = "accepted"
	Building     EventKind = "building"
	Built        EventKind = "built"
	Verified     EventKind = "verified"
	VerifyFailed EventKind = "verify_failed"
	Measuring    EventKind = "measuring"
	Measured     EventKind = "measurement"
	StackFailed  EventKind = "stack_failed"
	Completed    EventKind = "completed"
	Failed       EventKind = "failed"
	// Cancelled ends a run its owner cancelled; measurements sent before
	// it are kept.
	Cancelled EventKind = "cancelled"
	// InteropCell is one client x server x security mode of an interop run.
	InteropCell EventKind = "interop_cell"
)

// Heartbeat tells the backend a worker is alive (schemas/heartbeat.schema.json).
type Heartbeat struct {
	SchemaVersion int          `json:"schemaVersion"`
	WorkerID      string       `json:"workerId"`
	HardwareClass string       `json:"hardwareClass"`
	Fingerprint   Fingerprint  `json:"fingerprint"`
	CurrentRunID  *string      `json:"currentRunId"`
	Stacks        []StackState `json:"stacks,omitempty"`
	// Step is what the worker is doing for its current run, e.g.
	// "measuring cxf (round 2 of 3)"; absent when idle.
	Step string    `json:"step,omitempty"`
	At   time.Time `json:"at"`
}

// RunCancel asks every worker to stop a run (schemas/run-cancel.schema.json).
// The backend publishes it on the fanout exchange bench.control.
type RunCancel struct {
	SchemaVersion int       `json:"schemaVersion"`
	RunID         string    `json:"runId"`
	At            time.Time `json:"at"`
}

// StackState says whether a stack can run on this worker and, when it can,
// what its runner's `version` answered: the backend schedules official
// leaderboard runs when a stack's versions change.
type StackState struct {
	ID        string         `json:"id"`
	Available bool           `json:"available"`
	Reason    string         `json:"reason,omitempty"`
	Versions  map[string]any `json:"versions,omitempty"`
}

// Fingerprint describes the machine (schemas/fingerprint.schema.json).
type Fingerprint struct {
	CPUModel    string `json:"cpuModel"`
	Cores       int    `json:"cores"`
	Governor    string `json:"governor,omitempty"`
	MemoryBytes int64  `json:"memoryBytes"`
	Kernel      string `json:"kernel"`
	JDK         string `json:"jdk,omitempty"`
	GCC         string `json:"gcc,omitempty"`
	CPUSharing  string `json:"cpuSharing,omitempty"`
}
