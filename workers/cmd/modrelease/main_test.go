package main

import (
	"archive/zip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAReleaseIsTheModuleAsAProxyServesIt(t *testing.T) {
	module := t.TempDir()
	write := func(path, content string) {
		full := filepath.Join(module, path)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module soapbench.dev/workers\n\ngo 1.26\n")
	write("cmd/benchctl/main.go", "package main\n\nfunc main() {}\n")
	write("bin/benchctl", "a built binary")
	write(".hidden/notes", "not for the release")
	out := t.TempDir()
	version := "v0.0.0-20261126104852-1d99caadd14d"

	if err := release(module, version, "2026-11-26T10:48:52Z", out); err != nil {
		t.Fatal(err)
	}

	versions := filepath.Join(out, "soapbench.dev/workers/@v")
	var info struct{ Version, Time string }
	raw, _ := os.ReadFile(filepath.Join(out, "soapbench.dev/workers/@latest"))
	if err := json.Unmarshal(raw, &info); err != nil || info.Version != version || info.Time != "2026-11-26T10:48:52Z" {
		t.Errorf("@latest = %s (%v)", raw, err)
	}
	if mod, _ := os.ReadFile(filepath.Join(versions, version+".mod")); !strings.HasPrefix(string(mod), "module soapbench.dev/workers") {
		t.Errorf(".mod = %q", mod)
	}
	z, err := zip.OpenReader(filepath.Join(versions, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
	}
	prefix := "soapbench.dev/workers@" + version + "/"
	if strings.Join(names, " ") != prefix+"cmd/benchctl/main.go "+prefix+"go.mod" {
		t.Errorf("zip holds %v: want the sources only, without bin/ and hidden folders", names)
	}
}

func TestAReleaseNeedsAPseudoVersion(t *testing.T) {
	module := t.TempDir()
	os.WriteFile(filepath.Join(module, "go.mod"), []byte("module soapbench.dev/workers\n"), 0o644)
	if err := release(module, "latest", "2026-11-26T10:48:52Z", t.TempDir()); err == nil {
		t.Error("a release named latest was written")
	}
}
