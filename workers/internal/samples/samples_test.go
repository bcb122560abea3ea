package samples

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestWriteThenLoad(t *testing.T) {
	dir := t.TempDir()
	in := []Sample{{Operation: "getOrder", SOAPAction: "urn:get", SOAPVersion: "1.2", Request: []byte("<q/>"), Response: []byte("<r/>")}}
	if err := Write(dir, in); err != nil {
		t.Fatal(err)
	}
	out, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].Operation != "getOrder" || string(out[0].Response) != "<r/>" || out[0].SOAPVersion != "1.2" {
		t.Errorf("loaded %+v, want what was written", out)
	}
}

func TestWriteSequenceKeepsRepeatedOperationsApart(t *testing.T) {
	dir := t.TempDir()
	in := []Sample{
		{Operation: "echo", SOAPVersion: "1.1", Request: []byte("<a/>"), Response: []byte("<ra/>")},
		{Operation: "echo", SOAPVersion: "1.1", Request: []byte("<b/>"), Response: []byte("<rb/>")},
	}
	if err := WriteSequence(dir, in); err != nil {
		t.Fatal(err)
	}
	out, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || string(out[0].Request) != "<a/>" || string(out[1].Request) != "<b/>" || string(out[1].Response) != "<rb/>" {
		t.Errorf("loaded %+v, want both requests in order", out)
	}
}

func TestLoadRejects(t *testing.T) {
	tests := []struct {
		name    string
		index   string
		wantErr string
	}{
		// A file name that leaves the folder.
		{"escaping file", `[{"operation":"a","soapVersion":"1.1","request":"../x","response":"r"}]`, "stay inside"},
		// An operation name that could not name a file.
		{"bad operation", `[{"operation":"../a","soapVersion":"1.1","request":"q","response":"r"}]`, "not a plain name"},
		// An unknown SOAP version.
		{"soap version", `[{"operation":"a","soapVersion":"2.0","request":"q","response":"r"}]`, "neither 1.1 nor 1.2"},
		// Nothing to send.
		{"empty", `[]`, "no operations"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "index.json"), []byte(tt.index), 0o644)
			_, err := Load(dir)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Load() = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestHeaders(t *testing.T) {
	tests := []struct {
		s          Sample
		wantCT     string
		wantAction string
	}{
		{Sample{SOAPVersion: "1.1", SOAPAction: "urn:a"}, "text/xml; charset=utf-8", `"urn:a"`},                      // 1.1: SOAPAction header, quoted
		{Sample{SOAPVersion: "1.1"}, "text/xml; charset=utf-8", `""`},                                                // 1.1 without action: empty quoted
		{Sample{SOAPVersion: "1.2", SOAPAction: "urn:a"}, `application/soap+xml; charset=utf-8; action="urn:a"`, ""}, // 1.2: action in the media type
	}
	for _, tt := range tests {
		h := tt.s.Headers()
		if h.Get("Content-Type") != tt.wantCT || h.Get("SOAPAction") != tt.wantAction {
			t.Errorf("Headers(%+v) = %v", tt.s, h)
		}
	}
}

func TestWriteIndexesHeaderBlocks(t *testing.T) {
	request := `<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope" xmlns:a="urn:a">
  <e:Header><a:token><a:user>x</a:user></a:token><tracing xmlns="urn:t"/></e:Header>
  <e:Body><a:op/></e:Body></e:Envelope>`
	response := `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><r/></s:Body></s:Envelope>`
	dir := t.TempDir()
	in := []Sample{{Operation: "op", SOAPVersion: "1.2", Request: []byte(request), Response: []byte(response)}}
	if err := Write(dir, in); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var index []IndexEntry
	if err := json.Unmarshal(raw, &index); err != nil {
		t.Fatal(err)
	}
	want := []Block{{Namespace: "urn:a", Name: "token"}, {Namespace: "urn:t", Name: "tracing"}}
	if !reflect.DeepEqual(index[0].HeadersIn, want) {
		t.Errorf("headersIn = %+v, want %+v (nested elements and the Body are no blocks)", index[0].HeadersIn, want)
	}
	if index[0].HeadersOut != nil || strings.Contains(string(raw), "headersOut") {
		t.Errorf("a response without a Header lists no headersOut: %s", raw)
	}
}

func TestHeaderBlocks(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		want    []Block
		wantErr bool
	}{
		// A one-way operation has no response.
		{"empty", "", nil, false},
		// A Header in another namespace than the Envelope's is no SOAP Header.
		{"foreign header", `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><Header><a/></Header></s:Envelope>`, nil, false},
		// Not a SOAP envelope at all.
		{"no envelope", `<Envelope><Header><a/></Header></Envelope>`, nil, false},
		// Unreadable XML is an error, not "no headers".
		{"malformed", `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header>`, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := HeaderBlocks([]byte(tt.doc))
			if (err != nil) != tt.wantErr || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("HeaderBlocks() = %+v, %v; want %+v, error %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}
