package driver

import (
	"errors"
	"io"
	"testing"
)

func TestParseResponseWaitsForEveryByte(t *testing.T) {
	tests := []struct {
		name      string
		wire      string
		status    int
		body      string
		closeConn bool
		// byEOF: the body has no length, so only the peer's close ends it.
		byEOF bool
	}{
		{"content-length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", 200, "hello", false, false},
		{"header names in any case", "HTTP/1.1 500 Error\r\ncontent-LENGTH: 2\r\nCONNECTION: close\r\n\r\nno", 500, "no", true, false},
		{"chunked with extension and trailer", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\nA\r\n0123456789\r\n0\r\nTrailer: t\r\n\r\n", 200, "abc0123456789", false, false},
		{"HTTP/1.0 closes", "HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx", 200, "x", true, false},
		{"HTTP/1.0 kept alive", "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 1\r\n\r\nx", 200, "x", false, false},
		{"no body on 204", "HTTP/1.1 204 No Content\r\n\r\n", 204, "", false, false},
		{"body to the end", "HTTP/1.1 200 OK\r\n\r\nuntil close", 200, "until close", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wire := []byte(tt.wire)
			// Every proper prefix is one the response may arrive in.
			for i := range len(wire) {
				var resp response
				if _, err := parseResponse(wire[:i], false, &resp); err != errIncomplete {
					t.Fatalf("first %d bytes: err %v, want errIncomplete", i, err)
				}
			}
			var resp response
			n, err := parseResponse(wire, tt.byEOF, &resp)
			if err != nil {
				t.Fatalf("whole response: %v", err)
			}
			if n != len(wire) || resp.status != tt.status || string(resp.body) != tt.body || resp.closeConn != tt.closeConn {
				t.Errorf("took %d of %d bytes, status %d, body %q, close %v; want status %d, body %q, close %v",
					n, len(wire), resp.status, resp.body, resp.closeConn, tt.status, tt.body, tt.closeConn)
			}
		})
	}
}

func TestParseResponseTakesOneOfTwo(t *testing.T) {
	first := "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\none"
	wire := []byte(first + "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\ntwo")
	var resp response
	n, err := parseResponse(wire, false, &resp)
	if err != nil || n != len(first) || string(resp.body) != "one" {
		t.Fatalf("took %d bytes (want %d), body %q, err %v", n, len(first), resp.body, err)
	}
	if _, err := parseResponse(wire[n:], false, &resp); err != nil || string(resp.body) != "two" {
		t.Errorf("second: body %q, err %v", resp.body, err)
	}
}

func TestParseResponseRejects(t *testing.T) {
	tests := []struct {
		name string
		wire string
		eof  bool
		want error
	}{
		{"not HTTP", "SSH-2.0-OpenSSH\r\n\r\n", false, errMalformed},
		{"status not a number", "HTTP/1.1 2x0 OK\r\n\r\n", false, errMalformed},
		{"header without colon", "HTTP/1.1 200 OK\r\nbroken\r\n\r\n", false, errMalformed},
		{"bad length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", false, errMalformed},
		{"bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", false, errMalformed},
		{"closed before the body's end", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", true, io.ErrUnexpectedEOF},
		{"closed inside the headers", "HTTP/1.1 200 OK\r\nContent-Le", true, io.ErrUnexpectedEOF},
	}
	for _, tt := range tests {
		var resp response
		if _, err := parseResponse([]byte(tt.wire), tt.eof, &resp); !errors.Is(err, tt.want) {
			t.Errorf("%s: err %v, want %v", tt.name, err, tt.want)
		}
	}
}
