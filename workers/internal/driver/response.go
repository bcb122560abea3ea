package driver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// response is what the driver needs from an HTTP response; the body is read
// into a buffer that the connection reuses.
type response struct {
	status    int
	body      []byte
	closeConn bool
}

var errMalformed = errors.New("malformed HTTP response")

// readResponse reads one HTTP/1.1 response from br into resp, reusing resp.body.
func readResponse(br *bufio.Reader, resp *response) error {
	line, err := br.ReadSlice('\n')
	if err != nil {
		return err
	}
	// "HTTP/1.1 200 OK"
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return errMalformed
	}
	status := 0
	for _, c := range line[9:12] {
		if c < '0' || c > '9' {
			return errMalformed
		}
		status = status*10 + int(c-'0')
	}
	resp.status = status
	resp.closeConn = line[7] == '0'
	contentLength := -1
	chunked := false
	for {
		line, err = br.ReadSlice('\n')
		if err != nil {
			return err
		}
		if len(line) <= 2 {
			break
		}
		name, value, ok := splitHeader(line)
		if !ok {
			return errMalformed
		}
		switch {
		case asciiEqualFold(name, "content-length"):
			contentLength = parseDecimal(value)
			if contentLength < 0 {
				return errMalformed
			}
		case asciiEqualFold(name, "transfer-encoding"):
			chunked = bytes.Contains(bytes.ToLower(value), []byte("chunked"))
		case asciiEqualFold(name, "connection"):
			if asciiEqualFold(value, "close") {
				resp.closeConn = true
			} else if asciiEqualFold(value, "keep-alive") {
				resp.closeConn = false
			}
		}
	}
	resp.body = resp.body[:0]
	switch {
	case status == 204 || status == 304 || (status >= 100 && status < 200):
		return nil
	case chunked:
		return readChunked(br, resp)
	case contentLength >= 0:
		resp.body = grow(resp.body, contentLength)
		_, err = io.ReadFull(br, resp.body)
		return err
	default:
		resp.closeConn = true
		return readToEOF(br, resp)
	}
}

func readChunked(br *bufio.Reader, resp *response) error {
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return err
		}
		size := parseHex(line)
		if size < 0 {
			return fmt.Errorf("%w: chunk size %q", errMalformed, bytes.TrimSpace(line))
		}
		if size == 0 {
			// Trailers end with an empty line.
			for {
				line, err = br.ReadSlice('\n')
				if err != nil {
					return err
				}
				if len(line) <= 2 {
					return nil
				}
			}
		}
		start := len(resp.body)
		resp.body = grow(resp.body, start+size)
		if _, err := io.ReadFull(br, resp.body[start:]); err != nil {
			return err
		}
		if _, err := br.Discard(2); err != nil {
			return err
		}
	}
}

func readToEOF(br *bufio.Reader, resp *response) error {
	for {
		if len(resp.body) == cap(resp.body) {
			resp.body = append(resp.body, 0)[:len(resp.body)]
		}
		n, err := br.Read(resp.body[len(resp.body):cap(resp.body)])
		resp.body = resp.body[:len(resp.body)+n]
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// grow returns b with length n, keeping its array when it is large enough.
func grow(b []byte, n int) []byte {
	if cap(b) >= n {
		return b[:n]
	}
	nb := make([]byte, n, n+n/4)
	copy(nb, b)
	return nb
}

func splitHeader(line []byte) (name, value []byte, ok bool) {
	i := bytes.IndexByte(line, ':')
	if i <= 0 {
		return nil, nil, false
	}
	return line[:i], bytes.TrimSpace(line[i+1:]), true
}

func asciiEqualFold(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i := range len(b) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

func parseDecimal(b []byte) int {
	if len(b) == 0 || len(b) > 12 {
		return -1
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// parseHex reads a chunk-size line, ignoring chunk extensions.
func parseHex(line []byte) int {
	line = bytes.TrimSpace(line)
	if i := bytes.IndexByte(line, ';'); i >= 0 {
		line = bytes.TrimSpace(line[:i])
	}
	if len(line) == 0 || len(line) > 8 {
		return -1
	}
	n := 0
	for _, c := range line {
		switch {
		case '0' <= c && c <= '9':
			n = n<<4 | int(c-'0')
		case 'a' <= c && c <= 'f':
			n = n<<4 | int(c-'a'+10)
		case 'A' <= c && c <= 'F':
			n = n<<4 | int(c-'A'+10)
		default:
			return -1
		}
	}
	return n
}
