package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// keysWithPKI builds a stacks' folder with one stack and a PKI holding key,
// and returns the cache keys of a plain and a signed build of one bundle.
func keysWithPKI(t *testing.T, root, key string) (plain, signed string) {
	t.Helper()
	write := func(rel, content string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("cxf/runner", "#!/bin/sh\n")
	write("security/pki/server.key", key)
	write("bundle/a.wsdl", "<definitions/>")
	write("samples/index.json", "[]")
	s := Stack{Manifest: Manifest{ID: "cxf"}, Dir: filepath.Join(root, "cxf"),
		Sandbox: Sandbox{BuildCache: filepath.Join(t.TempDir(), "sealed")}}
	req := BuildRequest{BundleDir: filepath.Join(root, "bundle"), Entry: "a.wsdl",
		SamplesDir: filepath.Join(root, "samples"), Version: "4.2.3", Security: "plain"}
	plain = s.cacheKey(req)
	req.Security = "sign"
	signed = s.cacheKey(req)
	if plain == "" || signed == "" || plain == signed {
		t.Fatalf("keys: plain %q, signed %q", plain, signed)
	}
	return plain, signed
}

// Every machine makes its own test PKI: its plain builds must still hit
// another checkout's entries, and a secured build must never reuse keys
// another PKI made.
func TestOnlySecuredBuildKeysDependOnThePKI(t *testing.T) {
	plainA, signedA := keysWithPKI(t, t.TempDir(), "key one")
	plainB, signedB := keysWithPKI(t, t.TempDir(), "key two")
	if plainA != plainB {
		t.Errorf("plain keys differ with the PKI alone: %s, %s", plainA, plainB)
	}
	if signedA == signedB {
		t.Errorf("a signed build's key ignores the PKI: %s", signedA)
	}
}

// cxfKeyWith builds a stacks' folder with cxf, metro and a shared folder, each
// file given, and returns the cache key of a plain cxf build.
func cxfKeyWith(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, content := range map[string]string{
		"cxf/stack.json": `{"id":"cxf"}`, "cxf/runner": "cxf runner",
		"metro/stack.json": `{"id":"metro"}`, "metro/runner": "metro runner",
		"jvm-host/serve": "host", "bundle/a.wsdl": "<definitions/>", "samples/index.json": "[]",
	} {
		if _, set := files[rel]; !set {
			files[rel] = content
		}
	}
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := Stack{Manifest: Manifest{ID: "cxf"}, Dir: filepath.Join(root, "cxf"),
		Sandbox: Sandbox{BuildCache: filepath.Join(t.TempDir(), "sealed")}}
	key := s.cacheKey(BuildRequest{BundleDir: filepath.Join(root, "bundle"), Entry: "a.wsdl",
		SamplesDir: filepath.Join(root, "samples"), Version: "4.2.3", Security: "plain"})
	if key == "" {
		t.Fatal("no cache key")
	}
	return key
}

// A change to one runner must not throw every other stack's builds out of the
// cache; a change to the stack's own folder or to a shared one must.
func TestABuildKeyCoversItsOwnStackAndTheSharedFoldersOnly(t *testing.T) {
	base := cxfKeyWith(t, map[string]string{})
	if got := cxfKeyWith(t, map[string]string{"metro/runner": "metro runner, changed"}); got != base {
		t.Errorf("another stack's runner changed cxf's key: %s, %s", base, got)
	}
	if got := cxfKeyWith(t, map[string]string{"cxf/runner": "cxf runner, changed"}); got == base {
		t.Error("a change to cxf's own runner kept its key")
	}
	if got := cxfKeyWith(t, map[string]string{"jvm-host/serve": "host, changed"}); got == base {
		t.Error("a change to a shared folder kept cxf's key")
	}
}
