package driver

import (
	"fmt"
	"net/url"
	"strconv"

	"soapbench.dev/workers/internal/samples"
)

// wireRequest is one sample request as the bytes sent on the connection,
// built once so that sending it allocates nothing.
type wireRequest struct {
	bytes []byte
	// op is the index of the request's operation in the run's names.
	op int
}

// target is where requests go.
type target struct {
	addr string // host:port to dial
	host string // Host header
	path string // request target
}

func parseTarget(endpoint string) (target, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return target{}, fmt.Errorf("endpoint %q: %v", endpoint, err)
	}
	if u.Scheme != "http" {
		return target{}, fmt.Errorf("endpoint %q: only http:// is supported", endpoint)
	}
	addr := u.Host
	if u.Port() == "" {
		addr += ":80"
	}
	return target{addr: addr, host: u.Host, path: u.RequestURI()}, nil
}

func buildWireRequest(t target, s samples.Sample, keepAlive bool) wireRequest {
	body := s.Body()
	b := make([]byte, 0, 256+len(body))
	b = append(b, "POST "...)
	b = append(b, t.path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, t.host...)
	b = append(b, "\r\n"...)
	for k, vs := range s.Headers() {
		for _, v := range vs {
			b = append(b, k...)
			b = append(b, ": "...)
			b = append(b, v...)
			b = append(b, "\r\n"...)
		}
	}
	b = append(b, "Content-Length: "...)
	b = strconv.AppendInt(b, int64(len(body)), 10)
	b = append(b, "\r\n"...)
	if !keepAlive {
		b = append(b, "Connection: close\r\n"...)
	}
	b = append(b, "\r\n"...)
	b = append(b, body...)
	return wireRequest{bytes: b}
}
