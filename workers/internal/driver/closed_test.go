package driver

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"soapbench.dev/workers/internal/samples"
)

const okBody = `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><r:ok xmlns:r="urn:r">1</r:ok></s:Body></s:Envelope>`
const faultBody = `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>
  <s:Fault><faultcode>s:Server</faultcode><faultstring>no</faultstring></s:Fault></s:Body></s:Envelope>`

func sample(op string) samples.Sample {
	return samples.Sample{Operation: op, SOAPAction: "urn:" + op, SOAPVersion: "1.1", Request: []byte("<req>" + op + "</req>")}
}

// answer replies by SOAPAction: urn:fault with a fault, urn:status with 503,
// urn:slow after a delay, urn:chunked in chunks, anything else with okBody.
func answer(w http.ResponseWriter, r *http.Request) {
	switch r.Header.Get("SOAPAction") {
	case `"urn:fault"`:
		w.WriteHeader(500)
		w.Write([]byte(faultBody))
	case `"urn:fault200"`:
		w.Write([]byte(faultBody))
	case `"urn:status"`:
		w.WriteHeader(503)
	case `"urn:slow"`:
		time.Sleep(300 * time.Millisecond)
		w.Write([]byte(okBody))
	case `"urn:chunked"`:
		w.Write([]byte(okBody[:20]))
		w.(http.Flusher).Flush()
		w.Write([]byte(okBody[20:]))
	default:
		w.Write([]byte(okBody))
	}
}

func TestClosedCountsRequestsAndErrors(t *testing.T) {
	tests := []struct {
		name        string
		ops         []string
		connections int
		requests    int
		keepAlive   bool
		timeout     time.Duration
		wantOK      int64
		wantErrors  map[string]int64
	}{
		// Every request answered correctly over keep-alive connections.
		{"all ok", []string{"a"}, 4, 100, true, 0, 100, map[string]int64{}},
		// Chunked responses are read whole.
		{"chunked", []string{"chunked"}, 2, 20, true, 0, 20, map[string]int64{}},
		// A new connection per request.
		{"no keep-alive", []string{"a"}, 3, 30, false, 0, 30, map[string]int64{}},
		// Operations are cycled: a fault every other request, never in latency.
		{"faults counted apart", []string{"a", "fault"}, 1, 10, true, 0, 5, map[string]int64{ErrSOAPFault: 5}},
		// A fault inside an HTTP 200 is still a fault.
		{"fault with 200", []string{"fault200"}, 1, 4, true, 0, 0, map[string]int64{ErrSOAPFault: 4}},
		// A non-200 status without a fault.
		{"http status", []string{"status"}, 2, 6, true, 0, 0, map[string]int64{ErrHTTPStatus: 6}},
		// Answers slower than the request timeout.
		{"timeouts", []string{"slow"}, 2, 4, true, 50 * time.Millisecond, 0, map[string]int64{ErrTimeout: 4}},
	}
	srv := httptest.NewServer(http.HandlerFunc(answer))
	defer srv.Close()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var list []samples.Sample
			for _, op := range tt.ops {
				list = append(list, sample(op))
			}
			res, err := Run(context.Background(), Plan{Endpoint: srv.URL + "/ws", Samples: list,
				Connections: tt.connections, Requests: tt.requests, KeepAlive: tt.keepAlive, RequestTimeout: tt.timeout})
			if err != nil {
				t.Fatal(err)
			}
			if res.Requests != tt.wantOK {
				t.Errorf("correct responses = %d, want %d", res.Requests, tt.wantOK)
			}
			if res.Latency.TotalCount() != tt.wantOK {
				t.Errorf("latency samples = %d, want %d (errors must stay out of latency)", res.Latency.TotalCount(), tt.wantOK)
			}
			for kind, want := range tt.wantErrors {
				if res.Errors[kind] != want {
					t.Errorf("errors[%s] = %d, want %d (all: %v)", kind, res.Errors[kind], want, res.Errors)
				}
			}
			var total int64
			for _, n := range res.Errors {
				total += n
			}
			if total+res.Requests != int64(tt.requests) {
				t.Errorf("correct %d + errors %d != %d requests sent", res.Requests, total, tt.requests)
			}
			if res.BytesSent == 0 || (tt.wantOK > 0 && res.BytesReceived == 0) {
				t.Errorf("bytes sent %d, received %d: want both counted", res.BytesSent, res.BytesReceived)
			}
		})
	}
}

func TestClosedConnectError(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	res, err := Run(context.Background(), Plan{Endpoint: "http://" + addr + "/", Samples: []samples.Sample{sample("a")}, Connections: 2, Requests: 5, KeepAlive: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors[ErrConnect] != 5 || res.Requests != 0 {
		t.Errorf("errors = %v, correct = %d; want 5 connect errors", res.Errors, res.Requests)
	}
}

func TestClosedCyclesFromOwnOffset(t *testing.T) {
	var mu sync.Mutex
	byConn := map[string][]string{}
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		byConn[r.RemoteAddr] = append(byConn[r.RemoteAddr], strings.Trim(r.Header.Get("SOAPAction"), `"`))
		mu.Unlock()
		w.Write([]byte(okBody))
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	list := []samples.Sample{sample("a"), sample("b"), sample("c")}
	if _, err := Run(context.Background(), Plan{Endpoint: srv.URL, Samples: list, Connections: 3, Requests: 300, KeepAlive: true}); err != nil {
		t.Fatal(err)
	}
	if conns.Load() != 3 {
		t.Errorf("server saw %d connections, want 3 kept alive", conns.Load())
	}
	firsts := map[string]bool{}
	for addr, ops := range byConn {
		firsts[ops[0]] = true
		for i := 1; i < len(ops); i++ {
			if next := list[(indexOf(list, ops[i-1])+1)%3].Operation; "urn:"+next != ops[i] {
				t.Fatalf("connection %s sent %s after %s, want %s", addr, ops[i], ops[i-1], next)
			}
		}
	}
	if len(firsts) != 3 {
		t.Errorf("connections started at %v, want each at its own operation", firsts)
	}
}

func indexOf(list []samples.Sample, action string) int {
	for i, s := range list {
		if "urn:"+s.Operation == action {
			return i
		}
	}
	return -1
}

func TestIsFault(t *testing.T) {
	tests := []struct {
		body string
		want bool
	}{
		{okBody, false},   // a normal payload
		{faultBody, true}, // a fault after whitespace
		{`<Envelope><Body><Fault/></Body></Envelope>`, true},                                     // no prefixes
		{`<s:Envelope><s:Body><r:Faults/></s:Body></s:Envelope>`, false},                         // a longer name
		{`<s:Envelope><s:Header><h:Body/></s:Header><s:Body><ok/></s:Body></s:Envelope>`, false}, // Body in the header first
		{``, false}, // empty body
	}
	for _, tt := range tests {
		if got := isFault([]byte(tt.body)); got != tt.want {
			t.Errorf("isFault(%q) = %v, want %v", tt.body, got, tt.want)
		}
	}
}

func BenchmarkClosed(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(answer))
	defer srv.Close()
	b.ReportAllocs()
	res, err := Run(context.Background(), Plan{Endpoint: srv.URL, Samples: []samples.Sample{sample("a")}, Connections: 8, Requests: b.N, KeepAlive: true})
	if err != nil || res.Requests != int64(b.N) {
		b.Fatalf("res %+v err %v", res.Errors, err)
	}
}

func TestClosedByDuration(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(answer))
	defer srv.Close()
	res, err := Run(context.Background(), Plan{Endpoint: srv.URL, Samples: []samples.Sample{sample("a")}, Connections: 3,
		Requests: 5, Duration: 400 * time.Millisecond, KeepAlive: true})
	if err != nil {
		t.Fatal(err)
	}
	// The duration wins over the request count, and the run stops near it.
	if res.Requests <= 5 || res.Elapsed < 400*time.Millisecond || res.Elapsed > time.Second {
		t.Errorf("%d requests in %s: want many more than 5, for about 400 ms", res.Requests, res.Elapsed)
	}
	if res.ErrorRatio() != 0 || res.Latency.TotalCount() != res.Requests {
		t.Errorf("errors %v, latency samples %d of %d", res.Errors, res.Latency.TotalCount(), res.Requests)
	}
}

// A request larger than the socket's buffers is written in pieces, and an
// answer larger than a connection's first read buffer makes it grow.
func TestClosedLargeMessages(t *testing.T) {
	const size = 4 << 20
	large := strings.Repeat("x", size)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if len(body) != size {
			w.WriteHeader(400)
			return
		}
		w.Write([]byte(`<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><r>` + large + `</r></s:Body></s:Envelope>`))
	}))
	defer srv.Close()
	s := sample("big")
	s.Request = []byte(large)
	res, err := Run(context.Background(), Plan{Endpoint: srv.URL, Samples: []samples.Sample{s}, Connections: 2, Requests: 6, KeepAlive: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 6 || res.ErrorCount() != 0 {
		t.Fatalf("correct %d, errors %v: want 6 correct", res.Requests, res.Errors)
	}
	if res.BytesSent < 6*size || res.BytesReceived < 6*size {
		t.Errorf("bytes sent %d, received %d: want at least %d each", res.BytesSent, res.BytesReceived, 6*size)
	}
}

// A server that drops the connection mid-answer costs one request each time,
// counted as a connection error; the driver reconnects and goes on.
func TestClosedServerDropsConnections(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1)%3 == 0 {
			conn, buf, _ := w.(http.Hijacker).Hijack()
			buf.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\ncut")
			buf.Flush()
			conn.Close()
			return
		}
		w.Write([]byte(okBody))
	}))
	defer srv.Close()
	res, err := Run(context.Background(), Plan{Endpoint: srv.URL, Samples: []samples.Sample{sample("a")}, Connections: 1, Requests: 30, KeepAlive: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 20 || res.Errors[ErrConnect] != 10 {
		t.Errorf("correct %d, errors %v: want 20 correct and 10 connect errors", res.Requests, res.Errors)
	}
}

// Cancelling the run stops it at once, even while requests wait for answers.
func TestClosedStopsWhenCancelled(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(answer))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	began := time.Now()
	_, err := Run(ctx, Plan{Endpoint: srv.URL, Samples: []samples.Sample{sample("slow")}, Connections: 4, Requests: 1000, KeepAlive: true})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err %v, want the context's deadline", err)
	}
	if took := time.Since(began); took > 2*time.Second {
		t.Errorf("the run went on %s after it was cancelled", took)
	}
}

// The closed model's figures agree with each other: percentiles in order,
// the mean between the extremes, and throughput × mean latency close to the
// number of connections (Little's law: no connection sits idle between its
// answer and its next request).
func TestClosedFiguresAgree(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Long against the driver's own gaps, even on a busy machine.
		time.Sleep(20 * time.Millisecond)
		w.Write([]byte(okBody))
	}))
	defer srv.Close()
	const conns = 8
	res, err := Run(context.Background(), Plan{Endpoint: srv.URL, Samples: []samples.Sample{sample("a")}, Connections: conns,
		Duration: 500 * time.Millisecond, KeepAlive: true})
	if err != nil {
		t.Fatal(err)
	}
	h := res.Latency
	p50, p90, p99, max := h.ValueAtQuantile(50), h.ValueAtQuantile(90), h.ValueAtQuantile(99), h.Max()
	if !(p50 <= p90 && p90 <= p99 && p99 <= max) || h.Mean() < float64(h.Min()) || h.Mean() > float64(max) {
		t.Errorf("p50 %d, p90 %d, p99 %d, max %d, mean %.0f, min %d µs: out of order", p50, p90, p99, max, h.Mean(), h.Min())
	}
	throughput := float64(res.Requests) / res.Elapsed.Seconds()
	inFlight := throughput * h.Mean() / 1e6
	t.Logf("%.0f req/s × %.0f µs = %.2f in flight", throughput, h.Mean(), inFlight)
	if inFlight < 0.85*conns || inFlight > 1.05*conns {
		t.Errorf("throughput %.0f/s × mean latency %.0f µs = %.2f requests in flight, want about %d", throughput, h.Mean(), inFlight, conns)
	}
}
