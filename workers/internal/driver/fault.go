package driver

import "bytes"

// isFault reports whether the first element inside the SOAP Body is a Fault.
// It scans bytes instead of parsing XML: it runs on every response.
func isFault(body []byte) bool {
	for i := 0; ; {
		j := bytes.Index(body[i:], []byte("Body"))
		if j < 0 {
			return false
		}
		j += i
		i = j + 4
		if j == 0 || (body[j-1] != ':' && body[j-1] != '<') || i >= len(body) {
			continue
		}
		if c := body[i]; c != '>' && c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			continue
		}
		// A closing </Body> tag is no start tag.
		k := bytes.LastIndexByte(body[:j], '<')
		if k >= 0 && k+1 < len(body) && body[k+1] == '/' {
			continue
		}
		end := bytes.IndexByte(body[i:], '>')
		if end < 0 {
			return false
		}
		return firstChildIsFault(body[i+end+1:])
	}
}

func firstChildIsFault(rest []byte) bool {
	rest = bytes.TrimLeft(rest, " \t\r\n")
	if len(rest) < 2 || rest[0] != '<' {
		return false
	}
	name := rest[1:]
	if n := bytes.IndexAny(name, " \t\r\n/>"); n >= 0 {
		name = name[:n]
	}
	if c := bytes.IndexByte(name, ':'); c >= 0 {
		name = name[c+1:]
	}
	return string(name) == "Fault"
}
