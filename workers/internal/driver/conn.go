package driver

import (
	"bufio"
	"errors"
	"net"
	"os"
	"time"
)

// loadConn is one connection of a load model and its own counters; only its
// goroutine touches it until the run is over.
type loadConn struct {
	target    target
	reqs      []wireRequest
	next      int
	keepAlive bool
	timeout   time.Duration
	check     Check

	conn net.Conn
	// deadline is the connection's current read/write deadline.
	deadline time.Time
	counter  countingReader
	br       *bufio.Reader
	resp     response

	ok   int64
	sent int64
	errs map[string]int64
}

func newLoadConn(t target, reqs []wireRequest, offset int, p Plan) *loadConn {
	return &loadConn{target: t, reqs: reqs, next: offset % len(reqs), keepAlive: p.KeepAlive,
		timeout: p.RequestTimeout, check: p.Check, errs: map[string]int64{}}
}

// nextRequest is the connection's next request of the cycled sequence.
func (c *loadConn) nextRequest() wireRequest {
	req := c.reqs[c.next]
	c.next++
	if c.next == len(c.reqs) {
		c.next = 0
	}
	return req
}

// do sends one request at start and files its outcome: it returns when the
// answer was complete and whether it was correct; a failure is counted by
// kind here and never reaches latency.
func (c *loadConn) do(req wireRequest, start time.Time) (time.Time, bool) {
	if c.conn == nil {
		if err := c.dial(); err != nil {
			c.errs[errorKind(err, ErrConnect)]++
			return time.Time{}, false
		}
	}
	// Moving the deadline costs a timer update per request (3% of the
	// driver's CPU in a profile): it is moved only when this request would
	// get less than the timeout, and then with a quarter's slack.
	if due := start.Add(c.timeout); c.deadline.Before(due) {
		c.deadline = due.Add(c.timeout / 4)
		_ = c.conn.SetDeadline(c.deadline)
	}
	n, err := c.conn.Write(req.bytes)
	c.sent += int64(n)
	if err == nil {
		err = readResponse(c.br, &c.resp)
	}
	if err != nil {
		c.errs[errorKind(err, ErrConnect)]++
		c.close()
		return time.Time{}, false
	}
	end := time.Now()
	kind := c.judge()
	if c.resp.closeConn || !c.keepAlive {
		c.close()
	}
	if kind != "" {
		c.errs[kind]++
		return end, false
	}
	c.ok++
	return end, true
}

// judge is the error kind of the response just read, "" when it is correct.
// A Fault is a fault whatever the status: SOAP 1.1 sends faults with 500.
func (c *loadConn) judge() string {
	switch {
	case isFault(c.resp.body):
		return ErrSOAPFault
	case c.resp.status != 200:
		return ErrHTTPStatus
	case c.check != nil && !c.check.OK(c.resp.body):
		return ErrContent
	}
	return ""
}

func (c *loadConn) dial() error {
	conn, err := net.DialTimeout("tcp", c.target.addr, c.timeout)
	if err != nil {
		return err
	}
	c.conn = conn
	c.deadline = time.Time{}
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
