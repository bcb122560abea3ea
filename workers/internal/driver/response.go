package driver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// response is what the driver needs from an HTTP response. body points into
// the connection's inbox (or, for a chunked body, into chunks) and is valid
// until the connection reads again.
type response struct {
	status    int
	body      []byte
	closeConn bool
	chunks    []byte
}

var (
	errMalformed = errors.New("malformed HTTP response")
	// errIncomplete says that more bytes must arrive before the response is whole.
	errIncomplete = errors.New("incomplete HTTP response")
)

// parseResponse parses one HTTP/1.1 response at the start of buf into resp
// and returns how many bytes it took. eof says that the peer closed the
// connection after buf, which ends a body that has no length. It works on
// bytes already read, so that blocking connections and the event loop share
// it; errIncomplete asks for more.
func parseResponse(buf []byte, eof bool, resp *response) (int, error) {
	line, pos, err := nextLine(buf, 0, eof)
	if err != nil {
		return 0, err
	}
	// "HTTP/1.1 200 OK"
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return 0, errMalformed
	}
	status := 0
	for _, c := range line[9:12] {
		if c < '0' || c > '9' {
			return 0, errMalformed
		}
		status = status*10 + int(c-'0')
	}
	resp.status = status
	resp.closeConn = line[7] == '0'
	contentLength := -1
	chunked := false
	for {
		line, pos, err = nextLine(buf, pos, eof)
		if err != nil {
			return 0, err
		}
		if len(line) <= 2 {
			break
		}
		name, value, ok := splitHeader(line)
		if !ok {
			return 0, errMalformed
		}
		switch {
		case asciiEqualFold(name, "content-length"):
			contentLength = parseDecimal(value)
			if contentLength < 0 {
				return 0, errMalformed
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
	switch {
	case status == 204 || status == 304 || (status >= 100 && status < 200):
		resp.body = buf[pos:pos]
		return pos, nil
	case chunked:
		return parseChunked(buf, pos, eof, resp)
	case contentLength >= 0:
		end := pos + contentLength
		if end > len(buf) {
			return 0, incomplete(eof)
		}
		resp.body = buf[pos:end]
		return end, nil
	default:
		// No length: the body runs to the end of the connection.
		if !eof {
			return 0, errIncomplete
		}
		resp.closeConn = true
		resp.body = buf[pos:]
		return len(buf), nil
	}
}

// parseChunked joins the chunks that start at pos into resp.chunks.
func parseChunked(buf []byte, pos int, eof bool, resp *response) (int, error) {
	resp.chunks = resp.chunks[:0]
	for {
		line, next, err := nextLine(buf, pos, eof)
		if err != nil {
			return 0, err
		}
		size := parseHex(line)
		if size < 0 {
			return 0, fmt.Errorf("%w: chunk size %q", errMalformed, bytes.TrimSpace(line))
		}
		pos = next
		if size == 0 {
			// Trailers end with an empty line.
			for {
				line, pos, err = nextLine(buf, pos, eof)
				if err != nil {
					return 0, err
				}
				if len(line) <= 2 {
					resp.body = resp.chunks
					return pos, nil
				}
			}
		}
		if pos+size+2 > len(buf) {
			return 0, incomplete(eof)
		}
		resp.chunks = append(resp.chunks, buf[pos:pos+size]...)
		pos += size + 2
	}
}

// nextLine is the line of buf that starts at pos, with its "\n", and where the
// next one starts.
func nextLine(buf []byte, pos int, eof bool) ([]byte, int, error) {
	i := bytes.IndexByte(buf[pos:], '\n')
	if i < 0 {
		return nil, 0, incomplete(eof)
	}
	end := pos + i + 1
	return buf[pos:end], end, nil
}

// incomplete is errIncomplete while more may arrive; after the peer closed,
// the response was cut short.
func incomplete(eof bool) error {
	if eof {
		return io.ErrUnexpectedEOF
	}
	return errIncomplete
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
