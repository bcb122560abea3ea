package runner

import (
	"fmt"
	"net"
	"sync"
)

var (
	usedPortsMu sync.Mutex
	usedPorts   = map[int]bool{}
)

// FreePort returns a loopback port that is free now and that this process
// has not handed out before: some servers do not set SO_REUSEADDR and fail
// to bind a port still in TIME_WAIT from the previous stack.
func FreePort() (int, error) {
	usedPortsMu.Lock()
	defer usedPortsMu.Unlock()
	for range 50 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if !usedPorts[port] {
			usedPorts[port] = true
			return port, nil
		}
	}
	return 0, fmt.Errorf("no fresh loopback port after 50 tries")
}
