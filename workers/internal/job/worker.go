package job

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/queue"
)

// HeartbeatInterval is how often a worker says it is alive.
const HeartbeatInterval = 10 * time.Second

// Worker takes jobs of one hardware class from RabbitMQ, one at a time.
type Worker struct {
	*Executor
	AMQPURL string
	// Stacks is what heartbeats report about each stack's availability.
	StackStates []message.StackState
	// HeartbeatEvery overrides HeartbeatInterval when positive.
	HeartbeatEvery time.Duration

	currentRun atomic.Pointer[string]
}

// Serve consumes jobs until ctx ends, reconnecting when the connection drops.
// When ctx ends during a job, the job is stopped and requeued.
func (w *Worker) Serve(ctx context.Context) error {
	for {
		err := w.session(ctx)
		if ctx.Err() != nil {
			return nil
		}
		w.Log.Warn("connection to RabbitMQ lost; reconnecting", "error", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

// session is one connection: it returns when the connection closes or ctx ends.
func (w *Worker) session(ctx context.Context) error {
	conn, err := queue.Dial(ctx, w.AMQPURL, w.Log)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := queue.WaitForTopology(ctx, conn, w.HardwareClass, w.Log); err != nil {
		return err
	}
	pub, err := queue.NewPublisher(conn)
	if err != nil {
		return err
	}
	ch, deliveries, err := queue.Consume(conn, queue.JobsQueue(w.HardwareClass), w.WorkerID)
	if err != nil {
		return err
	}
	w.Log.Info("waiting for jobs", "queue", queue.JobsQueue(w.HardwareClass), "worker", w.WorkerID)

	var mu sync.Mutex // one publish at a time keeps event order simple
	publish := func(ctx context.Context, exchange, key, typ string, body any) error {
		mu.Lock()
		defer mu.Unlock()
		return pub.Publish(ctx, exchange, key, typ, body)
	}
	hbCtx, stopHeartbeats := context.WithCancel(ctx)
	defer stopHeartbeats()
	go w.heartbeats(hbCtx, publish)

	closed := conn.NotifyClose(make(chan *amqp.Error, 1))
	for {
		select {
		case <-ctx.Done():
			_ = ch.Cancel(w.WorkerID, false)
			return ctx.Err()
		case e := <-closed:
			return fmt.Errorf("connection closed: %v", e)
		case d, ok := <-deliveries:
			if !ok {
				return errors.New("the broker cancelled the consumer")
			}
			if err := w.handle(ctx, d, publish); err != nil {
				return err
			}
		}
	}
}

type publishFunc func(ctx context.Context, exchange, key, typ string, body any) error

// handle runs one delivery and settles it: ack once the final event is
// confirmed, requeue when the job was interrupted.
func (w *Worker) handle(ctx context.Context, d amqp.Delivery, publish publishFunc) error {
	var job message.RunJob
	if err := json.Unmarshal(d.Body, &job); err != nil || job.RunID == "" {
		w.Log.Error("rejecting a message that is no RunJob", "error", err, "type", d.Type)
		// No requeue: the dead-letter queue tells the backend.
		return d.Nack(false, false)
	}
	attempt := max(job.Attempt, 1) + queue.DeliveryCount(d)
	w.Log.Info("job accepted", "run", job.RunID, "attempt", attempt, "stacks", len(job.Stacks))
	w.currentRun.Store(&job.RunID)
	defer w.currentRun.Store(nil)

	start := time.Now()
	err := w.Executor.Run(ctx, job, attempt, func(ctx context.Context, ev message.RunEvent) error {
		return publish(ctx, queue.EventsExchange, "run."+ev.RunID, message.TypeRunEvent, ev)
	})
	if err != nil {
		w.Log.Warn("job interrupted; requeueing", "run", job.RunID, "error", err)
		if nerr := d.Nack(false, true); nerr != nil {
			return nerr
		}
		return err
	}
	w.Log.Info("job finished", "run", job.RunID, "seconds", time.Since(start).Seconds())
	return d.Ack(false)
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
