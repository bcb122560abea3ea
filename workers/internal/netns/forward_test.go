package netns

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestForwarderCarriesRequestsToTheTargetAndStopsOnClose(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Write([]byte("got " + string(body)))
	}))
	defer srv.Close()
	var host *Namespace // the host's namespace: what a test without privileges can reach
	f, err := host.Forward(strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(f.Addr(), "127.0.0.1:") || f.Addr() == strings.TrimPrefix(srv.URL, "http://") {
		t.Fatalf("forwarder listens on %s: want a loopback port of its own", f.Addr())
	}
	for i := 0; i < 3; i++ {
		resp, err := http.Post("http://"+f.Addr()+"/x", "text/plain", strings.NewReader("ping"))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(got) != "got ping" {
			t.Fatalf("answer %q through the forwarder, want %q", got, "got ping")
		}
	}
	http.DefaultClient.CloseIdleConnections()
	addr := f.Addr()
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Post("http://"+addr+"/x", "text/plain", strings.NewReader("ping")); err == nil {
		t.Fatalf("the forwarder still answers after Close")
	}
}
