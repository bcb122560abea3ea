// Package xop builds and reads MTOM/XOP packages (W3C XOP 1.0, SOAP MTOM):
// a SOAP envelope whose base64Binary element content travels as binary MIME
// parts of a multipart/related message, each referenced from its element by
// an xop:Include. The worker packs sample requests with it when a workload
// asks for MTOM, and reads the answers back into plain envelopes to compare
// them with the sample responses.
package xop

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"strconv"
	"strings"
)

// IncludeNamespace is the namespace of xop:Include.
const IncludeNamespace = "http://www.w3.org/2004/08/xop/include"

// rootID is the Content-ID of every package's root part; parts are
// numbered after it. Fixed names keep packed samples byte-for-byte
// reproducible, so a run's requests are the same on every worker.
const rootID = "root.message@soapbench.dev"

// boundary separates the parts. It contains characters base64 and the
// sample envelopes never produce together, and Pack refuses content that
// holds it anyway.
const boundary = "==soapbench-xop-3f6b0c1e=="

// Element names an element whose base64Binary content is moved into a part:
// its namespace (empty when unqualified) and local name.
type Element struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
}

// Package is an envelope packed as XOP.
type Package struct {
	// Body is the multipart/related message.
	Body []byte
	// ContentType is its HTTP Content-Type.
	ContentType string
	// Parts counts the binary parts: elements whose content was moved.
	Parts int
}

// Pack moves the content of every element of envelope named in elements
// into a binary part and returns the XOP package. An element is moved only
// when its content is text alone and that text is valid base64 (an element
// with child elements, a comment or text that is not base64 stays inline,
// as a stack's data binding would not take it as binary either).
// soapVersion is "1.1" or "1.2"; action is the SOAP 1.2 action, carried in
// the media types as SOAP 1.2 MTOM asks.
func Pack(envelope []byte, elements []Element, soapVersion, action string) (Package, error) {
	// The action goes into a quoted media type parameter, nested in another.
	if strings.ContainsAny(action, "\"\\\r\n") {
		return Package{}, fmt.Errorf("SOAP action %q cannot be quoted in a media type", action)
	}
	ranges, err := binaryContent(envelope, elements)
	if err != nil {
		return Package{}, err
	}
	var root bytes.Buffer
	var parts [][]byte
	last := 0
	for _, r := range ranges {
		data, ok := decodeBase64(r.text)
		if !ok {
			continue
		}
		id := strconv.Itoa(len(parts)+1) + ".part@soapbench.dev"
		root.Write(envelope[last:r.start])
		root.WriteString(`<xop:Include xmlns:xop="` + IncludeNamespace + `" href="cid:` + id + `"/>`)
		last = r.end
		parts = append(parts, data)
	}
	root.Write(envelope[last:])

	soapType := "text/xml"
	if soapVersion == "1.2" {
		soapType = "application/soap+xml"
	}
	rootType := `application/xop+xml; charset=UTF-8; type="` + soapType
	if soapVersion == "1.2" && action != "" {
		rootType += `; action=\"` + action + `\"`
	}
	rootType += `"`

	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	if err := w.SetBoundary(boundary); err != nil {
		return Package{}, err
	}
	if bytes.Contains(root.Bytes(), []byte(boundary)) {
		return Package{}, errors.New("the envelope holds the package's MIME boundary")
	}
	if err := writePart(w, rootType, rootID, "8bit", root.Bytes()); err != nil {
		return Package{}, err
	}
	for i, data := range parts {
		if bytes.Contains(data, []byte(boundary)) {
			return Package{}, errors.New("binary content holds the package's MIME boundary")
		}
		if err := writePart(w, "application/octet-stream", strconv.Itoa(i+1)+".part@soapbench.dev", "binary", data); err != nil {
			return Package{}, err
		}
	}
	if err := w.Close(); err != nil {
		return Package{}, err
	}
	ct := `multipart/related; type="application/xop+xml"; boundary="` + boundary + `"; start="<` + rootID + `>"; start-info="` + soapType + `"`
	if soapVersion == "1.2" && action != "" {
		ct += `; action="` + action + `"`
	}
	return Package{Body: body.Bytes(), ContentType: ct, Parts: len(parts)}, nil
}

func writePart(w *multipart.Writer, contentType, id, encoding string, data []byte) error {
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", contentType)
	h.Set("Content-Transfer-Encoding", encoding)
	h.Set("Content-ID", "<"+id+">")
	pw, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	_, err = pw.Write(data)
	return err
}

// span is the content of one element: bytes [start, end) of the envelope.
type span struct {
	start, end int
	text       []byte
}

// binaryContent finds the content of every element named in elements whose
// content is character data alone.
func binaryContent(envelope []byte, elements []Element) ([]span, error) {
	wanted := make(map[Element]bool, len(elements))
	for _, e := range elements {
		wanted[e] = true
	}
	d := xml.NewDecoder(bytes.NewReader(envelope))
	var out []span
	// open is the element being collected: its content start and text so far;
	// start < 0 when none is, or when the current one has other content.
	open, depth, openDepth := span{start: -1}, 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("the envelope is not well-formed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			open = span{start: -1}
			if wanted[Element{Namespace: t.Name.Space, Name: t.Name.Local}] {
				open = span{start: int(d.InputOffset())}
				openDepth = depth
			}
		case xml.CharData:
			if open.start >= 0 {
				open.text = append(open.text, t...)
			}
		case xml.EndElement:
			if open.start >= 0 && depth == openDepth {
				// The end tag's "</" starts where the last token ended.
				raw := envelope[:d.InputOffset()]
				open.end = bytes.LastIndex(raw, []byte("</"))
				if open.end >= open.start && len(bytes.TrimSpace(open.text)) > 0 {
					out = append(out, open)
				}
			}
			open = span{start: -1}
			depth--
		case xml.Comment, xml.ProcInst:
			open = span{start: -1}
		}
	}
}

// decodeBase64 decodes XML Schema base64Binary text, which may hold
// whitespace between its characters.
func decodeBase64(text []byte) ([]byte, bool) {
	compact := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, string(text))
	data, err := base64.StdEncoding.DecodeString(compact)
	return data, err == nil
}
