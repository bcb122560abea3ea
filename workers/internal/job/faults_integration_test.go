package job

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	amqp "github.com/rabbitmq/amqp091-go"

	"soapbench.dev/workers/internal/message"
)

// brokerProxy forwards TCP connections to the broker. freeze makes the
// connections open at that moment a black hole, as a network partition or a
// hung broker would, while new connections go through.
type brokerProxy struct {
	ln       net.Listener
	target   string
	mu       sync.Mutex
	frozen   []*atomic.Bool
	accepted chan time.Time
}

func startProxy(t *testing.T, brokerURL string) (*brokerProxy, string) {
	t.Helper()
	u, err := amqp.ParseURI(brokerURL)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &brokerProxy{ln: ln, target: fmt.Sprintf("%s:%d", u.Host, u.Port), accepted: make(chan time.Time, 16)}
	t.Cleanup(func() { ln.Close() })
	go p.serve()
	u.Port = ln.Addr().(*net.TCPAddr).Port
	return p, u.String()
}

func (p *brokerProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		select {
		case p.accepted <- time.Now():
		default:
		}
		b, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		frozen := &atomic.Bool{}
		p.mu.Lock()
		p.frozen = append(p.frozen, frozen)
		p.mu.Unlock()
		go p.pipe(c, b, frozen)
		go p.pipe(b, c, frozen)
	}
}

// pipe copies src to dst until either ends, dropping what it reads once frozen.
func (p *brokerProxy) pipe(src, dst net.Conn, frozen *atomic.Bool) {
	defer src.Close()
	defer dst.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 && !frozen.Load() {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (p *brokerProxy) freeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, f := range p.frozen {
		f.Store(true)
	}
	for len(p.accepted) > 0 {
		<-p.accepted
	}
}

// collectUntilEnd gathers events until a completed, failed or cancelled one.
func collectUntilEnd(t *testing.T, events <-chan amqp.Delivery, within time.Duration, seen []message.RunEvent) []message.RunEvent {
	t.Helper()
	for {
		ev := nextEvent(t, events, within)
		seen = append(seen, ev)
		switch ev.Kind {
		case message.Completed, message.Failed, message.Cancelled:
			return seen
		}
	}
}

// uniqueMeasurements checks that every (stack, security, repetition) was
// measured once and returns how many there were.
func uniqueMeasurements(t *testing.T, events []message.RunEvent) int {
	t.Helper()
	seen := map[string]bool{}
	for _, ev := range events {
		if ev.Kind != message.Measured {
			continue
		}
		raw, _ := json.Marshal(ev.Payload)
		var m message.Measurement
		json.Unmarshal(raw, &m)
		k := fmt.Sprintf("%s/%s#%d", m.Stack, m.Cell.Security, m.Repetition)
		if seen[k] {
			t.Errorf("%s measured twice", k)
		}
		seen[k] = true
	}
	return len(seen)
}

// startWorker serves w until the test ends.
func startWorker(t *testing.T, w *Worker) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

// waitEmpty waits for the jobs queue to be empty: the job was acked.
func waitEmpty(t *testing.T, conn *amqp.Connection, class string) {
	t.Helper()
	for i := 0; i < 50; i++ {
		if queueDepth(t, conn, class) == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("%d messages left in the jobs queue: the job was not acked", queueDepth(t, conn, class))
}

func brokerTest(t *testing.T) (url, class string, conn *amqp.Connection) {
	url = brokerURL(t)
	class = fmt.Sprintf("it%d", time.Now().UnixNano())
	conn, err := amqp.Dial(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return url, class, conn
}

func threeRoundJob(t *testing.T, class string) message.RunJob {
	job := echoJob(t, "fake", "fake-jvm")
	job.HardwareClass = class
	three := 3
	job.Workload.Repetitions = &three
	return job
}

func TestBrokerOutageIsNoticedAndTheJobResumes(t *testing.T) {
	url, class, conn := brokerTest(t)
	job := threeRoundJob(t, class)
	ch, events := declareTopology(t, conn, class, job.RunID)
	proxy, proxied := startProxy(t, url)
	publishJob(t, ch, class, job)
	startWorker(t, testWorker(t, proxied, class))

	// Cut the connection after the first measurement was confirmed: the
	// measuring event after it is sent once the journal holds it.
	var before []message.RunEvent
	measured := 0
	for {
		ev := nextEvent(t, events, 60*time.Second)
		before = append(before, ev)
		if ev.Kind == message.Measured {
			measured++
		}
		if ev.Kind == message.Measuring && measured == 1 {
			break
		}
	}
	frozeAt := time.Now()
	proxy.freeze()
	select {
	case at := <-proxy.accepted:
		noticed := at.Sub(frozeAt)
		t.Logf("the worker reconnected %.1f s after the broker went silent", noticed.Seconds())
		// 1.5 AMQP heartbeats (3 s) to notice, then 0.5 s before reconnecting.
		if noticed > 5*time.Second {
			t.Errorf("the worker reconnected %.1f s after the outage began, want within 5 s", noticed.Seconds())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the worker did not reconnect within 30 s of the outage")
	}

	all := collectUntilEnd(t, events, 60*time.Second, before)
	if all[len(all)-1].Kind != message.Completed {
		t.Fatalf("the run ended with %s", all[len(all)-1].Kind)
	}
	var resumed *message.AcceptedPayload
	for _, ev := range all[len(before):] {
		if ev.Kind == message.Accepted {
			p := acceptedPayload(t, ev)
			resumed = &p
		}
		if ev.Attempt != 1 {
			t.Errorf("%s after the outage has attempt %d, want 1: an outage is no failed attempt", ev.Kind, ev.Attempt)
		}
	}
	if resumed == nil || !resumed.Redelivered || resumed.Deliveries != 2 || resumed.ResumedMeasurements != 1 {
		t.Fatalf("accepted after the outage = %+v, want delivery 2 resuming 1 measurement", resumed)
	}
	if n := uniqueMeasurements(t, all); n != 6 {
		t.Errorf("%d measurements, want 2 stacks × 3 repetitions", n)
	}
	waitEmpty(t, conn, class)
}

func TestKilledWorkerResumesFromItsJournal(t *testing.T) {
	url, class, conn := brokerTest(t)
	job := threeRoundJob(t, class)
	ch, events := declareTopology(t, conn, class, job.RunID)
	publishJob(t, ch, class, job)

	bin := benchWorkerBinary(t)
	state := t.TempDir()
	worker := func(id string) *exec.Cmd {
		cmd := exec.Command(bin, "-amqp-url", url, "-class", class, "-id", id, "-stacks", fakeStacks,
			"-work", sandboxDir(t), "-state", state, "-jvm-warmup", "0", "-jvm-warmup-max", "0", "-max-steal", "100", "-max-other-busy", "100")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		// Its log, printed for a failure's reader.
		logPath := filepath.Join(t.TempDir(), id+".log")
		cmd.Stderr, _ = os.Create(logPath)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			cmd.Wait()
			if t.Failed() {
				out, _ := os.ReadFile(logPath)
				t.Logf("log of worker %s:\n%s", id, out)
			}
		})
		return cmd
	}
	first := worker("dying")
	var before []message.RunEvent
	measured := 0
	for measured < 2 {
		ev := nextEvent(t, events, 60*time.Second)
		before = append(before, ev)
		if ev.Kind == message.Measured {
			measured++
		}
	}
	// The measuring after the second measurement: both are in the journal.
	for ev := nextEvent(t, events, 60*time.Second); ; ev = nextEvent(t, events, 60*time.Second) {
		before = append(before, ev)
		if ev.Kind == message.Measuring {
			break
		}
	}
	syscall.Kill(-first.Process.Pid, syscall.SIGKILL)
	first.Wait()

	worker("restarted")
	all := collectUntilEnd(t, events, 60*time.Second, before)
	var accepted *message.AcceptedPayload
	var lastDyingSeq int
	for _, ev := range all {
		if ev.WorkerID == "dying" {
			lastDyingSeq = ev.Seq
			continue
		}
		if ev.Kind == message.Accepted {
			p := acceptedPayload(t, ev)
			accepted = &p
			if ev.Seq <= lastDyingSeq {
				t.Errorf("the restarted worker's first seq %d is not past the killed one's %d", ev.Seq, lastDyingSeq)
			}
		}
	}
	if accepted == nil || accepted.ResumedMeasurements != 2 || accepted.Deliveries != 2 {
		t.Fatalf("accepted of the restarted worker = %+v, want delivery 2 resuming 2 measurements", accepted)
	}
	if all[len(all)-1].Kind != message.Completed {
		t.Fatalf("the run ended with %s", all[len(all)-1].Kind)
	}
	if n := uniqueMeasurements(t, all); n != 6 {
		t.Errorf("%d measurements, want 6", n)
	}
	waitEmpty(t, conn, class)
	// The journal goes right after the ack.
	var left []string
	for i := 0; i < 50; i++ {
		if left, _ = filepath.Glob(filepath.Join(state, "*.journal")); len(left) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(left) != 0 {
		t.Errorf("journals left after the ack: %v", left)
	}
}

func publishCancel(t *testing.T, ch *amqp.Channel, runID string) {
	t.Helper()
	raw, _ := json.Marshal(message.RunCancel{SchemaVersion: 1, RunID: runID, At: time.Now().UTC()})
	if err := ch.PublishWithContext(context.Background(), "bench.control", "", false, false, amqp.Publishing{
		ContentType: "application/json", Type: message.TypeRunCancel, Body: raw}); err != nil {
		t.Fatal(err)
	}
}

func TestRunCancelStopsRunningAndQueuedJobs(t *testing.T) {
	tests := []struct {
		name string
		// queued cancels the run before its job is published.
		queued    bool
		wantKinds string
	}{
		// A queued run's job is acked with cancelled and never built.
		{"queued", true, "cancelled"},
		// A running run stops after its first measurement, which stays.
		{"running", false, "accepted building:fake building:fake-jvm measuring measurement cancelled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, class, conn := brokerTest(t)
			job := threeRoundJob(t, class)
			ch, events := declareTopology(t, conn, class, job.RunID)
			w := testWorker(t, url, class)
			startWorker(t, w)
			// The worker's control queue exists once it waits for jobs.
			for w.currentRun.Load() == nil && !consuming(t, conn, class) {
				time.Sleep(50 * time.Millisecond)
			}
			if tt.queued {
				publishCancel(t, ch, job.RunID)
				for !w.cancelled.has(job.RunID) {
					time.Sleep(20 * time.Millisecond)
				}
			}
			publishJob(t, ch, class, job)
			var all []message.RunEvent
			if !tt.queued {
				for {
					ev := nextEvent(t, events, 60*time.Second)
					all = append(all, ev)
					if ev.Kind == message.Measured {
						break
					}
				}
				publishCancel(t, ch, job.RunID)
			}
			all = collectUntilEnd(t, events, 10*time.Second, all)
			var kinds []string
			for _, ev := range all {
				k := string(ev.Kind)
				if ev.Kind == message.Building {
					raw, _ := json.Marshal(ev.Payload)
					var p message.StackPayload
					json.Unmarshal(raw, &p)
					k += ":" + p.Stack
				}
				// Between the first measurement and the cancel the run may begin the next.
				if ev.Kind == message.Built || ev.Kind == message.Verified || (ev.Kind == message.Measuring && strings.Contains(strings.Join(kinds, " "), "measurement")) {
					continue
				}
				kinds = append(kinds, k)
			}
			if got := strings.Join(kinds, " "); got != tt.wantKinds {
				t.Errorf("events %s, want %s", got, tt.wantKinds)
			}
			waitEmpty(t, conn, class)
		})
	}
}

// consuming tells whether a consumer is attached to the jobs queue.
func consuming(t *testing.T, conn *amqp.Connection, class string) bool {
	ch, err := conn.Channel()
	if err != nil {
		t.Fatal(err)
	}
	defer ch.Close()
	q, err := ch.QueueDeclarePassive("bench.jobs."+class, true, false, false, false, nil)
	return err == nil && q.Consumers > 0
}

func TestOnlyFailedDeliveriesCountAsAttempts(t *testing.T) {
	tests := []struct {
		name        string
		maxAttempts int
		// failUntil is the last attempt whose delivery fails the job.
		failUntil int
		wantEnd   message.EventKind
		wantLast  int
	}{
		// The first attempt fails, the second completes.
		{"fails once", 3, 1, message.Completed, 2},
		// Every attempt fails: the run fails after the last, with the reason.
		{"fails every time", 2, 99, message.Failed, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, class, conn := brokerTest(t)
			job := echoJob(t, "fake")
			job.HardwareClass = class
			ch, events := declareTopology(t, conn, class, job.RunID)
			w := testWorker(t, url, class)
			w.MaxAttempts = tt.maxAttempts
			var deliveries sync.Map
			w.execute = func(ctx context.Context, job message.RunJob, d Delivery, publish Publish) error {
				deliveries.Store(d.Attempt, d.Deliveries)
				if d.Attempt <= tt.failUntil {
					panic(fmt.Sprintf("attempt %d breaks", d.Attempt))
				}
				return w.Executor.Resume(ctx, job, d, publish)
			}
			startWorker(t, w)
			publishJob(t, ch, class, job)
			all := collectUntilEnd(t, events, 60*time.Second, nil)
			end := all[len(all)-1]
			if end.Kind != tt.wantEnd || end.Attempt != tt.wantLast {
				t.Fatalf("the run ended with %s in attempt %d, want %s in attempt %d", end.Kind, end.Attempt, tt.wantEnd, tt.wantLast)
			}
			if end.Kind == message.Failed {
				raw, _ := json.Marshal(end.Payload)
				if want := fmt.Sprintf("failed on %d attempts", tt.maxAttempts); !strings.Contains(string(raw), want) ||
					!strings.Contains(string(raw), "attempt 2 breaks") {
					t.Errorf("failure reason %s, want %q and the last failure", raw, want)
				}
			}
			// Each attempt is a fresh message: delivered once, not counted as a redelivery.
			deliveries.Range(func(attempt, n any) bool {
				if n != 1 {
					t.Errorf("attempt %v was delivery %v, want 1", attempt, n)
				}
				return true
			})
			waitEmpty(t, conn, class)
		})
	}
}
