// Package netns lets the worker make sockets inside a sandboxed server's
// network namespace, which holds nothing but its own loopback: the driver and
// the verifier reach the server there, while the server reaches nothing of
// the host's.
//
// A namespace is entered per OS thread (setns), and Go moves goroutines
// between threads, so every entry happens on a locked thread. A socket keeps
// the namespace it was made in for its whole life, whichever thread uses it
// later. A thread that entered and could not return to the host's namespace
// is never unlocked: Go then ends it with its goroutine, so no other
// goroutine ever runs inside the sandbox's namespace by accident. (Ending a
// thread also kills the children it started with a parent-death signal,
// as bubblewrap's --die-with-parent is: the runner starts them from a thread
// that never ends.)
package netns

import (
	"context"
	"fmt"
	"net"
	"os"
	"runtime"
	"sync"

	"golang.org/x/sys/unix"
)

// Namespace is a network namespace held open by a file descriptor, so that
// it outlives the process it was opened from.
type Namespace struct {
	f *os.File
}

// Open holds the network namespace at path, e.g. /proc/PID/ns/net.
func Open(path string) (*Namespace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("network namespace: %v", err)
	}
	return &Namespace{f: f}, nil
}

// Close releases the namespace; sockets made in it keep working.
func (n *Namespace) Close() error {
	if n == nil {
		return nil
	}
	return n.f.Close()
}

// File is the namespace's descriptor, to hand to a child (nsenter --net).
func (n *Namespace) File() *os.File { return n.f }

var (
	hostOnce sync.Once
	host     *os.File
	hostErr  error
)

// hostNamespace is the worker's own namespace: the main thread's, which
// never enters another.
func hostNamespace() (*os.File, error) {
	hostOnce.Do(func() {
		host, hostErr = os.Open(fmt.Sprintf("/proc/%d/task/%d/ns/net", os.Getpid(), os.Getpid()))
	})
	return host, hostErr
}

func setns(f *os.File) error {
	if err := unix.Setns(int(f.Fd()), unix.CLONE_NEWNET); err != nil {
		return fmt.Errorf("setns: %v", err)
	}
	return nil
}

// Do runs fn on a thread inside the namespace and returns its error; a nil
// Namespace runs fn where the caller is. fn must not start goroutines that
// make sockets: they would run on other threads, in the host's namespace.
func (n *Namespace) Do(fn func() error) error {
	if n == nil {
		return fn()
	}
	home, err := hostNamespace()
	if err != nil {
		return fmt.Errorf("network namespace: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := setns(n.f); err != nil {
			// The thread may be half-moved: let it die with this goroutine.
			done <- fmt.Errorf("network namespace: %v", err)
			return
		}
		err := fn()
		if setns(home) == nil {
			runtime.UnlockOSThread()
		}
		done <- err
	}()
	return <-done
}

// Enter locks the calling goroutine to its thread and moves the thread into
// the namespace, for an event loop that makes sockets all along; leave
// brings the thread back and unlocks it. A thread that cannot come back
// stays locked, and Go ends it with its goroutine. A nil Namespace enters
// nothing.
func (n *Namespace) Enter() (leave func(), err error) {
	if n == nil {
		return func() {}, nil
	}
	home, err := hostNamespace()
	if err != nil {
		return nil, fmt.Errorf("network namespace: %v", err)
	}
	runtime.LockOSThread()
	if err := setns(n.f); err != nil {
		return func() {}, fmt.Errorf("network namespace: %v", err)
	}
	return func() {
		if setns(home) == nil {
			runtime.UnlockOSThread()
		}
	}, nil
}

// DialContext dials inside the namespace; the connection then works from
// any goroutine. It fits http.Transport.DialContext. A name is resolved in
// the host's namespace first, and one address is dialled: Go's resolver and
// its dual-stack racing run in goroutines of their own, on other threads.
func (n *Namespace) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	if n == nil {
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}
	hostName, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if net.ParseIP(hostName) == nil {
		ips, err := net.DefaultResolver.LookupIPAddr(ctx, hostName)
		if err != nil {
			return nil, err
		}
		if len(ips) == 0 {
			return nil, fmt.Errorf("%s has no address", hostName)
		}
		addr = net.JoinHostPort(ips[0].IP.String(), port)
	}
	var conn net.Conn
	d := net.Dialer{FallbackDelay: -1}
	err = n.Do(func() (err error) {
		conn, err = d.DialContext(ctx, network, addr)
		return err
	})
	return conn, err
}
