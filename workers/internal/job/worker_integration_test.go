package job

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
)

// These tests need a RabbitMQ broker: SOAPBENCH_TEST_AMQP_URL, e.g. one
// started with scripts/rabbitmq.sh.
func brokerURL(t *testing.T) string {
	url := os.Getenv("SOAPBENCH_TEST_AMQP_URL")
	if url == "" {
		t.Skip("SOAPBENCH_TEST_AMQP_URL is not set: no RabbitMQ broker to test against")
	}
	return url
}

// declareTopology declares what the backend declares (docs/architecture.md)
// for one hardware class, and a queue that collects the events of runID.
func declareTopology(t *testing.T, conn *amqp.Connection, class, runID string) (*amqp.Channel, <-chan amqp.Delivery) {
	t.Helper()
	ch, err := conn.Channel()
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(ch.ExchangeDeclare("bench.jobs", "direct", true, false, false, false, nil))
	must(ch.ExchangeDeclare("bench.jobs.dlx", "fanout", true, false, false, false, nil))
	must(ch.ExchangeDeclare("bench.events", "topic", true, false, false, false, nil))
	must(ch.ExchangeDeclare("bench.control", "fanout", true, false, false, false, nil))
	_, err = ch.QueueDeclare("bench.jobs."+class, true, false, false, false, amqp.Table{
		"x-queue-type": "quorum", "x-dead-letter-exchange": "bench.jobs.dlx", "x-delivery-limit": 20})
	must(err)
	must(ch.QueueBind("bench.jobs."+class, class, "bench.jobs", false, nil))
	t.Cleanup(func() {
		if c, err := conn.Channel(); err == nil {
			c.QueueDelete("bench.jobs."+class, false, false, false)
			c.Close()
		}
	})
	events, err := ch.QueueDeclare("", false, true, true, false, nil)
	must(err)
	must(ch.QueueBind(events.Name, "run."+runID, "bench.events", false, nil))
	deliveries, err := ch.Consume(events.Name, "", true, true, false, false, nil)
	must(err)
	return ch, deliveries
}

func publishJob(t *testing.T, ch *amqp.Channel, class string, job message.RunJob) {
	t.Helper()
	raw, _ := json.Marshal(job)
	err := ch.PublishWithContext(context.Background(), "bench.jobs", class, false, false, amqp.Publishing{
		ContentType: "application/json", DeliveryMode: amqp.Persistent, Type: message.TypeRunJob, Body: raw})
	if err != nil {
		t.Fatal(err)
	}
}

// nextEvent waits for the next RunEvent.
func nextEvent(t *testing.T, events <-chan amqp.Delivery, within time.Duration) message.RunEvent {
	t.Helper()
	select {
	case d := <-events:
		if d.Type != message.TypeRunEvent || d.ContentType != "application/json" {
			t.Fatalf("event with type %q content type %q", d.Type, d.ContentType)
		}
		var ev message.RunEvent
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			t.Fatal(err)
		}
		return ev
	case <-time.After(within):
		t.Fatalf("no event within %s", within)
		return message.RunEvent{}
	}
}

// acceptedPayload decodes an accepted event's payload.
func acceptedPayload(t *testing.T, ev message.RunEvent) message.AcceptedPayload {
	t.Helper()
	raw, _ := json.Marshal(ev.Payload)
	var p message.AcceptedPayload
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func testWorker(t *testing.T, url, class string) *Worker {
	stacks, err := runner.Discover(fakeStacks)
	if err != nil {
		t.Fatal(err)
	}
	return &Worker{
		Executor: &Executor{Stacks: stacks, WorkRoot: sandboxDir(t), WorkerID: "it-" + class, HardwareClass: class,
			Fingerprint: message.Fingerprint{CPUModel: "x", Cores: 2, MemoryBytes: 1, Kernel: "k"},
			Log:         slog.New(slog.NewTextHandler(io.Discard, nil)),
			Disturbance: Thresholds{StealPercent: 100, OtherBusyPercent: 100}},
		AMQPURL: url, HeartbeatEvery: time.Second, StateDir: t.TempDir(),
	}
}

// builtWorker is the bench-worker command of this checkout, built once for
// the tests that run it as a process of its own.
var builtWorker struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

func benchWorkerBinary(t *testing.T) string {
	t.Helper()
	builtWorker.once.Do(func() {
		if builtWorker.dir, builtWorker.err = os.MkdirTemp("", "job-test-bin-"); builtWorker.err == nil {
			builtWorker.out, builtWorker.err = exec.Command("go", "build", "-o", filepath.Join(builtWorker.dir, "bench-worker"), "../../cmd/bench-worker").CombinedOutput()
		}
	})
	if builtWorker.err != nil {
		t.Fatalf("building bench-worker: %v\n%s", builtWorker.err, builtWorker.out)
	}
	return filepath.Join(builtWorker.dir, "bench-worker")
}

func queueDepth(t *testing.T, conn *amqp.Connection, class string) int {
	ch, err := conn.Channel()
	if err != nil {
		t.Fatal(err)
	}
	defer ch.Close()
	q, err := ch.QueueDeclarePassive("bench.jobs."+class, true, false, false, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q.Messages
}

func TestWorkerRunsAJobAndAcks(t *testing.T) {
	url := brokerURL(t)
	class := fmt.Sprintf("it%d", time.Now().UnixNano())
	conn, err := amqp.Dial(url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	job := echoJob(t, "fake", "fake-unsupported")
	job.HardwareClass = class
	ch, events := declareTopology(t, conn, class, job.RunID)
	publishJob(t, ch, class, job)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- testWorker(t, url, class).Serve(ctx) }()

	var kinds []message.EventKind
	for {
		ev := nextEvent(t, events, 60*time.Second)
		if ev.Seq != len(kinds)+1 || ev.Attempt != 1 {
			t.Fatalf("event %s has seq %d attempt %d, want seq %d attempt 1", ev.Kind, ev.Seq, ev.Attempt, len(kinds)+1)
		}
		kinds = append(kinds, ev.Kind)
		if ev.Kind == message.Completed || ev.Kind == message.Failed {
			break
		}
	}
	// Every stack is built first; the measured rounds follow.
	want := []message.EventKind{"accepted", "building", "built", "verified", "building", "stack_failed", "measuring", "measurement", "measuring", "measurement", "completed"}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Errorf("events %v, want %v", kinds, want)
	}
	time.Sleep(500 * time.Millisecond)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := queueDepth(t, conn, class); n != 0 {
		t.Errorf("%d messages left in the jobs queue, want 0: the job was not acked", n)
	}
}

func TestJobIsRedeliveredAfterTheWorkerDies(t *testing.T) {
	url := brokerURL(t)
	class := fmt.Sprintf("it%d", time.Now().UnixNano())
	conn, err := amqp.Dial(url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	job := echoJob(t, "fake")
	job.HardwareClass = class
	ch, events := declareTopology(t, conn, class, job.RunID)
	publishJob(t, ch, class, job)

	bin := benchWorkerBinary(t)
	first := exec.Command(bin, "-amqp-url", url, "-class", class, "-id", "dying", "-stacks", fakeStacks, "-work", sandboxDir(t))
	first.Env = append(os.Environ(), "FAKE_BUILD_SLEEP=3", "SOAPBENCH_SANDBOX_ENV=FAKE_BUILD_SLEEP")
	first.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(-first.Process.Pid, syscall.SIGKILL)
	for {
		ev := nextEvent(t, events, 60*time.Second)
		if ev.Kind == message.Building {
			break
		}
	}
	// Dies mid-build, without a word to the broker.
	first.Process.Signal(syscall.SIGKILL)
	first.Wait()

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- testWorker(t, url, class).Serve(ctx) }()
	var last message.RunEvent
	for last.Kind != message.Completed {
		last = nextEvent(t, events, 60*time.Second)
		if last.WorkerID == "dying" {
			continue
		}
		// A crash is no failed attempt: the job is still in its first.
		if last.Attempt != 1 {
			t.Fatalf("redelivered %s event has attempt %d, want 1", last.Kind, last.Attempt)
		}
		if last.Kind == message.Accepted {
			p := acceptedPayload(t, last)
			if p.Deliveries != 2 || !p.Redelivered {
				t.Errorf("accepted after the crash says deliveries %d redelivered %v, want 2 and true", p.Deliveries, p.Redelivered)
			}
		}
	}
	time.Sleep(500 * time.Millisecond)
	cancel()
	<-done
	if n := queueDepth(t, conn, class); n != 0 {
		t.Errorf("%d messages left in the jobs queue after the second worker finished", n)
	}
}
