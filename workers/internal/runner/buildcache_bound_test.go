package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sealOutput seals a build output of one file of the given size under key
// (and trims the cache, as every seal does).
func sealOutput(t *testing.T, s Stack, key string, bytes int) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "server.jar"), []byte(strings.Repeat(key[:1], bytes)), 0o644); err != nil {
		t.Fatal(err)
	}
	s.toCache(key, out, "built "+key)
}

func sealed(s Stack, key string) bool {
	_, err := os.Stat(s.cacheEntry(key))
	return err == nil
}

func TestTheSealedCacheEvictsTheLeastRecentlyUsedEntriesPastItsBound(t *testing.T) {
	const entry = 64 << 10
	// Room for three entries (disk blocks round each up a little), not four.
	sb := Sandbox{BuildCache: filepath.Join(t.TempDir(), "sealed"), BuildCacheMaxBytes: 3*entry + entry/2}
	s := Stack{Manifest: Manifest{ID: "cxf"}, Sandbox: sb}
	for _, key := range []string{"a1", "b2", "c3"} {
		sealOutput(t, s, key, entry)
		time.Sleep(20 * time.Millisecond) // distinct use times
	}
	// a1 is used again, so b2 is now the least recently used.
	if _, ok := s.fromCache("a1", filepath.Join(t.TempDir(), "hit")); !ok {
		t.Fatal("a1 missed")
	}
	time.Sleep(20 * time.Millisecond)
	sealOutput(t, s, "d4", entry)

	for key, want := range map[string]bool{"a1": true, "b2": false, "c3": true, "d4": true} {
		if got := sealed(s, key); got != want {
			t.Errorf("entry %s sealed = %v, want %v", key, got, want)
		}
	}
	// Another stack's entries count against the same bound.
	other := Stack{Manifest: Manifest{ID: "metro"}, Sandbox: sb}
	time.Sleep(20 * time.Millisecond)
	sealOutput(t, other, "e5", entry)
	if sealed(s, "c3") || !sealed(other, "e5") {
		t.Errorf("after metro's entry: cxf c3 sealed = %v (want false), metro e5 sealed = %v (want true)", sealed(s, "c3"), sealed(other, "e5"))
	}
}

func TestAnEntryLargerThanTheBoundIsNotKept(t *testing.T) {
	sb := Sandbox{BuildCache: filepath.Join(t.TempDir(), "sealed"), BuildCacheMaxBytes: 16 << 10}
	s := Stack{Manifest: Manifest{ID: "gsoap"}, Sandbox: sb}
	sealOutput(t, s, "big", 64<<10)
	if sealed(s, "big") {
		t.Error("an entry four times the bound stayed in the cache")
	}
}

func TestALoweredBoundTrimsTheCacheAtStartAndZeroLeavesItUnbounded(t *testing.T) {
	sb := Sandbox{BuildCache: filepath.Join(t.TempDir(), "sealed")}
	s := Stack{Manifest: Manifest{ID: "axis2"}, Sandbox: sb}
	for _, key := range []string{"k1", "k2", "k3"} {
		sealOutput(t, s, key, 32<<10)
		time.Sleep(20 * time.Millisecond)
	}
	if removed, _ := sb.TrimBuildCache(); removed != 0 {
		t.Fatalf("an unbounded cache removed %d entries", removed)
	}
	sb.BuildCacheMaxBytes = 40 << 10
	removed, freed := sb.TrimBuildCache()
	if removed != 2 || freed < 64<<10 || !sealed(s, "k3") || sealed(s, "k1") || sealed(s, "k2") {
		t.Errorf("trim removed %d entries (%d bytes); k1 %v k2 %v k3 %v; want k1 and k2 gone, k3 kept",
			removed, freed, sealed(s, "k1"), sealed(s, "k2"), sealed(s, "k3"))
	}
}

func TestTheBuildCacheBoundIsReadFromTheEnvironment(t *testing.T) {
	env := map[string]string{"SOAPBENCH_SANDBOX": "none", "HOME": "/home/w"}
	getenv := func(k string) string { return env[k] }
	none := func(string) (string, error) { return "", os.ErrNotExist }
	sb, err := sandboxFromEnv(getenv, none)
	if err != nil || sb.BuildCacheMaxBytes != DefaultBuildCacheMaxBytes {
		t.Fatalf("default bound = %d, %v; want %d", sb.BuildCacheMaxBytes, err, DefaultBuildCacheMaxBytes)
	}
	env["SOAPBENCH_BUILD_CACHE_MAX"] = "2g"
	if sb, err = sandboxFromEnv(getenv, none); err != nil || sb.BuildCacheMaxBytes != 2<<30 {
		t.Fatalf("2g = %d, %v", sb.BuildCacheMaxBytes, err)
	}
	env["SOAPBENCH_BUILD_CACHE_MAX"] = "lots"
	if _, err = sandboxFromEnv(getenv, none); err == nil || !strings.Contains(err.Error(), "SOAPBENCH_BUILD_CACHE_MAX") {
		t.Fatalf("a bad bound: %v; want an error naming the variable", err)
	}
}
