package runner

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/verify"
)

// hostileStacks holds the stack whose every verb attacks the sandbox
// (testdata/hostile/hostile/runner says how).
const hostileStacks = "testdata/hostile"

// echoResponse is what the hostile server answers to every request.
const echoResponse = `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">` +
	`<soap:Body><echoResponse xmlns="urn:echo"><text>hi</text></echoResponse></soap:Body></soap:Envelope>`

// bwrapSandbox is the worker's sandbox as a root worker runs it, without a
// build cache unless a test gives one.
func bwrapSandbox(t *testing.T) Sandbox {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bwrap is not installed (scripts/install-deps.sh installs it): the sandbox cannot be tested here")
	}
	if os.Geteuid() != 0 {
		t.Skip("the tests run as a non-root user: the worker sandboxes as root (a non-root worker cannot enter its servers' network namespaces)")
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
	if s.User, err = sandboxUser(os.Getenv, os.Geteuid(), user.Lookup); err != nil {
		t.Fatal(err)
	}
	s.BuildCache = ""
	// A sandbox that does not start at all would pass every test below.
	if out, err := exec.Command("bwrap", "--ro-bind", "/", "/", "true").CombinedOutput(); err != nil {
		t.Skipf("bwrap cannot create a sandbox here: %v %s", err, out)
	}
	return s
}

func hostileStack(t *testing.T, sb Sandbox) Stack {
	t.Helper()
	stacks, err := Discover(hostileStacks)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := Find(stacks, "hostile")
	if !ok {
		t.Fatal("no stack hostile")
	}
	s.Sandbox = sb
	return s
}

// world is what the hostile stack attacks: listeners of the host, files it
// must neither write nor read, and a secret in the worker's environment.
type world struct {
	t        *testing.T
	accepted atomic.Int64
	connect  [][2]string
	// planted are files that must not exist after any verb; private ones
	// (the host's /tmp) the sandbox has a copy of, which it may write.
	planted []string
	private []string
	// read are files of other runs and of the cache, to be read.
	read   []string
	secret string
	user   *SandboxUser
}

func newWorld(t *testing.T, sb Sandbox, stack Stack) *world {
	t.Helper()
	w := &world{t: t, user: sb.User}
	raw := make([]byte, 12)
	rand.Read(raw)
	w.secret = "s3cret-" + hex.EncodeToString(raw)
	t.Setenv("SOAPBENCH_AMQP_URL", "amqp://worker:"+w.secret+"@127.0.0.1:5672/")
	t.Setenv("PGPASSWORD", w.secret)

	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			w.accepted.Add(1)
			c.Close()
		}
	}()
	port := fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
	w.connect = [][2]string{{"127.0.0.1", port}, {"169.254.169.254", "80"}}
	if ip := hostAddress(); ip != "" {
		w.connect = append(w.connect, [2]string{ip, port})
	}

	// Folders anyone may write: only the sandbox's mounts keep it out.
	open := sandboxDir(t)
	os.Chmod(open, 0o777)
	other := filepath.Join(open, "other-run", "build", "out")
	os.MkdirAll(other, 0o777)
	secretFile := filepath.Join(other, "secret.txt")
	os.WriteFile(secretFile, []byte("other run's "+w.secret), 0o644)
	w.read = []string{secretFile}
	w.planted = []string{
		filepath.Join(open, "planted"),
		filepath.Join(other, "planted"),
		filepath.Join(stack.Dir, "planted"),
		filepath.Join(filepath.Dir(filepath.Dir(stack.Dir)), "planted"),
		"/planted",
	}
	w.private = []string{filepath.Join(os.TempDir(), "soapbench-hostile-"+hex.EncodeToString(raw))}
	for _, p := range append(w.planted, w.private...) {
		t.Cleanup(func() { os.Remove(p) })
	}
	return w
}

// hostAddress is a non-loopback IPv4 address of the host, "" when it has none.
func hostAddress() string {
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	return ""
}

// attack writes attack.json into dir, with the world's targets and extra.
func (w *world) attack(dir string, extra map[string]any) {
	w.t.Helper()
	a := map[string]any{"connect": w.connect, "write": w.planted, "read": w.read, "writePrivate": w.private}
	for k, v := range extra {
		a[k] = v
	}
	raw, _ := json.Marshal(a)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "attack.json"), raw, 0o644); err != nil {
		w.t.Fatal(err)
	}
}

var probeLine = regexp.MustCompile(`(?m)^PROBE (\S+) (held|ESCAPED) ?(.*)$`)

// check fails the test for every probe of log that got out, and for anything
// the host saw: a connection, a planted file, the secret in the output.
func (w *world) check(verb, log string) {
	w.t.Helper()
	probes := probeLine.FindAllStringSubmatch(log, -1)
	// connections, /etc/shadow and /etc/gshadow, reads, writes, a user namespace
	if want := len(w.connect) + 2 + len(w.read) + len(w.planted) + 1; len(probes) != want {
		w.t.Errorf("%s: %d probes ran, want %d; log:\n%s", verb, len(probes), want, log)
	}
	for _, p := range probes {
		if p[2] != "held" {
			w.t.Errorf("%s: probe %s escaped: %s", verb, p[1], p[3])
		}
	}
	if n := w.accepted.Load(); n != 0 {
		w.t.Errorf("%s: the host's listener accepted %d connections", verb, n)
	}
	for _, p := range append(w.planted, w.private...) {
		if _, err := os.Lstat(p); err == nil {
			w.t.Errorf("%s: planted %s", verb, p)
		}
	}
	if strings.Contains(log, w.secret) {
		w.t.Errorf("%s: the worker's secret appears in the verb's output", verb)
	}
	if want := fmt.Sprintf("ID uid=%d gid=%d", w.user.UID, w.user.GID); !strings.Contains(log, want) {
		w.t.Errorf("%s: the verb did not run as the sandbox user (%s)", verb, want)
	}
	if !strings.Contains(log, "CAPS 0000000000000000") {
		w.t.Errorf("%s: the verb holds capabilities", verb)
	}
}

// hostileInputs makes a bundle and samples folder, attack.json in the bundle.
func hostileInputs(t *testing.T, w *world, extra map[string]any) (work, bundle, samplesDir string) {
	t.Helper()
	work = sandboxDir(t)
	bundle, samplesDir = filepath.Join(work, "bundle"), filepath.Join(work, "samples")
	w.attack(bundle, extra)
	os.WriteFile(filepath.Join(bundle, "a.wsdl"), []byte("<definitions/>"), 0o644)
	os.MkdirAll(samplesDir, 0o755)
	os.WriteFile(filepath.Join(samplesDir, "index.json"), []byte("[]"), 0o644)
	return work, bundle, samplesDir
}

func buildHostile(t *testing.T, s Stack, bundle, samplesDir, out string) (BuildResult, error) {
	t.Helper()
	return s.Build(context.Background(), BuildRequest{BundleDir: bundle, Entry: "a.wsdl", SamplesDir: samplesDir,
		Security: "plain", Version: "1.0.0", OutDir: out, Timeout: 2 * time.Minute})
}

func TestHostileStackIsHeldInEveryVerb(t *testing.T) {
	sb := bwrapSandbox(t)
	s := hostileStack(t, sb)
	w := newWorld(t, sb, s)
	work, bundle, samplesDir := hostileInputs(t, w, nil)
	out := filepath.Join(work, "build", "out")

	built, err := buildHostile(t, s, bundle, samplesDir, out)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	w.check("build", built.Log)

	srv, err := s.Serve(context.Background(), out, time.Minute)
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	defer srv.Stop()
	w.check("serve", srv.Log())
	if srv.Net == nil {
		t.Fatal("the server shares the worker's network")
	}
	// The server listens on a loopback of its own: the host's is another.
	if c, err := net.DialTimeout("tcp", strings.TrimPrefix(strings.TrimSuffix(srv.URL, "/echo"), "http://"), time.Second); err == nil {
		c.Close()
		t.Error("the server's port answers on the host's loopback")
	}

	dr, err := s.Drive(context.Background(), DriveRequest{BuildDir: out, Endpoint: srv.URL, RequestsDir: samplesDir,
		Concurrency: 1, Count: 20, Timeout: time.Minute, Net: srv.Net})
	if err != nil {
		t.Fatalf("drive: %v", err)
	}
	w.check("drive", dr.Log)
	if dr.Summary.Requests != 20 || len(dr.Summary.Errors) != 0 {
		t.Errorf("the native client in the server's namespace sent %d requests with errors %v, want 20 answered", dr.Summary.Requests, dr.Summary.Errors)
	}
}

func TestDriverAndVerifierReachAServerInItsNamespace(t *testing.T) {
	sb := bwrapSandbox(t)
	s := hostileStack(t, sb)
	out := filepath.Join(sandboxDir(t), "build", "out")
	os.MkdirAll(out, 0o755)
	srv, err := s.Serve(context.Background(), out, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	echo := samples.Sample{Operation: "echo", SOAPAction: "urn:echo", SOAPVersion: "1.1",
		Request:  []byte(`<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body/></soap:Envelope>`),
		Response: []byte(echoResponse)}
	if err := verify.Endpoint(context.Background(), srv.Net, srv.URL, []samples.Sample{echo}); err != nil {
		t.Errorf("verifier: %v", err)
	}
	tests := []struct {
		name string
		plan driver.Plan
	}{
		// The closed model's event loops enter the namespace once per run.
		{"closed, keep-alive", driver.Plan{Connections: 4, Requests: 200, KeepAlive: true}},
		// Without keep-alive every request is a fresh socket of the loop.
		{"closed, a connection per request", driver.Plan{Connections: 2, Requests: 50}},
		// The open model dials from a goroutine per connection.
		{"open", driver.Plan{Model: "open", Connections: 1, MaxConnections: 4, Rate: 500, Requests: 100, KeepAlive: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.plan
			p.Endpoint, p.Net, p.Samples = srv.URL, srv.Net, []samples.Sample{echo}
			res, err := driver.Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if res.Requests != int64(p.Requests) || res.ErrorCount() != 0 {
				t.Fatalf("%d answered, errors %v; want %d answered", res.Requests, res.Errors, p.Requests)
			}
		})
	}
	// Without the namespace the driver reaches nothing: the test is real.
	res, err := driver.Run(context.Background(), driver.Plan{Endpoint: srv.URL, Samples: []samples.Sample{echo}, Connections: 1, Requests: 3, RequestTimeout: 2 * time.Second})
	if err == nil && res.Errors[driver.ErrConnect] == 0 {
		t.Errorf("the driver reached the sandboxed server from the host's namespace: %+v", res)
	}
}

func TestSealedCacheCannotBePoisoned(t *testing.T) {
	sb := bwrapSandbox(t)
	sb.BuildCache = filepath.Join(sandboxDir(t), "cache")
	s := hostileStack(t, sb)
	w := newWorld(t, sb, s)

	// A harmless build is sealed in the cache.
	work, bundle, samplesDir := hostileInputs(t, w, map[string]any{"connect": nil, "write": nil, "read": nil, "writePrivate": nil})
	out := filepath.Join(work, "build", "out")
	if _, err := buildHostile(t, s, bundle, samplesDir, out); err != nil {
		t.Fatal(err)
	}
	entry := s.cacheEntry(s.cacheKey(BuildRequest{BundleDir: bundle, Entry: "a.wsdl", SamplesDir: samplesDir, Security: "plain", Version: "1.0.0"}))
	sealed := filepath.Join(entry, cacheFiles, "attack.json")
	before, err := os.ReadFile(sealed)
	if err != nil {
		t.Fatalf("the build was not sealed: %v", err)
	}

	// Another build tries to rewrite it, and the cache's manifest, and to
	// plant an entry of its own.
	w.planted = append(w.planted, sealed, filepath.Join(entry, cacheManifest), filepath.Join(sb.BuildCache, "planted"))
	w.read = append(w.read, filepath.Join(entry, cacheManifest))
	for _, p := range w.planted[len(w.planted)-3 : len(w.planted)-1] {
		os.Chmod(p, 0o666) // only the sandbox may keep it out
	}
	_, bundle2, samples2 := hostileInputs(t, w, nil)
	built, err := buildHostile(t, s, bundle2, samples2, filepath.Join(sandboxDir(t), "build", "out"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range probeLine.FindAllStringSubmatch(built.Log, -1) {
		if p[2] != "held" {
			t.Errorf("probe %s escaped: %s", p[1], p[3])
		}
	}
	if after, err := os.ReadFile(sealed); err != nil || string(after) != string(before) {
		t.Fatalf("the sealed entry changed: %q, %v", after, err)
	}

	// A hit fills the output from the entry.
	again := filepath.Join(sandboxDir(t), "build", "out")
	hit, err := buildHostile(t, s, bundle, samplesDir, again)
	if err != nil || !hit.Cached {
		t.Fatalf("rebuild = cached %v, %v; want a hit", hit.Cached, err)
	}
	if got, _ := os.ReadFile(filepath.Join(again, "attack.json")); string(got) != string(before) {
		t.Errorf("the hit's output differs from the sealed build")
	}

	// An entry that differs from its manifest is evicted and built afresh.
	os.Chmod(sealed, 0o644)
	os.WriteFile(sealed, []byte(`{"bound":"poisoned"}`), 0o644)
	rebuilt, err := buildHostile(t, s, bundle, samplesDir, filepath.Join(sandboxDir(t), "build", "out"))
	if err != nil || rebuilt.Cached {
		t.Fatalf("after tampering: cached %v, %v; want a fresh build", rebuilt.Cached, err)
	}
	if got, _ := os.ReadFile(sealed); string(got) != string(before) {
		t.Errorf("the tampered entry was not replaced by the fresh build: %q", got)
	}
}

func TestBoundsEndTheStackWithTheirReason(t *testing.T) {
	tests := []struct {
		name   string
		attack map[string]any
		limit  func(*Sandbox)
		// cgroup says which controller the bound needs ("" for none).
		cgroup string
		want   string
	}{
		// A fork bomb meets the verb's pids cgroup.
		{"fork bomb", map[string]any{"bound": "forkbomb"}, func(s *Sandbox) { s.Processes = 64 }, "pids", "error: sandbox: more than 64 processes and threads"},
		// Memory past the limit is an OOM kill in the verb's cgroup.
		{"memory", map[string]any{"bound": "alloc", "mb": 256}, func(s *Sandbox) { s.MemoryBytes = 64 << 20 }, "memory", "error: sandbox: memory limit of 64 MiB reached"},
		// Filling the work folder meets the disk bound.
		{"disk", map[string]any{"bound": "fill", "mb": 200}, func(s *Sandbox) { s.DiskBytes = 4 << 20 }, "", "error: sandbox: wrote more than 4 MiB to its folders"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sb := bwrapSandbox(t)
			tt.limit(&sb)
			s := hostileStack(t, sb)
			w := newWorld(t, sb, s)
			tt.attack["connect"], tt.attack["write"], tt.attack["read"], tt.attack["writePrivate"] = nil, nil, nil, nil
			work, bundle, samplesDir := hostileInputs(t, w, tt.attack)
			built, err := buildHostile(t, s, bundle, samplesDir, filepath.Join(work, "build", "out"))
			var f *Failure
			if err == nil && tt.cgroup != "" && (tt.cgroup == "memory" && built.Sandbox.MemoryLimitBytes == 0 || tt.cgroup == "pids" && built.Sandbox.ProcessLimit == 0) {
				t.Skipf("no writable %s cgroup here, as the report says: %+v", tt.cgroup, built.Sandbox)
			}
			if !errors.As(err, &f) || f.Reason != tt.want {
				t.Fatalf("build = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestServeLifetimeEndsTheServer(t *testing.T) {
	sb := bwrapSandbox(t)
	sb.ServeLifetime = time.Second
	s := hostileStack(t, sb)
	out := filepath.Join(sandboxDir(t), "build", "out")
	os.MkdirAll(out, 0o755)
	srv, err := s.Serve(context.Background(), out, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	<-srv.p.done
	if f := srv.Breach(); f == nil || f.Reason != "error: sandbox: served longer than 1s" {
		t.Fatalf("Breach() = %v, want the lifetime", f)
	}
}

func TestDriveCountsTheCPUOfEveryProcessItRan(t *testing.T) {
	sb := bwrapSandbox(t)
	if g := newCgroup("cpu-check", sb.MemoryBytes, sb.Processes); g == nil || g.cpuUsage == "" {
		t.Skipf("no cgroup here counts a verb's CPU time (%s): a drive's CPU time is sampled from /proc", CgroupRoot)
	} else {
		g.remove()
	}
	s := hostileStack(t, sb)
	dir := sandboxDir(t)
	out, requests := filepath.Join(dir, "build", "out"), filepath.Join(dir, "requests")
	os.MkdirAll(out, 0o755)
	os.MkdirAll(requests, 0o755)
	srv, err := s.Serve(context.Background(), out, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	// The warm-up is a process of its own that spends 0.6 s of CPU and ends
	// before the measured requests, within the second between two full scans
	// of /proc; bubblewrap's PID namespace keeps it from wait4 too.
	dr, err := s.Drive(context.Background(), DriveRequest{BuildDir: out, Endpoint: srv.URL, RequestsDir: requests,
		Concurrency: 1, Count: 20, Warmup: 600, Timeout: time.Minute, Net: srv.Net})
	if err != nil {
		t.Fatal(err)
	}
	if dr.CPUSeconds < 0.55 {
		t.Errorf("the drive used %.3f s of CPU, want at least the warm-up's 0.6 s", dr.CPUSeconds)
	}
}
