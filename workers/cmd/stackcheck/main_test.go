package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"soapbench.dev/workers/internal/runner"
)

// TestMain keeps the tests' builds out of the machine's sealed build cache,
// and its entries out of the tests: a hit would skip the build a test means.
func TestMain(m *testing.M) {
	cache, err := os.MkdirTemp("", "stackcheck-test-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("SOAPBENCH_BUILD_CACHE", cache)
	code := m.Run()
	runner.RemoveCache(cache)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// built is the stackcheck command of this checkout, built once for the
// tests that run it.
var built struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

func stackcheckBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "stackcheck-test-bin-"); built.err == nil {
			built.out, built.err = exec.Command("go", "build", "-o", filepath.Join(built.dir, "stackcheck"), ".").CombinedOutput()
		}
	})
	if built.err != nil {
		t.Fatalf("build: %v\n%s", built.err, built.out)
	}
	return filepath.Join(built.dir, "stackcheck")
}

func TestStackcheckOnFakeStacks(t *testing.T) {
	bin := stackcheckBinary(t)
	// No dataset sequences here: TestStackcheckHoldsCatalogServicesToTheirSequences covers them.
	noDatasets := t.TempDir()
	// Two cases the fake stacks claim (document/literal wrapped) and one they do not (rpc/literal).
	cases := []string{"../../../wsdl-catalog/echo", "../../../testdata/wsdl/orders", "../../../testdata/wsdl/echo-rpc-literal"}
	tests := []struct {
		stack    string
		wantLast string
		wantExit int
		wantLine string
	}{
		// A stack that answers right passes every case it claims and skips the others.
		{"fake", "9 passed, 0 failed, 2 skipped", 0, "PASS fake echo (build "},
		{"fake", "9 passed, 0 failed, 2 skipped", 0, "SKIP fake echo-rpc-literal: fake does not claim rpc-literal"},
		// The behaviour phase serves the echo build again; a stack without a native client skips drive.
		{"fake", "9 passed, 0 failed, 2 skipped", 0, "PASS fake behaviour: SIGTERM ends serve within 5s"},
		{"fake", "9 passed, 0 failed, 2 skipped", 0, `SKIP fake behaviour: drive: stack.json says "nativeClient": false`},
		// An explicit version is the default's, so the label stays the stack's id.
		{"fake@1.0.0", "9 passed, 0 failed, 2 skipped", 0, "PASS fake orders (build "},
		// A wrong answer names the path where it differs.
		{"fake-wrong", "7 passed, 2 failed, 2 skipped", 1, "FAIL fake-wrong orders: verify getOrder: /getOrderResponse/order/id/extra: unexpected element"},
		// A build failure shows the runner's own line.
		{"fake-unsupported", "4 passed, 2 failed, 2 skipped", 1, "FAIL fake-unsupported echo: build: unsupported: rpc/encoded binding FakeBinding"},
		// Without an echo build there is nothing to serve: the checks that need none still run.
		{"fake-unsupported", "4 passed, 2 failed, 2 skipped", 1, "SKIP fake-unsupported behaviour: serve: no catalog echo build to serve"},
		// A declared defect that shows is reported, not failed; the other wrong case still fails.
		{"fake-wrong-known", "7 passed, 1 failed, 3 skipped", 1, "SKIP fake-wrong-known orders: known defect of fake-wrong-known (nested-types): verify getOrder:"},
		// A declared defect that no longer shows fails, so the manifest stays true.
		{"fake-known", "8 passed, 1 failed, 2 skipped", 1, `FAIL fake-known orders: passes, but stack.json lists the known defect "nested-types"; remove it`},
		// A catalog service the stack has no implementation of is skipped: replaying its samples proves nothing.
		{"fake-jvm", "5 passed, 0 failed, 3 skipped", 0, "SKIP fake-jvm echo: fake-jvm does not implement catalog service echo"},
		// A stack that cannot run here is skipped, not failed.
		{"fake-unavailable", "0 passed, 0 failed, 4 skipped", 0, "SKIP fake-unavailable echo: unavailable: the fake toolchain is not installed"},
		{"fake-unavailable", "0 passed, 0 failed, 4 skipped", 0, "SKIP fake-unavailable behaviour: every check: unavailable: the fake toolchain is not installed"},
	}
	// Each stack is checked once, however many rows read its output. The
	// checks of different stacks share nothing but the build cache, which
	// is made for workers that share it, and mostly wait for their runners:
	// they run at once.
	type run struct {
		out  []byte
		exit int
	}
	runs := map[string]*run{}
	var wg sync.WaitGroup
	for _, tt := range tests {
		if runs[tt.stack] != nil {
			continue
		}
		r := &run{}
		runs[tt.stack] = r
		args := append([]string{"-repo", "../../..", "-stacks", "../../testdata/stacks", "-datasets", noDatasets, tt.stack}, cases...)
		wg.Go(func() {
			cmd := exec.Command(bin, args...)
			cmd.Env = os.Environ()
			r.out, _ = cmd.Output()
			r.exit = cmd.ProcessState.ExitCode()
		})
	}
	wg.Wait()
	for _, tt := range tests {
		t.Run(tt.stack, func(t *testing.T) {
			r := runs[tt.stack]
			out := r.out
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if got := lines[len(lines)-1]; got != tt.wantLast {
				t.Errorf("last line %q, want %q\n%s", got, tt.wantLast, out)
			}
			if r.exit != tt.wantExit {
				t.Errorf("exit %d, want %d", r.exit, tt.wantExit)
			}
			if !strings.Contains(string(out), tt.wantLine) {
				t.Errorf("output lacks %q:\n%s", tt.wantLine, out)
			}
		})
	}
}

// The fake stack answers every request with its sample response: right for
// the sample, wrong for any other echo text. Held to a sequence of the
// sample alone it passes; held to the repository's echo payloads it fails,
// as a stack that replays instead of implementing the service must.
func TestStackcheckHoldsCatalogServicesToTheirSequences(t *testing.T) {
	bin := stackcheckBinary(t)
	sampleOnly := t.TempDir()
	copyDir(t, "../../../wsdl-catalog/echo/samples", filepath.Join(sampleOnly, "echo", "sample-again"))
	tests := []struct {
		datasets string
		wantLast string
		wantLine string
	}{
		{sampleOnly, "8 passed, 0 failed, 1 skipped", "PASS fake echo (build "},
		{sampleOnly, "8 passed, 0 failed, 1 skipped", "; sequences: echo/sample-again 1)"},
		{"../../../datasets", "7 passed, 1 failed, 1 skipped", "FAIL fake echo: verify sequence echo/"},
	}
	// One check per datasets folder, however many rows read its output, all at once.
	outs := map[string]*[]byte{}
	var wg sync.WaitGroup
	for _, tt := range tests {
		if outs[tt.datasets] != nil {
			continue
		}
		out := new([]byte)
		outs[tt.datasets] = out
		cmd := exec.Command(bin, "-repo", "../../..", "-stacks", "../../testdata/stacks", "-datasets", tt.datasets, "fake", "../../../wsdl-catalog/echo")
		wg.Go(func() { *out, _ = cmd.Output() })
	}
	wg.Wait()
	for _, tt := range tests {
		out := *outs[tt.datasets]
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if got := lines[len(lines)-1]; got != tt.wantLast {
			t.Errorf("datasets %s: last line %q, want %q\n%s", tt.datasets, got, tt.wantLast, out)
		}
		if !strings.Contains(string(out), tt.wantLine) {
			t.Errorf("datasets %s: output lacks %q:\n%s", tt.datasets, tt.wantLine, out)
		}
	}
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestStackcheckRefusesAVersionTheStackDoesNotOffer(t *testing.T) {
	bin := stackcheckBinary(t)
	cmd := exec.Command(bin, "-repo", "../../..", "-stacks", "../../testdata/stacks", "fake@9.9", "../../../wsdl-catalog/echo")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	_ = cmd.Run()
	if cmd.ProcessState.ExitCode() != 2 {
		t.Errorf("exit %d, want 2", cmd.ProcessState.ExitCode())
	}
	if want := `fake does not offer version "9.9" (offered: 1.0.0)`; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q lacks %q", stderr.String(), want)
	}
}

func TestEveryCatalogServiceAndTestWSDLIsACase(t *testing.T) {
	cases, err := defaultCases("../../..")
	if err != nil {
		t.Fatal(err)
	}
	catalog, _ := filepath.Glob("../../../wsdl-catalog/*/catalog.json")
	withSamples, _ := filepath.Glob("../../../testdata/wsdl/*/samples")
	if len(cases) != len(catalog)+len(withSamples) {
		t.Fatalf("%d cases, want %d catalog services plus %d test WSDLs", len(cases), len(catalog), len(withSamples))
	}
	for _, c := range cases {
		switch {
		case c.Catalog != "" && c.Catalog != c.Name:
			t.Errorf("catalog case %s builds catalog service %q", c.Name, c.Catalog)
		case c.Catalog == "" && (len(c.Claims.Styles) == 0 || len(c.Claims.SOAPVersions) == 0):
			t.Errorf("case %s: case.json names no styles or SOAP versions", c.Name)
		}
	}
}

func TestUnclaimedNamesTheFirstMissingStyleOrSOAPVersion(t *testing.T) {
	f := runner.Features{Styles: []string{"document-literal-wrapped"}, SOAPVersions: []string{"1.1"}}
	tests := []struct {
		claims caseClaims
		want   string
	}{
		{caseClaims{Styles: []string{"document-literal-wrapped"}, SOAPVersions: []string{"1.1"}}, ""},
		{caseClaims{Styles: []string{"rpc-encoded"}, SOAPVersions: []string{"1.1"}}, "rpc-encoded"},
		{caseClaims{Styles: []string{"document-literal-wrapped"}, SOAPVersions: []string{"1.2"}}, "SOAP 1.2"},
		{caseClaims{}, ""},
	}
	for _, tt := range tests {
		if got := (testCase{Claims: tt.claims}).unclaimed(f); got != tt.want {
			t.Errorf("unclaimed(%+v) = %q, want %q", tt.claims, got, tt.want)
		}
	}
}
