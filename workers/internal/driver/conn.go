package driver

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"time"

	"soapbench.dev/workers/internal/netns"
)

// connTally is what one connection counted; only its owner touches it until
// the run is over.
type connTally struct {
	ok       int64
	sent     int64
	received int64
	errs     map[string]int64
	// op is the operation of the request in flight, ops the counts per
	// operation when the run has several.
	op  int
	ops opTally
}

func newConnTally(operations int) connTally {
	return connTally{errs: map[string]int64{}, ops: newOpTally(operations)}
}

// failed counts the request in flight as failed by kind.
func (t *connTally) failed(kind string) {
	t.errs[kind]++
	if t.ops.errs != nil {
		t.ops.errs[t.op][kind]++
	}
}

// succeeded counts the request in flight as answered correctly.
func (t *connTally) succeeded() {
	t.ok++
	if t.ops.ok != nil {
		t.ops.ok[t.op]++
	}
}

// requestCycle hands out a connection's requests: the sequence in order,
// from the connection's own offset, round and round.
type requestCycle struct {
	reqs []wireRequest
	next int
}

func newRequestCycle(reqs []wireRequest, offset int) requestCycle {
	return requestCycle{reqs: reqs, next: offset % len(reqs)}
}

func (c *requestCycle) nextRequest() wireRequest {
	req := c.reqs[c.next]
	c.next++
	if c.next == len(c.reqs) {
		c.next = 0
	}
	return req
}

// judge is the error kind of a response, "" when it is correct. A Fault is a
// fault whatever the status: SOAP 1.1 sends faults with 500.
func judge(resp *response, check Check) string {
	switch {
	case isFault(resp.body):
		return ErrSOAPFault
	case resp.status != 200:
		return ErrHTTPStatus
	case check != nil && !check.OK(resp.body):
		return ErrContent
	}
	return ""
}

// loadConn is one blocking connection, driven by its own goroutine: the open
// model's, whose requests wait for their intended time.
type loadConn struct {
	requestCycle
	connTally
	target    target
	net       *netns.Namespace
	keepAlive bool
	timeout   time.Duration
	check     Check

	conn net.Conn
	// deadline is the connection's current read/write deadline.
	deadline time.Time
	in       inbox
}

func newLoadConn(t target, reqs []wireRequest, operations []string, offset int, p Plan) *loadConn {
	return &loadConn{requestCycle: newRequestCycle(reqs, offset), connTally: newConnTally(len(operations)),
		target: t, net: p.Net, keepAlive: p.KeepAlive, timeout: p.RequestTimeout, check: p.Check}
}

// do sends one request at start and files its outcome: it returns when the
// answer was complete and whether it was correct; a failure is counted by
// kind here and never reaches latency.
func (c *loadConn) do(req wireRequest, start time.Time) (time.Time, bool) {
	c.op = req.op
	if c.conn == nil {
		if err := c.dial(); err != nil {
			c.failed(errorKind(err, ErrConnect))
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
		err = c.readResponse()
	}
	if err != nil {
		c.failed(errorKind(err, ErrConnect))
		c.close()
		return time.Time{}, false
	}
	end := time.Now()
	kind := judge(&c.in.resp, c.check)
	if c.in.resp.closeConn || !c.keepAlive {
		c.close()
	}
	if kind != "" {
		c.failed(kind)
		return end, false
	}
	c.succeeded()
	return end, true
}

// readResponse reads until the inbox holds a whole response.
func (c *loadConn) readResponse() error {
	for {
		err := c.in.parse(false)
		if err != errIncomplete {
			return err
		}
		k, err := c.conn.Read(c.in.space())
		c.in.added(k)
		c.received += int64(k)
		if err == io.EOF {
			return c.in.parse(true)
		}
		if err != nil {
			return err
		}
	}
}

func (c *loadConn) dial() error {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	conn, err := c.net.DialContext(ctx, "tcp", c.target.addr)
	if err != nil {
		return err
	}
	c.conn = conn
	c.deadline = time.Time{}
	c.in.reset()
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
