package verify

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/xop"
)

func binaryEnvelope(element, content string) []byte {
	return []byte(`<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:f="urn:f"><s:Body><f:` +
		element + `>` + content + `</f:` + element + `></s:Body></s:Envelope>`)
}

func TestEndpointSendsXOPAndRequiresXOPAnswers(t *testing.T) {
	data := base64.StdEncoding.EncodeToString([]byte("\x00\x01binary\xff"))
	elements := []xop.Element{{Namespace: "urn:f", Name: "in"}, {Namespace: "urn:f", Name: "out"}}
	response := binaryEnvelope("out", data)
	packed, err := xop.Pack(response, elements, "1.1", "")
	if err != nil {
		t.Fatal(err)
	}
	inline, _ := xop.Pack(response, nil, "1.1", "")
	tests := []struct {
		name        string
		contentType string
		body        []byte
		wantErr     string
	}{
		// The answer's part is put back as base64 and compared.
		{"xop answer", packed.ContentType, packed.Body, ""},
		// Plain SOAP under an MTOM workload is not what was asked for.
		{"inline answer", "text/xml; charset=utf-8", response, "is not an MTOM/XOP package"},
		// A package that keeps the binary content inline is not MTOM either.
		{"package without parts", inline.ContentType, inline.Body, "carries its base64Binary content inline"},
		// A package whose content differs fails as any wrong answer does.
		{"wrong content", packed.ContentType, []byte(strings.Replace(string(packed.Body), "\x01binary", "\x01BINARY", 1)), "expected AAFiaW5hcnn/, got AAFCSU5BUln/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var gotType string
			var gotBody []byte
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				gotType = r.Header.Get("Content-Type")
				gotBody, _ = io.ReadAll(r.Body)
				w.Header().Set("Content-Type", tt.contentType)
				w.Write(tt.body)
			}))
			defer srv.Close()
			list := []samples.Sample{{Operation: "put", SOAPAction: "urn:put", SOAPVersion: "1.1",
				Request: binaryEnvelope("in", data), Response: response}}
			if err := samples.PackXOP(list, elements); err != nil {
				t.Fatal(err)
			}
			err := Endpoint(context.Background(), nil, srv.URL, list)
			if tt.wantErr == "" && err != nil {
				t.Fatalf("Endpoint() = %v", err)
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("Endpoint() = %v, want an error containing %q", err, tt.wantErr)
			}
			if !xop.IsXOP(gotType) || !strings.Contains(string(gotBody), "binary") || strings.Contains(string(gotBody), data) {
				t.Errorf("the request was not sent as an XOP package with a binary part: %s\n%s", gotType, gotBody)
			}
		})
	}
}
