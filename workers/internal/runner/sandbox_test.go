package runner

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSandboxFromEnv(t *testing.T) {
	found := func(string) (string, error) { return "/usr/bin/bwrap", nil }
	missing := func(string) (string, error) { return "", exec.ErrNotFound }
	tests := []struct {
		name     string
		env      map[string]string
		lookPath func(string) (string, error)
		wantMode string
		wantMem  int64
		wantErr  string
	}{
		// bwrap is the default where it is installed.
		{"default with bwrap", nil, found, SandboxBwrap, DefaultSandboxMemory, ""},
		// Without it the worker still runs, unconfined.
		{"default without bwrap", nil, missing, SandboxNone, DefaultSandboxMemory, ""},
		// Asking for bwrap where there is none is a configuration error.
		{"bwrap asked, missing", map[string]string{"SOAPBENCH_SANDBOX": "bwrap"}, missing, "", 0, "bwrap is not on PATH"},
		// An unknown mode names itself.
		{"unknown mode", map[string]string{"SOAPBENCH_SANDBOX": "docker"}, found, "", 0, `SOAPBENCH_SANDBOX="docker"`},
		// Sizes take a suffix.
		{"memory 512m", map[string]string{"SOAPBENCH_SANDBOX_MEMORY": "512m"}, found, SandboxBwrap, 512 << 20, ""},
		// 0 turns the memory limit off.
		{"memory 0", map[string]string{"SOAPBENCH_SANDBOX_MEMORY": "0"}, found, SandboxBwrap, 0, ""},
		// A size that is no number is refused.
		{"memory junk", map[string]string{"SOAPBENCH_SANDBOX_MEMORY": "lots"}, found, "", 0, "SOAPBENCH_SANDBOX_MEMORY"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := sandboxFromEnv(func(k string) string { return tt.env[k] }, tt.lookPath)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || s.Mode != tt.wantMode || s.MemoryBytes != tt.wantMem {
				t.Fatalf("= mode %q memory %d err %v, want %q %d", s.Mode, s.MemoryBytes, err, tt.wantMode, tt.wantMem)
			}
		})
	}
}

func TestScrubbedEnvDropsTheWorkersSecrets(t *testing.T) {
	env := scrubbedEnv([]string{"PATH=/usr/bin", "SOAPBENCH_AMQP_URL=amqp://u:secret@h/", "HOME=/root"})
	if strings.Join(env, " ") != "PATH=/usr/bin HOME=/root" {
		t.Errorf("env = %v, want the broker URL gone", env)
	}
}

func bwrapSandbox(t *testing.T) Sandbox {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bwrap is not installed: the sandbox cannot be tested here")
	}
	s, err := sandboxFromEnv(func(k string) string {
		if k == "SOAPBENCH_SANDBOX" {
			return SandboxBwrap
		}
		return os.Getenv(k)
	}, exec.LookPath)
	if err != nil {
		t.Fatal(err)
	}
	// A sandbox that does not start at all would pass every test below.
	if out, err := exec.Command("bwrap", "--ro-bind", "/", "/", "true").CombinedOutput(); err != nil {
		t.Skipf("bwrap cannot create a sandbox here: %v %s", err, out)
	}
	return s
}

func escapeStack(t *testing.T, sb Sandbox) Stack {
	t.Helper()
	stacks, err := Discover(fakeStacks)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := Find(stacks, "fake-escape")
	if !ok {
		t.Fatal("no stack fake-escape")
	}
	s.Sandbox = sb
	return s
}

func buildEscape(t *testing.T, s Stack) (BuildResult, error) {
	t.Helper()
	work := t.TempDir()
	bundle, samples := filepath.Join(work, "bundle"), filepath.Join(work, "samples")
	os.MkdirAll(bundle, 0o755)
	os.MkdirAll(samples, 0o755)
	return s.Build(context.Background(), BuildRequest{BundleDir: bundle, Entry: "a.wsdl", SamplesDir: samples,
		Security: "plain", Version: "1.0.0", OutDir: filepath.Join(work, "build", "plain"), Timeout: time.Minute})
}

func TestSandboxKeepsBuildsInTheirFolders(t *testing.T) {
	sb := bwrapSandbox(t)
	for _, mode := range []string{SandboxNone, SandboxBwrap} {
		t.Run(mode, func(t *testing.T) {
			target := filepath.Join(t.TempDir(), "planted")
			t.Setenv("ESCAPE_WRITE", target)
			s := escapeStack(t, sb)
			s.Sandbox.Mode = mode
			_, err := buildEscape(t, s)
			_, statErr := os.Stat(target)
			planted := statErr == nil
			// Unconfined, the write goes through: the test's escape is real.
			if mode == SandboxNone && (err != nil || !planted) {
				t.Fatalf("unconfined build: err %v, planted %v; want the escape to succeed", err, planted)
			}
			if mode == SandboxBwrap && (err == nil || planted || !strings.Contains(err.Error(), "cannot write")) {
				t.Fatalf("sandboxed build: err %v, planted %v; want it held back", err, planted)
			}
		})
	}
}

func TestSandboxedBuildHasNoNetwork(t *testing.T) {
	sb := bwrapSandbox(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	t.Setenv("ESCAPE_CONNECT", strings.TrimPrefix(ln.Addr().String(), "127.0.0.1:"))
	_, err = buildEscape(t, escapeStack(t, sb))
	if err == nil || !strings.Contains(err.Error(), "cannot connect") {
		t.Fatalf("build = %v, want the connection refused", err)
	}
	select {
	case <-accepted:
		t.Fatal("the sandboxed build reached a port of the host")
	default:
	}
}

func TestSandboxedServerCannotWriteOutside(t *testing.T) {
	sb := bwrapSandbox(t)
	target := filepath.Join(t.TempDir(), "planted")
	t.Setenv("ESCAPE_WRITE", target)
	s := escapeStack(t, sb)
	_, err := s.Serve(context.Background(), t.TempDir(), 20*time.Second)
	var f *Failure
	if !errors.As(err, &f) || !strings.Contains(f.Reason, "cannot write") {
		t.Fatalf("Serve() = %v, want the write refused", err)
	}
	if _, err := os.Stat(target); err == nil {
		t.Fatal("the sandboxed server wrote outside its folders")
	}
}

func TestSandboxLimitsMemory(t *testing.T) {
	sb := bwrapSandbox(t)
	sb.MemoryBytes = 64 << 20
	t.Setenv("ESCAPE_ALLOC_MB", "256")
	built, err := buildEscape(t, escapeStack(t, sb))
	if err == nil && built.Sandbox.MemoryLimitBytes == 0 {
		t.Skip("no writable memory cgroup here: memory is unlimited, as the report says")
	}
	if err == nil {
		t.Fatalf("a build that filled 256 MiB under a 64 MiB limit succeeded (sandbox %+v)", built.Sandbox)
	}
}

func TestSandboxedBuildReportsItsLimits(t *testing.T) {
	sb := bwrapSandbox(t)
	built, err := buildEscape(t, escapeStack(t, sb))
	if err != nil {
		t.Fatal(err)
	}
	if built.Sandbox.Mode != SandboxBwrap {
		t.Fatalf("report = %+v, want mode bwrap", built.Sandbox)
	}
	if built.Sandbox.MemoryLimitBytes != 0 && built.Sandbox.MemoryLimitBytes != sb.MemoryBytes {
		t.Errorf("memory limit %d, want %d or 0 (unlimited)", built.Sandbox.MemoryLimitBytes, sb.MemoryBytes)
	}
}
