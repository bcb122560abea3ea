package job

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/queue"
)

// HeartbeatInterval is how often a worker says it is alive.
const HeartbeatInterval = 10 * time.Second

// DefaultMaxAttempts is how many attempts that failed the job end the run
// as failed. Crashes and broker outages are no failed attempts.
const DefaultMaxAttempts = 3

// journalMaxAge is how long a journal left behind (its run went on on
// another worker) is kept.
const journalMaxAge = 30 * 24 * time.Hour

// Worker takes jobs of one hardware class from RabbitMQ, one at a time.
type Worker struct {
	*Executor
	AMQPURL string
	// Stacks is what heartbeats report about each stack's availability.
	StackStates []message.StackState
	// HeartbeatEvery overrides HeartbeatInterval when positive.
	HeartbeatEvery time.Duration
	// AMQPHeartbeat overrides queue.DefaultHeartbeat when positive: the
	// interval of the AMQP connection's own heartbeats, which bound how
	// long a silent broker goes unnoticed.
	AMQPHeartbeat time.Duration
	// StateDir holds the journals of runs in progress (journal.go); empty:
	// a redelivered job starts over.
	StateDir string
	// MaxAttempts overrides DefaultMaxAttempts when positive.
	MaxAttempts int

	currentRun atomic.Pointer[string]
	step       atomic.Pointer[string]
	cancelled  cancelledRuns
	// execute carries out one delivery: Executor.Resume, or a test's stand-in.
	execute func(ctx context.Context, job message.RunJob, d Delivery, publish Publish) error
}

// errConnectionLost stops a job whose connection to the broker is gone.
var errConnectionLost = errors.New("the connection to RabbitMQ was lost")

// publishError is a message the broker did not take: trouble of the broker
// or the connection, not of the job.
type publishError struct{ err error }

func (e *publishError) Error() string { return e.err.Error() }
func (e *publishError) Unwrap() error { return e.err }

// activeJob is the job running in its own goroutine while the session
// watches the connection.
type activeJob struct {
	delivery amqp.Delivery
	job      message.RunJob
	journal  *Journal
	stop     context.CancelCauseFunc
	done     chan error
	// lastSeq is the highest event seq used for the run so far.
	lastSeq atomic.Int64
}

// Serve consumes jobs until ctx ends, reconnecting with backoff when the
// connection drops. When ctx ends during a job, the job is stopped and
// requeued; its journal stays for the next delivery.
func (w *Worker) Serve(ctx context.Context) error {
	if w.StateDir != "" {
		PruneJournals(w.StateDir, journalMaxAge)
	}
	wait := 500 * time.Millisecond
	for {
		started := time.Now()
		err := w.session(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if time.Since(started) > time.Minute {
			wait = 500 * time.Millisecond
		}
		w.Log.Warn("connection to RabbitMQ lost; reconnecting", "error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// session is one connection: it returns when the connection closes or ctx
// ends, after stopping the job it was running.
func (w *Worker) session(ctx context.Context) error {
	conn, err := queue.Dial(ctx, w.AMQPURL, w.AMQPHeartbeat, w.Log)
	if err != nil {
		return err
	}
	defer conn.Close()
	closed := conn.NotifyClose(make(chan *amqp.Error, 1))
	if err := queue.WaitForTopology(ctx, conn, w.HardwareClass, w.Log); err != nil {
		return err
	}
	if err := queue.WaitForControl(ctx, conn, w.Log); err != nil {
		return err
	}
	pub, err := queue.NewPublisher(conn)
	if err != nil {
		return err
	}
	// Control first: a cancel must be heard before the job it cancels arrives.
	_, control, err := queue.ConsumeControl(conn)
	if err != nil {
		return err
	}
	ch, deliveries, err := queue.Consume(conn, queue.JobsQueue(w.HardwareClass), w.WorkerID)
	if err != nil {
		return err
	}
	consumerCancelled := ch.NotifyCancel(make(chan string, 1))
	w.Log.Info("waiting for jobs", "queue", queue.JobsQueue(w.HardwareClass), "worker", w.WorkerID)

	var mu sync.Mutex // one publish at a time keeps event order simple
	publish := func(ctx context.Context, exchange, key, typ string, body any) error {
		mu.Lock()
		defer mu.Unlock()
		if err := pub.Publish(ctx, exchange, key, typ, body); err != nil {
			return &publishError{err}
		}
		return nil
	}
	hbCtx, stopHeartbeats := context.WithCancel(ctx)
	defer stopHeartbeats()
	go w.heartbeats(hbCtx, publish)

	var current *activeJob
	// lost stops the job at once: its delivery goes back to the queue with
	// the connection, and its journal waits for the next delivery.
	lost := func(reason error) error {
		if current != nil {
			w.Log.Warn("stopping the job: the broker will deliver it again", "run", current.job.RunID, "reason", reason)
			current.stop(errConnectionLost)
			<-current.done
			current.journal.Close()
			w.idle()
		}
		return reason
	}
	for {
		var done <-chan error
		if current != nil {
			done = current.done
		}
		select {
		case <-ctx.Done():
			if current != nil {
				w.settle(ctx, conn, current, <-current.done, publish)
			}
			_ = ch.Cancel(w.WorkerID, false)
			return ctx.Err()
		case e := <-closed:
			return lost(fmt.Errorf("connection closed: %v", e))
		case tag := <-consumerCancelled:
			return lost(fmt.Errorf("the broker cancelled consumer %s", tag))
		case m, ok := <-control:
			if !ok {
				return lost(errors.New("the channel of " + queue.ControlExchange + " closed"))
			}
			w.control(m, current)
		case err := <-done:
			a := current
			current = nil
			if err := w.settle(ctx, conn, a, err, publish); err != nil {
				return err
			}
		case d, ok := <-deliveries:
			if !ok {
				return lost(errors.New("the channel of the jobs queue closed"))
			}
			current = w.start(ctx, d, publish)
		}
	}
}

type publishFunc func(ctx context.Context, exchange, key, typ string, body any) error

// start runs one delivery in its own goroutine; nil when the delivery was
// settled at once (it was no RunJob).
func (w *Worker) start(ctx context.Context, d amqp.Delivery, publish publishFunc) *activeJob {
	var job message.RunJob
	if err := json.Unmarshal(d.Body, &job); err != nil || job.RunID == "" {
		w.Log.Error("rejecting a message that is no RunJob", "error", err, "type", d.Type)
		// No requeue: the dead-letter queue tells the backend.
		_ = d.Nack(false, false)
		return nil
	}
	a := &activeJob{delivery: d, job: job, done: make(chan error, 1)}
	if w.StateDir != "" {
		j, err := OpenJournal(w.StateDir, job)
		if err != nil {
			w.Log.Warn("no journal: a redelivery of this job will start over", "run", job.RunID, "error", err)
		}
		a.journal = j
	}
	a.lastSeq.Store(int64(a.journal.LastSeq()))
	dl := Delivery{Attempt: max(job.Attempt, 1), Deliveries: queue.DeliveryCount(d) + 1, Journal: a.journal,
		Cancelled: w.cancelled.has(job.RunID), Step: func(s string) { w.step.Store(&s) }}
	w.Log.Info("job accepted", "run", job.RunID, "attempt", dl.Attempt, "deliveries", dl.Deliveries,
		"resumedMeasurements", a.journal.MeasuredCount(), "stacks", len(job.Stacks))
	w.currentRun.Store(&job.RunID)
	w.step.Store(nil)

	var jctx context.Context
	jctx, a.stop = context.WithCancelCause(ctx)
	execute := w.execute
	if execute == nil {
		execute = w.Executor.Resume
	}
	go func() {
		defer func() {
			if p := recover(); p != nil {
				a.done <- fmt.Errorf("the worker failed: %v", p)
			}
		}()
		a.done <- execute(jctx, job, dl, func(ctx context.Context, ev message.RunEvent) error {
			if int64(ev.Seq) > a.lastSeq.Load() {
				a.lastSeq.Store(int64(ev.Seq))
			}
			return publish(ctx, queue.EventsExchange, "run."+ev.RunID, message.TypeRunEvent, ev)
		})
	}()
	return a
}

// settle acks a finished job, requeues one stopped by shutdown, and sends a
// job that failed again as its next attempt. An error ends the session:
// the broker then delivers the job again.
func (w *Worker) settle(ctx context.Context, conn *amqp.Connection, a *activeJob, err error, publish publishFunc) error {
	defer w.idle()
	var pe *publishError
	switch {
	case err == nil:
		if aerr := a.delivery.Ack(false); aerr != nil {
			a.journal.Close()
			return aerr
		}
		if rerr := a.journal.Remove(); rerr != nil {
			w.Log.Warn("journal left behind", "run", a.job.RunID, "error", rerr)
		}
		w.Log.Info("job finished", "run", a.job.RunID)
		return nil
	case ctx.Err() != nil:
		a.journal.Close()
		w.Log.Warn("job interrupted; requeueing", "run", a.job.RunID, "error", err)
		return a.delivery.Nack(false, true)
	case conn.IsClosed() || errors.As(err, &pe):
		a.journal.Close()
		return fmt.Errorf("run %s: %w", a.job.RunID, err)
	default:
		return w.failedAttempt(ctx, a, err, publish)
	}
}

// failedAttempt counts a delivery that failed the job (not the broker, not
// a crash): the job goes back to the queue as the next attempt, or, after
// MaxAttempts, the run fails with the reason.
func (w *Worker) failedAttempt(ctx context.Context, a *activeJob, cause error, publish publishFunc) error {
	// The next attempt starts afresh: what failed may have left doubtful figures.
	_ = a.journal.Remove()
	attempt, limit := max(a.job.Attempt, 1), w.MaxAttempts
	if limit <= 0 {
		limit = DefaultMaxAttempts
	}
	if attempt >= limit {
		reason := fmt.Sprintf("the job failed on %d attempts (worker crashes and broker outages not counted); the last failure: %v", attempt, cause)
		w.Log.Error("run failed", "run", a.job.RunID, "reason", reason)
		ev := message.RunEvent{SchemaVersion: message.SchemaVersion, RunID: a.job.RunID, WorkerID: w.WorkerID,
			Seq: int(a.lastSeq.Load()) + 1, Attempt: attempt, Kind: message.Failed, At: time.Now().UTC(),
			Payload: message.FailedPayload{Reason: reason}}
		if err := publish(ctx, queue.EventsExchange, "run."+a.job.RunID, message.TypeRunEvent, ev); err != nil {
			return err
		}
		return a.delivery.Ack(false)
	}
	// The job is sent as it came, only its attempt raised: fields this
	// worker does not know survive.
	var body map[string]json.RawMessage
	if err := json.Unmarshal(a.delivery.Body, &body); err != nil {
		return err
	}
	body["attempt"] = json.RawMessage(strconv.Itoa(attempt + 1))
	if err := publish(ctx, queue.JobsExchange, w.HardwareClass, message.TypeRunJob, body); err != nil {
		return err
	}
	w.Log.Warn("job failed; queued again as the next attempt", "run", a.job.RunID, "attempt", attempt+1, "error", cause)
	return a.delivery.Ack(false)
}

// control acts on a message of bench.control.
func (w *Worker) control(m amqp.Delivery, current *activeJob) {
	var c message.RunCancel
	if m.Type != message.TypeRunCancel || json.Unmarshal(m.Body, &c) != nil || c.RunID == "" {
		w.Log.Warn("ignoring a control message", "type", m.Type)
		return
	}
	w.cancelled.add(c.RunID)
	if current != nil && current.job.RunID == c.RunID {
		w.Log.Info("stopping the run: cancelled by its owner", "run", c.RunID)
		current.stop(ErrRunCancelled)
	}
}

// idle says no run is going on.
func (w *Worker) idle() {
	w.currentRun.Store(nil)
	w.step.Store(nil)
}

func (w *Worker) heartbeats(ctx context.Context, publish publishFunc) {
	every := w.HeartbeatEvery
	if every <= 0 {
		every = HeartbeatInterval
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		hb := message.Heartbeat{
			SchemaVersion: message.SchemaVersion, WorkerID: w.WorkerID, HardwareClass: w.HardwareClass,
			Fingerprint: w.Fingerprint, CurrentRunID: w.currentRun.Load(), Stacks: w.StackStates, At: time.Now().UTC(),
		}
		if s := w.step.Load(); s != nil && hb.CurrentRunID != nil {
			hb.Step = *s
		}
		if err := publish(ctx, queue.EventsExchange, "heartbeat."+w.WorkerID, message.TypeHeartbeat, hb); err != nil && ctx.Err() == nil {
			w.Log.Warn("heartbeat not sent", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
