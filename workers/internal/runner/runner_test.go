package runner

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const fakeStacks = "../../testdata/stacks"

// TestMain keeps the tests' builds out of the worker's build cache, and the
// worker's cache out of the tests.
func TestMain(m *testing.M) {
	cache, err := os.MkdirTemp("", "runner-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("SOAPBENCH_BUILD_CACHE", cache)
	code := m.Run()
	RemoveCache(cache)
	os.Exit(code)
}

// sandboxDir is a t.TempDir() that the sandbox user can pass through, as
// MkdirTemp makes them: Go makes the test's temporary folders 0700.
func sandboxDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o711); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDiscover(t *testing.T) {
	stacks, err := Discover(fakeStacks)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := Find(stacks, "fake")
	if !ok {
		t.Fatalf("fake stack not discovered among %d", len(stacks))
	}
	if s.DefaultVersion() != "1.0.0" || !filepath.IsAbs(s.Dir) {
		t.Errorf("fake = version %q dir %q, want 1.0.0 and an absolute dir", s.DefaultVersion(), s.Dir)
	}
}

func TestDiscoverRejectsBrokenManifests(t *testing.T) {
	tests := []struct {
		name     string
		folder   string
		manifest string
		wantErr  string
	}{
		// The id must be the folder's name.
		{"id differs from folder", "alpha", `{"id":"beta","versions":[{"version":"1"}]}`, `differs from its folder name "alpha"`},
		// An id the workload pattern could not name.
		{"bad id", "Alpha", `{"id":"Alpha","versions":[{"version":"1"}]}`, "is not a stack id"},
		// A stack that can build nothing.
		{"no versions", "alpha", `{"id":"alpha","versions":[]}`, "versions is empty"},
		// Not JSON at all.
		{"not json", "alpha", `{"id":`, "stack.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, tt.folder), 0o755)
			os.WriteFile(filepath.Join(dir, tt.folder, "stack.json"), []byte(tt.manifest), 0o644)
			// A folder without a manifest is no stack and no error.
			os.MkdirAll(filepath.Join(dir, "notes"), 0o755)
			_, err := Discover(dir)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Discover() = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		stderr string
		want   FailureKind
	}{
		{"log\nunsupported: rpc/encoded binding B, in a.wsdl:3\n", Unsupported}, // the contract's own line
		{"error: javac failed\n\n", Error},                                      // trailing blank lines
		{"unavailable: no JDK\n", Unavailable},                                  // cannot run here
		{"Segmentation fault\n", Crashed},                                       // the runner broke the contract
		{"", Crashed},                                                           // said nothing
	}
	for _, tt := range tests {
		f := classify(lastLine([]byte(tt.stderr)), "error: exit status 1", "")
		if f.Kind != tt.want {
			t.Errorf("classify(%q) = %s, want %s", tt.stderr, f.Kind, tt.want)
		}
	}
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	b := newTailBuffer(10)
	b.Write([]byte("0123456789"))
	b.Write([]byte("abc"))
	if got := b.String(); got != "3456789abc" {
		t.Errorf("tail = %q, want the last 10 bytes", got)
	}
}

func buildFake(t *testing.T, id string) (Stack, string) {
	t.Helper()
	stacks, err := Discover(fakeStacks)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := Find(stacks, id)
	if !ok {
		t.Fatalf("no stack %s", id)
	}
	work := sandboxDir(t)
	bundle, samples, out := filepath.Join(work, "b"), filepath.Join(work, "s"), filepath.Join(work, "o")
	os.MkdirAll(bundle, 0o755)
	os.MkdirAll(samples, 0o755)
	os.WriteFile(filepath.Join(bundle, "a.wsdl"), []byte("<definitions/>"), 0o644)
	os.WriteFile(filepath.Join(samples, "index.json"), []byte(`[{"operation":"a","soapAction":"urn:a","soapVersion":"1.1","request":"a.request.xml","response":"a.response.xml"}]`), 0o644)
	os.WriteFile(filepath.Join(samples, "a.response.xml"), []byte("<ok/>"), 0o644)
	_, err = s.Build(context.Background(), BuildRequest{BundleDir: bundle, Entry: "a.wsdl", SamplesDir: samples, Security: "plain", Version: "1.0.0", OutDir: out})
	return s, out + "|" + errString(err)
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestBuildReportsUnsupported(t *testing.T) {
	_, res := buildFake(t, "fake-unsupported")
	if !strings.Contains(res, "|unsupported: rpc/encoded binding FakeBinding") {
		t.Errorf("build result %q, want the runner's unsupported line", res)
	}
}

func TestServeStartsAndStops(t *testing.T) {
	s, res := buildFake(t, "fake")
	out, buildErr, _ := strings.Cut(res, "|")
	if buildErr != "" {
		t.Fatal(buildErr)
	}
	srv, err := s.Serve(context.Background(), out, 20*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: &http.Transport{DialContext: srv.Net.DialContext}}
	resp, err := client.Post(srv.URL, "text/xml", strings.NewReader("<x/>"))
	if err != nil {
		srv.Stop()
		t.Fatalf("server at %s does not answer: %v", srv.URL, err)
	}
	resp.Body.Close()
	srv.Stop()
	if !srv.Exited() {
		t.Error("server still running after Stop")
	}
	if _, err := http.Post(srv.URL, "text/xml", strings.NewReader("<x/>")); err == nil {
		t.Error("port still answers after Stop")
	}
}

func TestServeWithoutReadyTimesOut(t *testing.T) {
	s, res := buildFake(t, "fake-silent")
	out, _, _ := strings.Cut(res, "|")
	_, err := s.Serve(context.Background(), out, time.Second)
	var f *Failure
	if !errors.As(err, &f) || f.Kind != Timeout {
		t.Fatalf("Serve() = %v, want a timeout failure", err)
	}
}

func TestVersionUnavailable(t *testing.T) {
	stacks, _ := Discover(fakeStacks)
	s, _ := Find(stacks, "fake-unavailable")
	_, err := s.Version(context.Background())
	var f *Failure
	if !errors.As(err, &f) || f.Kind != Unavailable || f.Reason != "unavailable: the fake toolchain is not installed" {
		t.Fatalf("Version() = %v, want the runner's unavailable line", err)
	}
}

func TestFreePortIsFresh(t *testing.T) {
	seen := map[int]bool{}
	for range 20 {
		p, err := FreePort()
		if err != nil {
			t.Fatal(err)
		}
		if seen[p] {
			t.Fatalf("port %d handed out twice", p)
		}
		seen[p] = true
	}
}

// The variant reaches the runner's serve verb; one the manifest does not declare never does.
func TestServeVariant(t *testing.T) {
	s, res := buildFake(t, "fake")
	out, buildErr, _ := strings.Cut(res, "|")
	if buildErr != "" {
		t.Fatal(buildErr)
	}
	srv, err := s.ServeVariant(context.Background(), out, "tagged", 20*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: &http.Transport{DialContext: srv.Net.DialContext}}
	resp, err := client.Post(srv.URL, "text/xml", strings.NewReader("<x/>"))
	if err != nil {
		srv.Stop()
		t.Fatalf("server at %s does not answer: %v", srv.URL, err)
	}
	resp.Body.Close()
	srv.Stop()
	if got := resp.Header.Get("X-Fake-Variant"); got != "tagged" {
		t.Errorf("the server answered as variant %q, want tagged", got)
	}
	for _, variant := range []string{"nope", "--port=1", "tagged;id"} {
		_, err := s.ServeVariant(context.Background(), out, variant, 5*time.Second)
		var f *Failure
		if !errors.As(err, &f) || !strings.Contains(f.Reason, "is not declared by fake; declared: tagged") {
			t.Errorf("variant %q: %v, want a refusal naming the declared variants", variant, err)
		}
		if strings.Contains(errString(err), "--port=1") || strings.Contains(errString(err), ";id") {
			t.Errorf("variant %q: the refusal echoes hostile text: %v", variant, err)
		}
	}
}
