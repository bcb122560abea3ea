package driver

import (
	"bufio"
	"context"
	"errors"
	"net"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

func init() { Register("closed", runClosed) }

// runClosed is the closed model: each connection sends its next request as
// soon as the previous answer arrived, until Requests were sent in all.
func runClosed(ctx context.Context, p Plan) (Result, error) {
	t, err := parseTarget(p.Endpoint)
	if err != nil {
		return Result{}, err
	}
	reqs := make([]wireRequest, len(p.Samples))
	for i, s := range p.Samples {
		reqs[i] = buildWireRequest(t, s, p.KeepAlive)
	}
	// Connections share a few locked histograms: one each would cost
	// ~140 KB per connection at 1,000 connections.
	shards := make([]*histShard, min(p.Connections, 2*runtime.GOMAXPROCS(0)))
	for i := range shards {
		shards[i] = &histShard{h: newHistogram()}
	}
	var tickets atomic.Int64
	conns := make([]*loadConn, p.Connections)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range conns {
		c := &loadConn{
			target: t, reqs: reqs, next: i % len(reqs), keepAlive: p.KeepAlive,
			timeout: p.RequestTimeout, shard: shards[i%len(shards)],
		}
		conns[i] = c
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.loop(ctx, &tickets, int64(p.Requests))
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	r := Result{Errors: map[string]int64{}, Elapsed: elapsed, Latency: newHistogram()}
	for _, s := range shards {
		r.Latency.Merge(s.h)
	}
	for _, c := range conns {
		c.close()
		r.Requests += c.ok
		r.BytesSent += c.sent
		r.BytesReceived += c.counter.n
		for kind, n := range c.errs {
			r.Errors[kind] += n
		}
	}
	return r, ctx.Err()
}

type histShard struct {
	mu sync.Mutex
	h  *hdrhistogram.Histogram
}

func (s *histShard) record(micros int64) {
	if micros < histogramMinMicros {
		micros = histogramMinMicros
	}
	if micros > histogramMaxMicros {
		micros = histogramMaxMicros
	}
	s.mu.Lock()
	_ = s.h.RecordValue(micros)
	s.mu.Unlock()
}

// loadConn is one connection of the closed model and its own counters.
type loadConn struct {
	target    target
	reqs      []wireRequest
	next      int
	keepAlive bool
	timeout   time.Duration
	shard     *histShard

	conn    net.Conn
	counter countingReader
	br      *bufio.Reader
	resp    response

	ok   int64
	sent int64
	errs map[string]int64
}

func (c *loadConn) loop(ctx context.Context, tickets *atomic.Int64, total int64) {
	c.errs = map[string]int64{}
	for ctx.Err() == nil && tickets.Add(1) <= total {
		req := c.reqs[c.next]
		c.next = (c.next + 1) % len(c.reqs)
		c.do(req)
	}
}

// do sends one request and files its outcome: latency for a correct answer,
// one error kind otherwise.
func (c *loadConn) do(req wireRequest) {
	start := time.Now()
	if c.conn == nil {
		if err := c.dial(); err != nil {
			c.errs[errorKind(err, ErrConnect)]++
			return
		}
	}
	_ = c.conn.SetDeadline(start.Add(c.timeout))
	n, err := c.conn.Write(req.bytes)
	c.sent += int64(n)
	if err == nil {
		err = readResponse(c.br, &c.resp)
	}
	if err != nil {
		c.errs[errorKind(err, ErrConnect)]++
		c.close()
		return
	}
	elapsed := time.Since(start)
	switch {
	case isFault(c.resp.body):
		c.errs[ErrSOAPFault]++
	case c.resp.status != 200:
		c.errs[ErrHTTPStatus]++
	default:
		c.ok++
		c.shard.record(elapsed.Microseconds())
	}
	if c.resp.closeConn || !c.keepAlive {
		c.close()
	}
}

func (c *loadConn) dial() error {
	conn, err := net.DialTimeout("tcp", c.target.addr, c.timeout)
	if err != nil {
		return err
	}
	c.conn = conn
	c.counter.r = conn
	if c.br == nil {
		c.br = bufio.NewReaderSize(&c.counter, 32<<10)
	} else {
		c.br.Reset(&c.counter)
	}
	return nil
}

func (c *loadConn) close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}

// errorKind is timeout for a deadline, fallback for anything else that broke
// the connection (refused, reset, closed mid-response).
func errorKind(err error, fallback string) string {
	var ne net.Error
	if errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return ErrTimeout
	}
	return fallback
}

type countingReader struct {
	r interface{ Read([]byte) (int, error) }
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
