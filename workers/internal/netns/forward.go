package netns

import (
	"context"
	"io"
	"net"
	"sync"
	"time"
)

// Forwarder accepts connections on a port of the host's loopback and joins
// each to an address inside a namespace: for a tool of the worker that runs
// on the host (the security checker) but must reach a server that listens in
// a namespace of its own. It listens on 127.0.0.1 only.
type Forwarder struct {
	ln     net.Listener
	ns     *Namespace
	target string
	wg     sync.WaitGroup
	mu     sync.Mutex
	conns  map[net.Conn]struct{}
}

// dialTimeout bounds connecting to the target inside the namespace.
const dialTimeout = 10 * time.Second

// Forward starts forwarding to target (host:port) inside n (nil: the host's).
func (n *Namespace) Forward(target string) (*Forwarder, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	f := &Forwarder{ln: ln, ns: n, target: target, conns: map[net.Conn]struct{}{}}
	f.wg.Add(1)
	go f.accept()
	return f, nil
}

// Addr is the host loopback address (host:port) that reaches the target.
func (f *Forwarder) Addr() string { return f.ln.Addr().String() }

// Close stops accepting, closes every forwarded connection and waits for
// their copies to end.
func (f *Forwarder) Close() error {
	err := f.ln.Close()
	f.mu.Lock()
	for c := range f.conns {
		c.Close()
	}
	f.mu.Unlock()
	f.wg.Wait()
	return err
}

func (f *Forwarder) accept() {
	defer f.wg.Done()
	for {
		in, err := f.ln.Accept()
		if err != nil {
			return
		}
		f.wg.Add(1)
		go f.join(in)
	}
}

// track registers c so that Close can end it.
func (f *Forwarder) track(c net.Conn) {
	f.mu.Lock()
	f.conns[c] = struct{}{}
	f.mu.Unlock()
}

func (f *Forwarder) untrack(c net.Conn) {
	f.mu.Lock()
	delete(f.conns, c)
	f.mu.Unlock()
	c.Close()
}

func (f *Forwarder) join(in net.Conn) {
	defer f.wg.Done()
	f.track(in)
	defer f.untrack(in)
	ctx, cancel := context.WithTimeout(context.Background(), dialTimeout)
	out, err := f.ns.DialContext(ctx, "tcp", f.target)
	cancel()
	if err != nil {
		return
	}
	f.track(out)
	defer f.untrack(out)
	done := make(chan struct{}, 2)
	copyHalf := func(dst, src net.Conn) {
		io.Copy(dst, src)
		// Tell the other side that this direction is over, as a proxy must
		// for a peer that waits for the end of the request or the answer.
		if tc, ok := dst.(*net.TCPConn); ok {
			tc.CloseWrite()
		}
		done <- struct{}{}
	}
	go copyHalf(out, in)
	go copyHalf(in, out)
	<-done
	<-done
}
