package verify

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/samples"
)

func TestEndpointSendsSOAPHeaders(t *testing.T) {
	tests := []struct {
		name       string
		version    string
		wantHeader string
		wantValue  string
	}{
		// SOAP 1.1 names the action in its own header, quoted.
		{"soap 1.1", "1.1", "SOAPAction", `"urn:act"`},
		// SOAP 1.2 carries it in the media type.
		{"soap 1.2", "1.2", "Content-Type", `application/soap+xml; charset=utf-8; action="urn:act"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var gotValue, gotBody string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				gotValue = r.Header.Get(tt.wantHeader)
				b, _ := io.ReadAll(r.Body)
				gotBody = string(b)
				w.Write(envelope(orderResponse))
			}))
			defer srv.Close()
			s := samples.Sample{Operation: "getOrder", SOAPAction: "urn:act", SOAPVersion: tt.version,
				Request: envelope("<o:getOrder/>"), Response: envelope(orderResponse)}
			if err := Endpoint(context.Background(), nil, srv.URL, []samples.Sample{s}); err != nil {
				t.Fatalf("Endpoint() = %v", err)
			}
			if gotValue != tt.wantValue {
				t.Errorf("%s = %q, want %q", tt.wantHeader, gotValue, tt.wantValue)
			}
			if gotBody != string(s.Request) {
				t.Errorf("server got body %q, want the sample request", gotBody)
			}
		})
	}
}

func TestEndpointNamesTheFailingOperation(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("SOAPAction"), "second") {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.Write(envelope(orderResponse))
	}))
	defer srv.Close()
	list := []samples.Sample{
		{Operation: "first", SOAPAction: "first", SOAPVersion: "1.1", Request: envelope(""), Response: envelope(orderResponse)},
		{Operation: "second", SOAPAction: "second", SOAPVersion: "1.1", Request: envelope(""), Response: envelope(orderResponse)},
	}
	err := Endpoint(context.Background(), nil, srv.URL, list)
	var f *Failure
	if !errors.As(err, &f) {
		t.Fatalf("Endpoint() = %v, want a *Failure", err)
	}
	if f.Operation != "second" || !strings.Contains(f.Reason, "HTTP status 404") {
		t.Errorf("failure = %+v, want operation second with HTTP status 404", f)
	}
}

func TestEndpointAcceptsTheFaultASampleExpects(t *testing.T) {
	const divideFault = `<s:Fault><faultcode>s:Client</faultcode><faultstring>division by zero</faultstring></s:Fault>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		w.Write(envelope(divideFault))
	}))
	defer srv.Close()
	expectsFault := samples.Sample{Operation: "divide", SOAPVersion: "1.1", Request: envelope(""), Response: envelope(divideFault)}
	if err := Endpoint(context.Background(), nil, srv.URL, []samples.Sample{expectsFault}); err != nil {
		t.Fatalf("Endpoint() = %v, want the expected fault accepted", err)
	}
	// The same fault where the sample expects a payload is a failure.
	expectsPayload := expectsFault
	expectsPayload.Response = envelope(orderResponse)
	err := Endpoint(context.Background(), nil, srv.URL, []samples.Sample{expectsPayload})
	if err == nil || !strings.Contains(err.Error(), "HTTP status 500 with SOAP Fault") {
		t.Fatalf("Endpoint() = %v, want HTTP status 500 with SOAP Fault", err)
	}
}
