package xop

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"strings"
)

// MaxParts bounds the parts of a package read back. The bytes are bounded
// by the caller, who holds the whole body; this bounds the bookkeeping a
// body of many tiny parts would cost.
const MaxParts = 1000

// ErrNotXOP says that a message is not an XOP package at all: the stack
// answered plain SOAP.
var ErrNotXOP = errors.New("not an XOP package")

// Unpacked is an XOP package read back into a plain envelope.
type Unpacked struct {
	// Envelope is the root part with every xop:Include replaced by the base64
	// of the part it names.
	Envelope []byte
	// Includes counts the xop:Include elements replaced.
	Includes int
}

// IsXOP reports whether an HTTP Content-Type announces an XOP package
// (multipart/related with type application/xop+xml).
func IsXOP(contentType string) bool {
	media, params, err := mime.ParseMediaType(contentType)
	return err == nil && media == "multipart/related" && strings.EqualFold(params["type"], "application/xop+xml")
}

// Unpack reads the XOP package body whose HTTP Content-Type is contentType
// into an envelope of at most maxEnvelope bytes: base64 makes each part a
// third larger, and one part may be named by many xop:Include elements, so
// the envelope is bounded apart from the body. Every fault names what is
// wrong and where: a missing boundary or root part, a part without a
// Content-ID, two parts with one Content-ID, an xop:Include naming no part,
// more than MaxParts parts, an envelope over maxEnvelope.
func Unpack(contentType string, body []byte, maxEnvelope int) (Unpacked, error) {
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return Unpacked{}, fmt.Errorf("%w: Content-Type %q: %v", ErrNotXOP, contentType, err)
	}
	if media != "multipart/related" || !strings.EqualFold(params["type"], "application/xop+xml") {
		return Unpacked{}, fmt.Errorf("%w: Content-Type %q", ErrNotXOP, contentType)
	}
	if params["boundary"] == "" {
		return Unpacked{}, fmt.Errorf("Content-Type %q names no boundary", contentType)
	}
	start := trimAngles(params["start"])

	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	parts := map[string][]byte{}
	var root []byte
	var rootType string
	for n := 0; ; n++ {
		p, err := r.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Unpacked{}, fmt.Errorf("MIME part %d: %v", n+1, err)
		}
		if n >= MaxParts {
			return Unpacked{}, fmt.Errorf("more than %d MIME parts", MaxParts)
		}
		// The body is in memory and bounded by the caller, so a part cannot
		// be larger than it.
		data, err := io.ReadAll(p)
		if err != nil {
			return Unpacked{}, fmt.Errorf("MIME part %d: %v", n+1, err)
		}
		if enc := strings.ToLower(strings.TrimSpace(p.Header.Get("Content-Transfer-Encoding"))); enc == "base64" || enc == "quoted-printable" {
			return Unpacked{}, fmt.Errorf("MIME part %d: Content-Transfer-Encoding %s; XOP parts are binary", n+1, enc)
		}
		id := trimAngles(p.Header.Get("Content-ID"))
		isRoot := (start == "" && n == 0) || (start != "" && id == start)
		if isRoot {
			root, rootType = data, p.Header.Get("Content-Type")
			continue
		}
		if id == "" {
			return Unpacked{}, fmt.Errorf("MIME part %d has no Content-ID, so no xop:Include can name it", n+1)
		}
		if _, dup := parts[id]; dup {
			return Unpacked{}, fmt.Errorf("MIME part %d repeats Content-ID <%s>", n+1, id)
		}
		parts[id] = data
	}
	if root == nil {
		if start != "" {
			return Unpacked{}, fmt.Errorf("no MIME part has the root's Content-ID <%s> (Content-Type start)", start)
		}
		return Unpacked{}, errors.New("the package has no MIME part")
	}
	if media, _, err := mime.ParseMediaType(rootType); err != nil || media != "application/xop+xml" {
		return Unpacked{}, fmt.Errorf("the root part's Content-Type is %q, expected application/xop+xml", rootType)
	}
	envelope, includes, err := include(root, parts, maxEnvelope)
	if err != nil {
		return Unpacked{}, err
	}
	return Unpacked{Envelope: envelope, Includes: includes}, nil
}

// include replaces every xop:Include of root by the base64 of its part.
func include(root []byte, parts map[string][]byte, maxEnvelope int) ([]byte, int, error) {
	d := xml.NewDecoder(bytes.NewReader(root))
	var out bytes.Buffer
	last, count := 0, 0
	for {
		before := int(d.InputOffset())
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, fmt.Errorf("the root part is not well-formed XML: %v", err)
		}
		t, ok := tok.(xml.StartElement)
		if !ok || t.Name.Space != IncludeNamespace || t.Name.Local != "Include" {
			continue
		}
		line, _ := d.InputPos()
		href := ""
		for _, a := range t.Attr {
			if a.Name.Space == "" && a.Name.Local == "href" {
				href = a.Value
			}
		}
		id, ok := cid(href)
		if !ok {
			return nil, 0, fmt.Errorf("xop:Include at line %d: href %q is not a cid: URL", line, href)
		}
		data, found := parts[id]
		if !found {
			return nil, 0, fmt.Errorf("xop:Include at line %d names cid:%s, which no MIME part of the package has", line, id)
		}
		if err := d.Skip(); err != nil {
			return nil, 0, fmt.Errorf("the root part is not well-formed XML: %v", err)
		}
		if out.Len()+(before-last)+base64.StdEncoding.EncodedLen(len(data))+(len(root)-before) > maxEnvelope {
			return nil, 0, fmt.Errorf("xop:Include at line %d: the envelope with its parts put back as base64 would exceed %d bytes", line, maxEnvelope)
		}
		out.Write(root[last:before])
		out.WriteString(base64.StdEncoding.EncodeToString(data))
		last = int(d.InputOffset())
		count++
	}
	out.Write(root[last:])
	return out.Bytes(), count, nil
}

// cid reads a cid: URL (RFC 2392): the Content-ID, percent-decoded.
func cid(href string) (string, bool) {
	if len(href) < 4 || !strings.EqualFold(href[:4], "cid:") {
		return "", false
	}
	id, err := url.PathUnescape(href[4:])
	return id, err == nil && id != ""
}

func trimAngles(id string) string {
	id = strings.TrimSpace(id)
	if len(id) >= 2 && id[0] == '<' && id[len(id)-1] == '>' {
		return id[1 : len(id)-1]
	}
	return id
}
