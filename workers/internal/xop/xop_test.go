package xop

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

const ns = "urn:soapbench:test:files"

var elements = []Element{{Namespace: ns, Name: "content"}}

func envelope(content string) []byte {
	return []byte(`<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:f="` + ns + `">` +
		`<s:Body><f:store><f:name>a.bin</f:name><f:content>` + content + `</f:content></f:store></s:Body></s:Envelope>`)
}

func TestPackMovesBase64ContentIntoPartsAndUnpackPutsItBack(t *testing.T) {
	data := []byte{0, 1, 2, 0xff, '\r', '\n', '-', '-'}
	b64 := base64.StdEncoding.EncodeToString(data)
	env := envelope(b64[:4] + "\n  " + b64[4:])
	pkg, err := Pack(env, elements, "1.1", "urn:store")
	if err != nil {
		t.Fatal(err)
	}
	if pkg.Parts != 1 {
		t.Fatalf("parts = %d, want 1", pkg.Parts)
	}
	if !IsXOP(pkg.ContentType) || strings.Contains(pkg.ContentType, "action") {
		t.Fatalf("content type %q: want an XOP package, SOAP 1.1 keeps its action out of it", pkg.ContentType)
	}
	if bytes.Contains(pkg.Body, []byte(b64[4:])) || !bytes.Contains(pkg.Body, data) {
		t.Fatalf("the binary content must travel raw, not as base64:\n%s", pkg.Body)
	}
	if !bytes.Contains(pkg.Body, []byte(`<f:content><xop:Include xmlns:xop="`+IncludeNamespace+`" href="cid:1.part@soapbench.dev"/></f:content>`)) {
		t.Fatalf("no xop:Include in the element:\n%s", pkg.Body)
	}
	got, err := Unpack(pkg.ContentType, pkg.Body, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if want := envelope(b64); !bytes.Equal(got.Envelope, want) || got.Includes != 1 {
		t.Fatalf("unpacked (%d includes):\n%s\nwant:\n%s", got.Includes, got.Envelope, want)
	}
}

func TestPackLeavesWhatIsNotBinaryTextInline(t *testing.T) {
	for name, content := range map[string]string{
		"not base64":    "not base64!",
		"empty":         "",
		"child element": "<f:x>AAAA</f:x>",
		"comment":       "AAAA<!-- c -->AAAA",
	} {
		pkg, err := Pack(envelope(content), elements, "1.1", "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if pkg.Parts != 0 {
			t.Errorf("%s: %d parts, want the content left inline", name, pkg.Parts)
		}
	}
	// An element of the same local name in another namespace is another element.
	pkg, _ := Pack(envelope("AAAA"), []Element{{Namespace: "urn:other", Name: "content"}}, "1.1", "")
	if pkg.Parts != 0 {
		t.Errorf("matched an element of another namespace")
	}
}

func TestPackCarriesTheSOAP12ActionInTheMediaTypes(t *testing.T) {
	pkg, err := Pack(envelope("AAAA"), elements, "1.2", "urn:store")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(pkg.ContentType, `start-info="application/soap+xml"; action="urn:store"`) {
		t.Errorf("content type %q", pkg.ContentType)
	}
	if !bytes.Contains(pkg.Body, []byte(`type="application/soap+xml; action=\"urn:store\""`)) {
		t.Errorf("root part lacks the action:\n%s", pkg.Body)
	}
	if _, err := Pack(envelope("AAAA"), elements, "1.2", `urn:"x`); err == nil {
		t.Errorf("an action with a quote was packed")
	}
}

const b = "MIMEBOUNDARY"

func multipartBody(parts ...string) []byte {
	var s strings.Builder
	for _, p := range parts {
		s.WriteString("--" + b + "\r\n" + p + "\r\n")
	}
	s.WriteString("--" + b + "--\r\n")
	return []byte(s.String())
}

const rootHeaders = "Content-Type: application/xop+xml; type=\"text/xml\"\r\nContent-ID: <root>\r\n\r\n"

func withInclude(id string) string {
	return `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><r xmlns:xop="` + IncludeNamespace +
		`"><xop:Include href="` + id + `"/></r></s:Body></s:Envelope>`
}

func TestUnpackRefusesHostilePackages(t *testing.T) {
	ct := `multipart/related; type="application/xop+xml"; boundary="` + b + `"; start="<root>"`
	many := make([]string, MaxParts+1)
	for i := range many {
		many[i] = "Content-ID: <p" + strings.Repeat("x", i) + ">\r\n\r\nA"
	}
	for _, c := range []struct {
		name, ct string
		body     []byte
		want     string
	}{
		// A stack answering plain SOAP under an MTOM workload.
		{"plain SOAP", "text/xml; charset=utf-8", []byte(withInclude("cid:a")), "not an XOP package"},
		{"multipart of another type", `multipart/related; type="text/xml"; boundary="` + b + `"`, multipartBody(rootHeaders + withInclude("cid:a")), "not an XOP package"},
		{"no boundary", `multipart/related; type="application/xop+xml"`, nil, "names no boundary"},
		{"include naming no part", ct, multipartBody(rootHeaders+withInclude("cid:missing"), "Content-ID: <a>\r\n\r\nAAA"), "names cid:missing, which no MIME part"},
		{"include that is no cid URL", ct, multipartBody(rootHeaders + withInclude("http://x/a")), "is not a cid: URL"},
		{"start naming no part", ct, multipartBody("Content-Type: application/xop+xml\r\nContent-ID: <other>\r\n\r\n" + withInclude("cid:a")), "no MIME part has the root's Content-ID <root>"},
		{"root that is not XOP", ct, multipartBody("Content-Type: text/xml\r\nContent-ID: <root>\r\n\r\n" + withInclude("cid:a")), "expected application/xop+xml"},
		{"part without Content-ID", ct, multipartBody(rootHeaders+withInclude("cid:a"), "Content-Type: image/png\r\n\r\nAAA"), "has no Content-ID"},
		{"repeated Content-ID", ct, multipartBody(rootHeaders+withInclude("cid:a"), "Content-ID: <a>\r\n\r\nA", "Content-ID: <a>\r\n\r\nB"), "repeats Content-ID <a>"},
		{"base64 part", ct, multipartBody(rootHeaders+withInclude("cid:a"), "Content-ID: <a>\r\nContent-Transfer-Encoding: base64\r\n\r\nQUFB"), "XOP parts are binary"},
		{"too many parts", ct, multipartBody(append([]string{rootHeaders + withInclude("cid:a")}, many...)...), "more than 1000 MIME parts"},
		{"unterminated", ct, []byte("--" + b + "\r\n" + rootHeaders + withInclude("cid:a")), "MIME part"},
		{"malformed root", ct, multipartBody(rootHeaders + "<s:Envelope"), "not well-formed XML"},
	} {
		_, err := Unpack(c.ct, c.body, 1<<20)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	_, err := Unpack("text/xml", nil, 1<<20)
	if !errors.Is(err, ErrNotXOP) {
		t.Errorf("plain SOAP is not ErrNotXOP: %v", err)
	}
}

func TestUnpackTakesTheFirstPartAsRootWithoutStartAndPercentDecodesCids(t *testing.T) {
	ct := `multipart/related; type="application/xop+xml"; boundary="` + b + `"`
	got, err := Unpack(ct, multipartBody(rootHeaders+withInclude("cid:a%40b"), "Content-ID: <a@b>\r\n\r\nxyz"), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(got.Envelope, []byte("<r xmlns:xop=\""+IncludeNamespace+"\">eHl6</r>")) {
		t.Errorf("envelope:\n%s", got.Envelope)
	}
}

func TestUnpackBoundsTheEnvelopeItRebuilds(t *testing.T) {
	ct := `multipart/related; type="application/xop+xml"; boundary="` + b + `"`
	// One part of 3,000 bytes named three times: a small body, a large envelope.
	root := `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><r xmlns:xop="` + IncludeNamespace + `">` +
		strings.Repeat(`<xop:Include href="cid:a"/>`, 3) + `</r></s:Body></s:Envelope>`
	body := multipartBody(rootHeaders+root, "Content-ID: <a>\r\n\r\n"+strings.Repeat("x", 3000))
	if _, err := Unpack(ct, body, 20000); err != nil {
		t.Fatalf("within the bound: %v", err)
	}
	_, err := Unpack(ct, body, 10000)
	if err == nil || !strings.Contains(err.Error(), "would exceed 10000 bytes") {
		t.Errorf("error %v, want the envelope bound", err)
	}
}
