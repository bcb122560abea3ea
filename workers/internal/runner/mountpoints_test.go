package runner

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHoldMountPointsMakesTheFoldersBelowTmpThatHoldBinds(t *testing.T) {
	host := t.TempDir()
	file := filepath.Join(host, "lock")
	os.WriteFile(file, nil, 0o644)
	tmp := filepath.Join(host, "scratch-tmp")
	os.Mkdir(tmp, 0o777)
	bw := []string{
		"--ro-bind", "/usr", "/usr", // outside /tmp: not the private /tmp's business
		"--bind", tmp, "/tmp", // /tmp itself
		"--ro-bind", host, "/tmp/repo/stack-runners", // a folder below /tmp
		"--bind", file, "/tmp/repo/stack-runners/cxf/.cache/x.lock", // a file below /tmp
		"--tmpfs", "/tmp/elsewhere", // not a bind
	}
	if err := holdMountPoints(tmp, bw); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		dir  bool
	}{
		{"repo", true},
		{"repo/stack-runners", true},
		{"repo/stack-runners/cxf/.cache", true},
		{"repo/stack-runners/cxf/.cache/x.lock", false},
	} {
		fi, err := os.Stat(filepath.Join(tmp, c.path))
		if err != nil {
			t.Errorf("%s: %v", c.path, err)
			continue
		}
		if fi.IsDir() != c.dir {
			t.Errorf("%s: folder %v, want %v", c.path, fi.IsDir(), c.dir)
		}
		// Writable by its owner (the worker) only: the sandbox user cannot add files beside a mount.
		if fi.Mode().Perm()&0o022 != 0 {
			t.Errorf("%s: mode %v lets others write", c.path, fi.Mode().Perm())
		}
	}
	for _, absent := range []string{"usr", "elsewhere"} {
		if _, err := os.Stat(filepath.Join(tmp, absent)); err == nil {
			t.Errorf("%s was made, but no bind below /tmp needs it", absent)
		}
	}
}
