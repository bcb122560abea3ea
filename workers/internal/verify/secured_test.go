package verify

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/samples"
)

// securityDir is the repository's stack-runners/security, whose checker
// these tests run for real; make -C stack-runners/security build makes it.
func securityDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../../stack-runners/security")
	if err != nil {
		t.Fatal(err)
	}
	for _, need := range []string{"checker/target/security-checker.jar", "pki/server.p12", "profile.json"} {
		if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
			t.Skipf("the security checker is not built (%s missing): run make -C stack-runners/security build", need)
		}
	}
	return dir
}

const echoRequest = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>` +
	`<e:echo xmlns:e="urn:echo"><text>hi</text></e:echo></soapenv:Body></soapenv:Envelope>`
const echoResponse = `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>` +
	`<e:echoResponse xmlns:e="urn:echo"><text>hi</text></e:echoResponse></soapenv:Body></soapenv:Envelope>`

// A server that ignores WS-Security answers every request, tampered or not:
// the secured verification must fail it, naming the checks it did not refuse.
func TestSecuredVerificationFailsAServerThatIgnoresSecurity(t *testing.T) {
	dir := securityDir(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/xml; charset=utf-8")
		w.Write([]byte(echoResponse))
	}))
	defer srv.Close()
	s := Secured{Dir: dir, WorkDir: t.TempDir()}
	sample := samples.Sample{Operation: "echo", SOAPAction: "urn:echo", SOAPVersion: "1.1",
		Request: []byte(echoRequest), Response: []byte(echoResponse)}

	err := s.Endpoint(context.Background(), nil, srv.URL+"/services/echo", "username", []samples.Sample{sample})

	var f *Failure
	if !errors.As(err, &f) {
		t.Fatalf("error %v: want a verification failure", err)
	}
	if f.Operation != "echo" || !strings.Contains(f.Reason, "security mode username") ||
		!strings.Contains(f.Reason, "wrong-password: ") || !strings.Contains(f.Reason, "not refused") {
		t.Errorf("failure %q on %q: want the wrong password named as not refused", f.Reason, f.Operation)
	}

	// In sign mode the same server's unsigned answer is not accepted either.
	err = s.Endpoint(context.Background(), nil, srv.URL+"/services/echo", "sign", []samples.Sample{sample})
	if !errors.As(err, &f) || !strings.Contains(f.Reason, "accepted: ") {
		t.Errorf("sign mode: %v: want the unsigned answer refused by the accepted check", err)
	}
}

func TestSecuredVerificationNeedsAnOperationWithAnAnswer(t *testing.T) {
	s := Secured{Dir: t.TempDir(), WorkDir: t.TempDir()}
	oneWay := samples.Sample{Operation: "notify", SOAPVersion: "1.1", OneWay: true, Request: []byte(echoRequest)}

	err := s.Endpoint(context.Background(), nil, "http://127.0.0.1:1/x", "sign", []samples.Sample{oneWay})

	var f *Failure
	if !errors.As(err, &f) || !strings.Contains(f.Reason, "no request-response operation") {
		t.Errorf("error %v: want a failure saying there is nothing to check the mode with", err)
	}
}
