package queue

import (
	"errors"
	"os"
	"testing"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"
)

// TestWorkerUserPermissions checks the broker user that scripts/rabbitmq.sh
// gives a worker of class "test": it does its job (consume its class's
// queue, publish events, bind a control queue of its own) and nothing more,
// since generated code runs on the same machine as its credentials.
// RabbitMQ grants queue.purge with the read permission that consuming needs,
// so purging its own class's queue is the one thing it cannot be denied.
func TestWorkerUserPermissions(t *testing.T) {
	adminURL, workerURL := os.Getenv("SOAPBENCH_TEST_AMQP_URL"), os.Getenv("SOAPBENCH_TEST_WORKER_AMQP_URL")
	if adminURL == "" || workerURL == "" {
		t.Skip("SOAPBENCH_TEST_AMQP_URL and SOAPBENCH_TEST_WORKER_AMQP_URL are not set (make -C workers test sets both)")
	}
	admin := dial(t, adminURL)
	ach, err := admin.Channel()
	if err != nil {
		t.Fatal(err)
	}
	// The topology the backend declares, for the classes "test" and "other".
	must(t, ach.ExchangeDeclare(JobsExchange, "direct", true, false, false, false, nil))
	must(t, ach.ExchangeDeclare(EventsExchange, "topic", true, false, false, false, nil))
	must(t, ach.ExchangeDeclare("bench.control", "fanout", true, false, false, false, nil))
	for _, q := range []string{JobsQueue("test"), JobsQueue("other"), "bench.events.backend"} {
		_, err := ach.QueueDeclare(q, true, false, false, false, amqp.Table{"x-queue-type": "quorum"})
		must(t, err)
	}

	worker := dial(t, workerURL)
	allowed := []struct {
		name string
		try  func(ch *amqp.Channel) error
	}{
		// What queue.WaitForTopology does.
		{"passive declare of its jobs queue", func(ch *amqp.Channel) error {
			_, err := ch.QueueDeclarePassive(JobsQueue("test"), true, false, false, false, nil)
			return err
		}},
		{"consume its class's jobs", func(ch *amqp.Channel) error {
			_, err := ch.Consume(JobsQueue("test"), "", false, false, false, false, nil)
			return err
		}},
		{"publish an event", func(ch *amqp.Channel) error {
			return publishConfirmed(ch, EventsExchange, "run.x")
		}},
		{"a control queue of its own, bound to bench.control", func(ch *amqp.Channel) error {
			q, err := ch.QueueDeclare("", false, true, true, false, nil)
			if err != nil {
				return err
			}
			if err := ch.QueueBind(q.Name, "", "bench.control", false, nil); err != nil {
				return err
			}
			_, err = ch.Consume(q.Name, "", true, true, false, false, nil)
			return err
		}},
	}
	for _, tt := range allowed {
		if err := tt.try(channel(t, worker)); err != nil {
			t.Errorf("%s: refused: %v", tt.name, err)
		}
	}

	refused := []struct {
		name string
		try  func(ch *amqp.Channel) error
	}{
		{"consume another class's jobs", func(ch *amqp.Channel) error {
			_, err := ch.Consume(JobsQueue("other"), "", false, false, false, false, nil)
			return err
		}},
		{"consume the backend's events", func(ch *amqp.Channel) error {
			_, err := ch.Consume("bench.events.backend", "", false, false, false, false, nil)
			return err
		}},
		{"publish a job", func(ch *amqp.Channel) error {
			return publishConfirmed(ch, JobsExchange, "test")
		}},
		{"publish a cancel", func(ch *amqp.Channel) error {
			return publishConfirmed(ch, "bench.control", "")
		}},
		{"delete its jobs queue", func(ch *amqp.Channel) error {
			_, err := ch.QueueDelete(JobsQueue("test"), false, false, false)
			return err
		}},
		{"declare a queue by name", func(ch *amqp.Channel) error {
			_, err := ch.QueueDeclare("bench.jobs.evil", true, false, false, false, nil)
			return err
		}},
		{"bind a queue of its own to the events exchange", func(ch *amqp.Channel) error {
			q, err := ch.QueueDeclare("", false, true, true, false, nil)
			if err != nil {
				return err
			}
			return ch.QueueBind(q.Name, "#", EventsExchange, false, nil)
		}},
	}
	for _, tt := range refused {
		err := tt.try(channel(t, worker))
		var amqpErr *amqp.Error
		if !errors.As(err, &amqpErr) || amqpErr.Code != amqp.AccessRefused {
			t.Errorf("%s: want ACCESS_REFUSED, got %v", tt.name, err)
		}
	}
}

func dial(t *testing.T, url string) *amqp.Connection {
	t.Helper()
	conn, err := amqp.Dial(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// channel opens a fresh channel: a refused operation closes the one it ran on.
func channel(t *testing.T, conn *amqp.Connection) *amqp.Channel {
	t.Helper()
	ch, err := conn.Channel()
	if err != nil {
		t.Fatal(err)
	}
	return ch
}

func publishConfirmed(ch *amqp.Channel, exchange, key string) error {
	if err := ch.Confirm(false); err != nil {
		return err
	}
	closed := ch.NotifyClose(make(chan *amqp.Error, 1))
	conf, err := ch.PublishWithDeferredConfirm(exchange, key, false, false, amqp.Publishing{Body: []byte("{}")})
	if err != nil {
		return err
	}
	select {
	case e := <-closed:
		return e
	case <-conf.Done():
		if !conf.Acked() {
			return errors.New("nacked")
		}
		// A refused publish closes the channel right after; wait a moment for it.
		select {
		case e := <-closed:
			return e
		case <-time.After(200 * time.Millisecond):
			return nil
		}
	case <-time.After(5 * time.Second):
		return errors.New("no confirm within 5 s")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
