package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Check is a content check applied to every answer's body; OK must be safe
// for concurrent use.
type Check interface {
	OK(body []byte) bool
}

// XPathCount checks that an XPath selects exactly a given number of
// elements. It reads the subset of XPath that counting needs: location
// paths of element names with child ('/') and descendant ('//') steps and
// the '*' wildcard. Names match local names; prefixes are ignored.
type XPathCount struct {
	expr   string
	steps  []xpathStep
	equals int
}

type xpathStep struct {
	descendant bool
	name       string // local name, or "*"
}

// NewXPathCount parses expr; equals is the count every answer must give.
func NewXPathCount(expr string, equals int) (*XPathCount, error) {
	if !strings.HasPrefix(expr, "/") {
		return nil, fmt.Errorf("xpath %q: only absolute paths ('/a/b' or '//b') are supported", expr)
	}
	var steps []xpathStep
	rest := expr
	for rest != "" {
		s := xpathStep{}
		switch {
		case strings.HasPrefix(rest, "//"):
			s.descendant, rest = true, rest[2:]
		case strings.HasPrefix(rest, "/"):
			rest = rest[1:]
		}
		name := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			name, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		if _, local, ok := strings.Cut(name, ":"); ok {
			name = local
		}
		if name == "" || strings.ContainsAny(name, "[]()@=' \"") {
			return nil, fmt.Errorf("xpath %q: step %q is not an element name (predicates, attributes and functions are not supported)", expr, name)
		}
		s.name = name
		steps = append(steps, s)
	}
	if equals < 0 {
		return nil, fmt.Errorf("xpath %q: count %d is negative", expr, equals)
	}
	return &XPathCount{expr: expr, steps: steps, equals: equals}, nil
}

// OK reports whether body is XML in which the path selects exactly the
// expected number of elements.
func (x *XPathCount) OK(body []byte) bool {
	n, err := x.Count(body)
	return err == nil && n == x.equals
}

// Count is the number of elements of body the path selects.
func (x *XPathCount) Count(body []byte) (int, error) {
	dec := xml.NewDecoder(bytes.NewReader(body))
	var path []string
	n := 0
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return 0, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			path = append(path, t.Name.Local)
			if selects(x.steps, path) {
				n++
			}
		case xml.EndElement:
			if len(path) == 0 {
				return 0, fmt.Errorf("unbalanced end tag </%s>", t.Name.Local)
			}
			path = path[:len(path)-1]
		}
	}
}

// selects reports whether steps select the element whose ancestry is path
// (the root first, the element last).
func selects(steps []xpathStep, path []string) bool {
	if len(steps) == 0 {
		return len(path) == 0
	}
	if len(path) == 0 {
		return false
	}
	last := steps[len(steps)-1]
	if last.name != "*" && last.name != path[len(path)-1] {
		return false
	}
	rest, up := steps[:len(steps)-1], path[:len(path)-1]
	if !last.descendant {
		return selects(rest, up)
	}
	for i := len(up); i >= 0; i-- {
		if selects(rest, up[:i]) {
			return true
		}
	}
	return false
}

// BodyDigest checks that the canonical form of the SOAP Body's content has
// a given SHA-256 digest.
type BodyDigest struct {
	want string
}

// NewBodyDigest takes the expected digest as 64 hex digits.
func NewBodyDigest(sha256Hex string) (*BodyDigest, error) {
	b, err := hex.DecodeString(sha256Hex)
	if err != nil || len(b) != sha256.Size {
		return nil, fmt.Errorf("body digest %q: want 64 hex digits of SHA-256", sha256Hex)
	}
	return &BodyDigest{want: strings.ToLower(sha256Hex)}, nil
}

// OK reports whether body's canonical Body content has the expected digest.
func (d *BodyDigest) OK(body []byte) bool {
	got, err := BodySHA256(body)
	return err == nil && got == d.want
}

// BodySHA256 is the hex SHA-256 of CanonicalBody(envelope).
func BodySHA256(envelope []byte) (string, error) {
	c, err := CanonicalBody(envelope)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(c)
	return hex.EncodeToString(sum[:]), nil
}

// CanonicalBody writes the content of the envelope's SOAP Body in a form
// that stacks cannot vary: each element as "<{namespace}local" with its
// attributes sorted as ` {namespace}name="value"` (namespace declarations
// and xsi:type left out), ">", its text with surrounding whitespace trimmed
// and its children, then "</>". Prefixes and formatting do not matter.
func CanonicalBody(envelope []byte) ([]byte, error) {
	dec := xml.NewDecoder(bytes.NewReader(envelope))
	var out bytes.Buffer
	depth, bodyDepth := 0, -1
	var text bytes.Buffer
	flush := func() {
		out.Write(bytes.TrimSpace(text.Bytes()))
		text.Reset()
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if bodyDepth < 0 {
				if t.Name.Local == "Body" && (t.Name.Space == soap11NS || t.Name.Space == soap12NS) {
					bodyDepth = depth
				}
				continue
			}
			flush()
			out.WriteString("<{" + t.Name.Space + "}" + t.Name.Local)
			writeAttrs(&out, t.Attr)
			out.WriteByte('>')
		case xml.EndElement:
			if bodyDepth >= 0 && depth > bodyDepth {
				flush()
				out.WriteString("</>")
			} else if depth == bodyDepth {
				return out.Bytes(), nil
			}
			depth--
		case xml.CharData:
			if bodyDepth >= 0 && depth > bodyDepth {
				text.Write(t)
			}
		}
	}
	return nil, fmt.Errorf("no SOAP Body element")
}

const (
	soap11NS = "http://schemas.xmlsoap.org/soap/envelope/"
	soap12NS = "http://www.w3.org/2003/05/soap-envelope"
	xsiNS    = "http://www.w3.org/2001/XMLSchema-instance"
	xmlnsNS  = "xmlns"
)

func writeAttrs(out *bytes.Buffer, attrs []xml.Attr) {
	kept := make([]string, 0, len(attrs))
	for _, a := range attrs {
		if a.Name.Space == xmlnsNS || (a.Name.Space == "" && a.Name.Local == xmlnsNS) || (a.Name.Space == xsiNS && a.Name.Local == "type") {
			continue
		}
		kept = append(kept, " {"+a.Name.Space+"}"+a.Name.Local+"=\""+a.Value+"\"")
	}
	sort.Strings(kept)
	for _, a := range kept {
		out.WriteString(a)
	}
}
