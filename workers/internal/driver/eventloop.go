package driver

import (
	"context"
	"fmt"
	"net"
	"runtime"
	"syscall"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/netns"
)

// The closed model drives its connections from event loops, as wrk does:
// each loop owns some non-blocking sockets and one epoll set, so a request
// costs one write and one read and no goroutine switch. With a goroutine per
// connection on Go's netpoller, the driver reached 0.85 of wrk's rate on two
// cores shared with the server: the scheduler's hand-offs took CPU the
// server needed.

// yieldEvery is how often a loop lets Go's scheduler run, well inside the
// 10 ms after which sysmon would take its P.
const yieldEvery = 5 * time.Millisecond

type connState uint8

const (
	stateRetired    connState = iota // the run has no more requests for it
	stateConnecting                  // a non-blocking connect is under way
	stateWriting                     // the request waits for room in the socket
	stateReading                     // the request was sent; its answer is awaited
)

// loopConn is one connection of an event loop.
type loopConn struct {
	requestCycle
	connTally
	id      int32
	fd      int // -1 while closed
	state   connState
	events  uint32 // what epoll watches for on fd
	req     []byte
	written int
	sentAt  time.Time
	in      inbox
}

// eventLoop runs its connections on one epoll set; only its own goroutine
// touches it until the run is over.
type eventLoop struct {
	epfd     int
	net      *netns.Namespace
	sockaddr syscall.Sockaddr
	family   int
	conns    []*loopConn
	events   []syscall.EpollEvent
	latency  *hdrhistogram.Histogram
	// opLatency is the latency per operation when the run has several.
	opLatency  opLatencies
	operations int
	keepAlive  bool
	timeout    time.Duration
	check      Check
	// more says whether another request may start at now; it is shared by
	// all loops of the run.
	more func(now time.Time) bool
	// live is the number of connections not yet retired.
	live int
	// answeredNow are the connections answered in this batch of events.
	answeredNow []*loopConn
}

func newEventLoop(sa syscall.Sockaddr, family int, p Plan, operations []string, more func(time.Time) bool) (*eventLoop, error) {
	epfd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("event loop: epoll_create: %v", err)
	}
	return &eventLoop{epfd: epfd, net: p.Net, sockaddr: sa, family: family, events: make([]syscall.EpollEvent, 64),
		latency: newHistogram(), opLatency: newOpLatencies(len(operations)), operations: len(operations), keepAlive: p.KeepAlive, timeout: p.RequestTimeout, check: p.Check, more: more}, nil
}

func (l *eventLoop) add(reqs []wireRequest, offset int) {
	l.conns = append(l.conns, &loopConn{requestCycle: newRequestCycle(reqs, offset), connTally: newConnTally(l.operations),
		id: int32(len(l.conns)), fd: -1})
}

// run starts every connection's first request and handles readiness until
// every connection is retired or ctx ends.
func (l *eventLoop) run(ctx context.Context) error {
	defer l.shut()
	// The loop's thread stays in the server's namespace for the whole run:
	// one entry per run, nothing per connection.
	leave, err := l.net.Enter()
	defer leave()
	if err != nil {
		return err
	}
	l.live = len(l.conns)
	for _, c := range l.conns {
		l.next(c, time.Now())
	}
	// The wait is bounded so that timeouts and ctx are noticed.
	wait := int(min(max(l.timeout/4, time.Millisecond), 100*time.Millisecond) / time.Millisecond)
	lastSweep := time.Now()
	lastYield := lastSweep
	for l.live > 0 {
		select {
		case <-ctx.Done():
			return nil
		default:
		}
		n, err := syscall.EpollWait(l.epfd, l.events, wait)
		if err != nil && err != syscall.EINTR {
			return fmt.Errorf("event loop: epoll_wait: %v", err)
		}
		for _, ev := range l.events[:max(n, 0)] {
			l.ready(l.conns[ev.Fd])
		}
		// The next requests go out after the whole batch was read, as
		// wrk's do: the server then finds several requests per wake-up.
		// Sending each at once measured 0.93 of wrk's rate, not 0.99.
		for _, c := range l.answeredNow {
			l.next(c, time.Now())
		}
		l.answeredNow = l.answeredNow[:0]
		now := time.Now()
		if now.Sub(lastSweep) >= time.Duration(wait)*time.Millisecond {
			l.sweep(now)
			lastSweep = now
		}
		// sysmon also takes the P of a goroutine that has not been
		// rescheduled for 10 ms, system call or not; a yield now and then
		// shows it the loop is alive (see procs.go).
		if now.Sub(lastYield) >= yieldEvery {
			runtime.Gosched()
			lastYield = now
		}
	}
	return nil
}

// ready carries c on after epoll reported its socket.
func (l *eventLoop) ready(c *loopConn) {
	switch c.state {
	case stateConnecting:
		if errno, err := syscall.GetsockoptInt(c.fd, syscall.SOL_SOCKET, syscall.SO_ERROR); err != nil || errno != 0 {
			l.fail(c, ErrConnect)
			return
		}
		fallthrough
	case stateWriting:
		if !l.write(c) {
			l.next(c, time.Now())
		}
	case stateReading:
		l.read(c)
	}
}

// next starts c's next request, or retires c when the run has no more. A
// request that fails at once is counted and the next one tried, in this loop
// rather than by recursion: a refused port fails every request of the run.
// A retired connection is closed at once: epoll would otherwise keep
// reporting it should the server close it, and nothing would read it.
func (l *eventLoop) next(c *loopConn, now time.Time) {
	for l.more(now) {
		if l.start(c, now) {
			return
		}
		now = time.Now()
	}
	l.closeSocket(c)
	c.state = stateRetired
	l.live--
}

// start sends c's next request, on a new connection when c has none; false
// when it failed at once (counted).
func (l *eventLoop) start(c *loopConn, now time.Time) bool {
	c.sentAt = now
	req := c.nextRequest()
	c.req, c.op = req.bytes, req.op
	c.written = 0
	if c.fd < 0 {
		if err := l.connect(c); err != nil {
			l.drop(c, ErrConnect)
			return false
		}
		if c.state == stateConnecting {
			return true
		}
	}
	return l.write(c)
}

// connect opens c's socket without blocking; c is then writing, or
// connecting until epoll reports the outcome.
func (l *eventLoop) connect(c *loopConn) error {
	fd, err := syscall.Socket(l.family, syscall.SOCK_STREAM|syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	c.fd = fd
	c.events = 0
	c.in.reset()
	// As Go's own TCP connections: a request is never held back for coalescing.
	_ = syscall.SetsockoptInt(fd, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
	err = syscall.Connect(fd, l.sockaddr)
	switch err {
	case nil:
		return l.watch(c, syscall.EPOLLIN)
	case syscall.EINPROGRESS:
		c.state = stateConnecting
		return l.watch(c, syscall.EPOLLOUT)
	default:
		return err
	}
}

// watch makes epoll report events on c's socket.
func (l *eventLoop) watch(c *loopConn, events uint32) error {
	if c.events == events {
		return nil
	}
	op := syscall.EPOLL_CTL_MOD
	if c.events == 0 {
		op = syscall.EPOLL_CTL_ADD
	}
	c.events = events
	return syscall.EpollCtl(l.epfd, op, c.fd, &syscall.EpollEvent{Events: events, Fd: c.id})
}

// write sends what is left of c's request; when the socket is full it waits
// for epoll to report room. false when the connection failed (counted).
func (l *eventLoop) write(c *loopConn) bool {
	for c.written < len(c.req) {
		n, err := syscall.Write(c.fd, c.req[c.written:])
		if n > 0 {
			c.written += n
			c.sent += int64(n)
		}
		switch err {
		case nil, syscall.EINTR:
		case syscall.EAGAIN:
			c.state = stateWriting
			return l.watchOrDrop(c, syscall.EPOLLIN|syscall.EPOLLOUT)
		default:
			l.drop(c, ErrConnect)
			return false
		}
	}
	c.state = stateReading
	return l.watchOrDrop(c, syscall.EPOLLIN)
}

func (l *eventLoop) watchOrDrop(c *loopConn, events uint32) bool {
	if l.watch(c, events) != nil {
		l.drop(c, ErrConnect)
		return false
	}
	return true
}

// read takes what arrived on c's socket and finishes the request once the
// response is whole.
func (l *eventLoop) read(c *loopConn) {
	for {
		buf := c.in.space()
		n, err := syscall.Read(c.fd, buf)
		switch err {
		case nil:
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return
		default:
			l.fail(c, ErrConnect)
			return
		}
		c.in.added(n)
		c.received += int64(n)
		switch err := c.in.parse(n == 0); {
		case err == nil:
			l.answered(c, time.Now())
			return
		case err != errIncomplete:
			l.fail(c, ErrConnect)
			return
		case n < len(buf):
			return // the rest has not arrived yet
		}
	}
}

// answered files the whole response in c's inbox and starts the next request.
func (l *eventLoop) answered(c *loopConn, end time.Time) {
	if kind := judge(&c.in.resp, l.check); kind != "" {
		c.failed(kind)
	} else {
		c.succeeded()
		recordLatency(l.latency, end.Sub(c.sentAt))
		if l.opLatency != nil {
			recordLatency(l.opLatency[c.op], end.Sub(c.sentAt))
		}
	}
	if c.in.resp.closeConn || !l.keepAlive {
		l.closeSocket(c)
	}
	l.answeredNow = append(l.answeredNow, c)
}

// fail counts c's request as failed by kind, drops its connection, and
// starts the next request on a new one.
func (l *eventLoop) fail(c *loopConn, kind string) {
	l.drop(c, kind)
	l.next(c, time.Now())
}

// drop counts c's request as failed by kind and closes its connection.
func (l *eventLoop) drop(c *loopConn, kind string) {
	c.failed(kind)
	l.closeSocket(c)
}

// sweep fails the requests that have waited longer than the timeout.
func (l *eventLoop) sweep(now time.Time) {
	for _, c := range l.conns {
		if c.state != stateRetired && now.Sub(c.sentAt) >= l.timeout {
			l.fail(c, ErrTimeout)
		}
	}
}

func (l *eventLoop) closeSocket(c *loopConn) {
	if c.fd >= 0 {
		// Closing the socket also takes it out of the epoll set.
		syscall.Close(c.fd)
		c.fd = -1
		c.events = 0
	}
}

func (l *eventLoop) shut() {
	for _, c := range l.conns {
		l.closeSocket(c)
	}
	syscall.Close(l.epfd)
}

// socketAddress resolves the target once, for every connection of the run.
func socketAddress(t target) (syscall.Sockaddr, int, error) {
	a, err := net.ResolveTCPAddr("tcp", t.addr)
	if err != nil {
		return nil, 0, fmt.Errorf("endpoint %s: %v", t.addr, err)
	}
	if ip4 := a.IP.To4(); ip4 != nil {
		sa := &syscall.SockaddrInet4{Port: a.Port}
		copy(sa.Addr[:], ip4)
		return sa, syscall.AF_INET, nil
	}
	sa := &syscall.SockaddrInet6{Port: a.Port}
	copy(sa.Addr[:], a.IP.To16())
	return sa, syscall.AF_INET6, nil
}
