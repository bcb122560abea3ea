package runner

import (
	"os"
	"path/filepath"
	"testing"
)

func TestAReusedBuildNamesItsNewFolderWhereItNamedTheOneItWasBuiltIn(t *testing.T) {
	s := Stack{Manifest: Manifest{ID: "axis2"}, Sandbox: Sandbox{BuildCache: filepath.Join(t.TempDir(), "sealed")}}
	built := filepath.Join(t.TempDir(), "run-1", "out")
	os.MkdirAll(filepath.Join(built, "security"), 0o755)
	// As Axis2's secured builds write it: an absolute path into the build's own folder.
	os.WriteFile(filepath.Join(built, "system.properties"),
		[]byte("soapbench.security.credentials="+built+"/security/credentials.properties\n"), 0o644)
	os.WriteFile(filepath.Join(built, "security", "credentials.properties"), []byte("username=soapbench\n"), 0o644)
	// A binary file that happens to hold the path: a longer or shorter path would move its offsets.
	binary := append([]byte{0x50, 0x4b, 0x03, 0x04, 0}, []byte(built)...)
	os.WriteFile(filepath.Join(built, "server.jar"), binary, 0o644)
	s.toCache("k1", built, "built")

	reused := filepath.Join(t.TempDir(), "a-later-run", "build", "out")
	if _, ok := s.fromCache("k1", reused); !ok {
		t.Fatal("the sealed build was not reused")
	}
	got, _ := os.ReadFile(filepath.Join(reused, "system.properties"))
	if want := "soapbench.security.credentials=" + reused + "/security/credentials.properties\n"; string(got) != want {
		t.Errorf("system.properties = %q, want %q", got, want)
	}
	if jar, _ := os.ReadFile(filepath.Join(reused, "server.jar")); string(jar) != string(binary) {
		t.Errorf("the binary file was changed: %q", jar)
	}
	// Restored files stay read-only, as every reused file is.
	if info, err := os.Stat(filepath.Join(reused, "system.properties")); err != nil || info.Mode().Perm() != 0o444 {
		t.Errorf("system.properties mode = %v, %v; want 0444", info.Mode().Perm(), err)
	}
	// The entry itself still names the folder it was built in: it is sealed, and read again next time.
	again := filepath.Join(t.TempDir(), "a-third-run", "out")
	if _, ok := s.fromCache("k1", again); !ok {
		t.Fatal("the sealed build was not reused a second time")
	}
	if got, _ := os.ReadFile(filepath.Join(again, "system.properties")); string(got) !=
		"soapbench.security.credentials="+again+"/security/credentials.properties\n" {
		t.Errorf("the second reuse reads %q", got)
	}
}
