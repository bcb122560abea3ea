package driver

import (
	"bytes"
	"encoding/base64"
	"strconv"
	"testing"

	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/xop"
)

func TestAnXOPSampleIsSentAsItsPackage(t *testing.T) {
	content := base64.StdEncoding.EncodeToString([]byte("\x00raw bytes\xff"))
	env := []byte(`<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><put xmlns="urn:f"><data>` +
		content + `</data></put></s:Body></s:Envelope>`)
	list := []samples.Sample{{Operation: "put", SOAPAction: "urn:put", SOAPVersion: "1.1", Request: env, Response: env}}
	if err := samples.PackXOP(list, []xop.Element{{Namespace: "urn:f", Name: "data"}}); err != nil {
		t.Fatal(err)
	}
	req := buildWireRequest(target{host: "h", path: "/ws"}, list[0], true).bytes
	head, body, ok := bytes.Cut(req, []byte("\r\n\r\n"))
	if !ok {
		t.Fatalf("no header end in %q", req)
	}
	for _, want := range []string{
		"Content-Type: " + list[0].XOP.ContentType,
		`Soapaction: "urn:put"`, // http.Header's canonical form, as for every request
		"Content-Length: " + strconv.Itoa(len(list[0].XOP.Body)),
	} {
		if !bytes.Contains(head, []byte(want)) {
			t.Errorf("headers lack %q:\n%s", want, head)
		}
	}
	if !bytes.Equal(body, list[0].XOP.Body) || !bytes.Contains(body, []byte("\x00raw bytes\xff")) {
		t.Errorf("body is not the XOP package with the raw bytes:\n%q", body)
	}
}
