package driver

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"soapbench.dev/workers/internal/samples"
)

const linesBody = `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>
<o:order xmlns:o="urn:o"><o:line>1</o:line><o:line>2</o:line><o:note><o:line>3</o:line></o:note></o:order></s:Body></s:Envelope>`

func TestXPathCount(t *testing.T) {
	tests := []struct {
		expr string
		want int
	}{
		{"//line", 3},                         // anywhere in the document
		{"//order/line", 2},                   // direct children only
		{"//o:order/*", 3},                    // prefix ignored, any child
		{"/Envelope/Body/order/note/line", 1}, // an absolute path
		{"/Body", 0},                          // the root is Envelope
		{"//missing", 0},                      // nothing selected
	}
	for _, tt := range tests {
		x, err := NewXPathCount(tt.expr, tt.want)
		if err != nil {
			t.Fatalf("%s: %v", tt.expr, err)
		}
		n, err := x.Count([]byte(linesBody))
		if err != nil || n != tt.want {
			t.Errorf("count(%s) = %d, %v; want %d", tt.expr, n, err, tt.want)
		}
	}
	for _, bad := range []string{"line", "//line[1]", "//@id", "//", "count(//a)"} {
		if _, err := NewXPathCount(bad, 1); err == nil {
			t.Errorf("NewXPathCount(%q) accepted an expression outside the subset", bad)
		}
	}
}

func TestCanonicalBodyIgnoresPrefixesAndFormatting(t *testing.T) {
	a := `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><x:r xmlns:x="urn:r" b="2" a="1"><x:v> 7 </x:v></x:r></soap:Body></soap:Envelope>`
	b := "<Envelope xmlns=\"http://schemas.xmlsoap.org/soap/envelope/\">\n <Body>\n  <r xmlns=\"urn:r\" a=\"1\" b=\"2\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:type=\"T\">\n   <v>7</v>\n  </r>\n </Body>\n</Envelope>"
	ca, err := CanonicalBody([]byte(a))
	if err != nil {
		t.Fatal(err)
	}
	cb, err := CanonicalBody([]byte(b))
	if err != nil {
		t.Fatal(err)
	}
	if string(ca) != string(cb) {
		t.Errorf("canonical forms differ:\n%s\n%s", ca, cb)
	}
	if want := `<{urn:r}r {}a="1" {}b="2"><{urn:r}v>7</></>`; string(ca) != want {
		t.Errorf("canonical = %s, want %s", ca, want)
	}
	c := []byte(`<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><x:r xmlns:x="urn:r" a="1" b="2"><x:v>8</x:v></x:r></soap:Body></soap:Envelope>`)
	da, _ := BodySHA256([]byte(a))
	dc, _ := BodySHA256(c)
	if da == dc {
		t.Error("a changed value kept the same digest")
	}
	if _, err := CanonicalBody([]byte(`<a/>`)); err == nil {
		t.Error("a document without a SOAP Body has a canonical body")
	}
}

func TestContentCheckFailuresAreCounted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(linesBody)) }))
	defer srv.Close()
	good, _ := NewXPathCount("//order/line", 2)
	bad, _ := NewXPathCount("//order/line", 5)
	digest, _ := BodySHA256([]byte(linesBody))
	same, _ := NewBodyDigest(digest)
	tests := []struct {
		name   string
		check  Check
		wantOK int64
	}{
		{"count matches", good, 20},  // every answer passes
		{"count differs", bad, 0},    // every answer is a content error
		{"digest matches", same, 20}, // the canonical body is the expected one
		{"no check", nil, 20},        // status and fault only
	}
	for _, tt := range tests {
		res, err := Run(context.Background(), Plan{Endpoint: srv.URL, Samples: []samples.Sample{sample("a")}, Connections: 2, Requests: 20, KeepAlive: true, Check: tt.check})
		if err != nil {
			t.Fatal(err)
		}
		if res.Requests != tt.wantOK || res.Errors[ErrContent] != 20-tt.wantOK || res.Latency.TotalCount() != tt.wantOK {
			t.Errorf("%s: correct %d, errors %v, latency samples %d; want %d correct", tt.name, res.Requests, res.Errors, res.Latency.TotalCount(), tt.wantOK)
		}
	}
	if _, err := NewBodyDigest("abc"); err == nil {
		t.Error("a short digest was accepted")
	}
}
