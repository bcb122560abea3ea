// Package queue connects a worker to RabbitMQ with the topology the backend
// declares (docs/architecture.md): jobs come from bench.jobs.<class>, events
// and heartbeats go to bench.events.
package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Names of the topology.
const (
	EventsExchange = "bench.events"
	JobsExchange   = "bench.jobs"
	// ControlExchange is a fanout exchange: every worker hears every RunCancel.
	ControlExchange = "bench.control"
)

// DefaultHeartbeat is the AMQP heartbeat interval: the client gives up on a
// connection after 1.5 intervals without a frame from the broker, so a
// silent broker is noticed within about 3 s (a stopped one at once).
const DefaultHeartbeat = 2 * time.Second

// JobsQueue is the queue of one hardware class.
func JobsQueue(class string) string { return "bench.jobs." + class }

// ConfirmTimeout bounds the wait for the broker to confirm one message.
const ConfirmTimeout = 30 * time.Second

// Dial connects to url, retrying with backoff until ctx ends. heartbeat is
// the AMQP heartbeat interval (DefaultHeartbeat when not positive; whole
// seconds).
func Dial(ctx context.Context, url string, heartbeat time.Duration, log *slog.Logger) (*amqp.Connection, error) {
	if heartbeat <= 0 {
		heartbeat = DefaultHeartbeat
	}
	var conn *amqp.Connection
	err := retry(ctx, log, "connecting to RabbitMQ", func() error {
		c, err := amqp.DialConfig(url, amqp.Config{Heartbeat: heartbeat, Properties: amqp.Table{"connection_name": "bench-worker"}})
		conn = c
		return err
	})
	return conn, err
}

// WaitForTopology waits until the backend has declared the jobs queue of
// class and the events exchange. Passive declares close the channel when
// they fail, so each try opens its own.
func WaitForTopology(ctx context.Context, conn *amqp.Connection, class string, log *slog.Logger) error {
	return retry(ctx, log, "waiting for the backend to declare "+JobsQueue(class)+" and "+EventsExchange, func() error {
		ch, err := conn.Channel()
		if err != nil {
			return err
		}
		defer ch.Close()
		if err := ch.ExchangeDeclarePassive(EventsExchange, "topic", true, false, false, false, nil); err != nil {
			return err
		}
		_, err = ch.QueueDeclarePassive(JobsQueue(class), true, false, false, false, nil)
		return err
	})
}

// WaitForControl waits until the backend has declared bench.control.
func WaitForControl(ctx context.Context, conn *amqp.Connection, log *slog.Logger) error {
	return retry(ctx, log, "waiting for the backend to declare "+ControlExchange, func() error {
		ch, err := conn.Channel()
		if err != nil {
			return err
		}
		defer ch.Close()
		return ch.ExchangeDeclarePassive(ControlExchange, "fanout", true, false, false, false, nil)
	})
}

// ConsumeControl binds a queue of this connection's own (server-named,
// exclusive, deleted with the connection) to bench.control and consumes it.
func ConsumeControl(conn *amqp.Connection) (*amqp.Channel, <-chan amqp.Delivery, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, nil, err
	}
	q, err := ch.QueueDeclare("",
		false, // durable
		true,  // autoDelete
		true,  // exclusive
		false, // noWait
		nil)
	if err == nil {
		err = ch.QueueBind(q.Name, "", ControlExchange, false, nil)
	}
	var deliveries <-chan amqp.Delivery
	if err == nil {
		deliveries, err = ch.Consume(q.Name, "",
			true,  // autoAck: a RunCancel missed while disconnected is sent again by the backend
			true,  // exclusive
			false, // noLocal
			false, // noWait
			nil)
	}
	if err != nil {
		ch.Close()
		return nil, nil, err
	}
	return ch, deliveries, nil
}

// retry calls try until it succeeds or ctx ends, waiting 0.5 s, 1 s, 2 s ...
// up to 30 s between tries and logging each failure.
func retry(ctx context.Context, log *slog.Logger, what string, try func() error) error {
	wait := 500 * time.Millisecond
	for {
		err := try()
		if err == nil {
			return nil
		}
		log.Warn(what, "error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// Publisher publishes persistent JSON messages and waits for each confirm.
type Publisher struct {
	ch *amqp.Channel
}

// NewPublisher opens a channel in confirm mode.
func NewPublisher(conn *amqp.Connection) (*Publisher, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, err
	}
	if err := ch.Confirm(false); err != nil {
		ch.Close()
		return nil, err
	}
	return &Publisher{ch: ch}, nil
}

// Publish sends body as JSON to exchange with routing key and AMQP type
// msgType, and returns once the broker confirmed it.
func (p *Publisher) Publish(ctx context.Context, exchange, key, msgType string, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, ConfirmTimeout)
	defer cancel()
	conf, err := p.ch.PublishWithDeferredConfirmWithContext(ctx, exchange, key,
		false, // mandatory
		false, // immediate
		amqp.Publishing{
			ContentType: "application/json", DeliveryMode: amqp.Persistent,
			Type: msgType, Timestamp: time.Now(), Body: raw,
		})
	if err != nil {
		return err
	}
	ok, err := conf.WaitContext(ctx)
	if err != nil {
		return fmt.Errorf("no confirm for %s %s: %v", msgType, key, err)
	}
	if !ok {
		return fmt.Errorf("broker refused %s %s", msgType, key)
	}
	return nil
}

// Close closes the publisher's channel.
func (p *Publisher) Close() error { return p.ch.Close() }

// Consume opens a channel with prefetch 1 and consumes queue with manual ack.
func Consume(conn *amqp.Connection, queue, consumer string) (*amqp.Channel, <-chan amqp.Delivery, error) {
	ch, err := conn.Channel()
	if err != nil {
		return nil, nil, err
	}
	if err := ch.Qos(1, 0, false); err != nil {
		ch.Close()
		return nil, nil, err
	}
	deliveries, err := ch.Consume(queue, consumer,
		false, // autoAck
		false, // exclusive
		false, // noLocal
		false, // noWait
		nil)
	if err != nil {
		ch.Close()
		return nil, nil, err
	}
	return ch, deliveries, nil
}

// DeliveryCount is the x-delivery-count header a quorum queue sets on a
// redelivered message; 0 on the first delivery.
func DeliveryCount(d amqp.Delivery) int {
	switch v := d.Headers["x-delivery-count"].(type) {
	case int64:
		return int(v)
	case int32:
		return int(v)
	case int:
		return v
	case int16:
		return int(v)
	case int8:
		return int(v)
	}
	return 0
}
