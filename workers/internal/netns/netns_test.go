package netns

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"
)

// sandboxNamespace starts a process in a network namespace of its own (as the
// sandbox gives a server) and holds that namespace.
func sandboxNamespace(t *testing.T) *Namespace {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("entering another network namespace needs root: the worker runs as root where it sandboxes")
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("unshare (util-linux) is not installed")
	}
	cmd := exec.Command("unshare", "--net", "sh", "-c", "ip link set lo up && echo up && exec sleep 60")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot make a network namespace here: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "up\n" {
		t.Skipf("cannot make a network namespace with a loopback here: %q %v", line, err)
	}
	path := fmt.Sprintf("/proc/%d/ns/net", cmd.Process.Pid)
	n, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

func TestSocketsMadeInsideDoNotReachTheHost(t *testing.T) {
	n := sandboxNamespace(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// The host's listener is not in the namespace: its loopback is another.
	if c, err := n.DialContext(ctx, "tcp", ln.Addr().String()); err == nil {
		c.Close()
		t.Fatal("a dial inside the namespace reached the host's loopback")
	}
	// The host's own dials are untouched by what Do did on other threads.
	for i := 0; i < 20; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatalf("dial %d from the host after entering: %v", i, err)
		}
		c.Close()
	}
}

func TestDialReachesAListenerInsideTheNamespace(t *testing.T) {
	n := sandboxNamespace(t)
	var ln net.Listener
	if err := n.Do(func() (err error) { ln, err = net.Listen("tcp", "127.0.0.1:0"); return err }); err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Write([]byte("hi"))
			c.Close()
		}
	}()
	c, err := n.DialContext(context.Background(), "tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	buf := make([]byte, 2)
	if _, err := c.Read(buf); err != nil || string(buf) != "hi" {
		t.Fatalf("read %q, %v", buf, err)
	}
	// The same port seen from the host is not that listener.
	if c2, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		c2.Close()
		t.Fatal("the namespace's listener was reachable from the host")
	}
}
