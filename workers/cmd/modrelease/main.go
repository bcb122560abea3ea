// Command modrelease writes this module as a Go module proxy serves it
// (https://go.dev/ref/mod#goproxy-protocol), so that a SOAPBench instance can
// serve the release of its own benchctl and a CI job installs it with
//
//	GOPROXY=https://soapbench.example/go,https://proxy.golang.org GONOSUMDB=soapbench.dev \
//	  go install soapbench.dev/workers/cmd/benchctl@latest
//
// The version is the pseudo-version of the commit built (v0.0.0-<UTC commit
// time>-<12 hex digits>), so that every deployed commit is its own immutable
// release, as the go command expects of a version.
//
// Usage:
//
//	modrelease -dir . -version v0.0.0-20261126104700-2d15ede1a2b3 -time 2026-11-26T10:47:00Z -out bin/goproxy
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	dir := flag.String("dir", ".", "the module's folder (holds go.mod)")
	version := flag.String("version", "", "the release's version, a pseudo-version of the commit")
	commitTime := flag.String("time", "", "the commit's time, RFC 3339")
	out := flag.String("out", "bin/goproxy", "the proxy folder to write into")
	flag.Parse()
	if err := release(*dir, *version, *commitTime, *out); err != nil {
		fmt.Fprintln(os.Stderr, "modrelease:", err)
		os.Exit(1)
	}
}

// info is the .info file and the @latest answer of the proxy protocol.
type info struct {
	Version string
	Time    time.Time
}

func release(dir, version, commitTime, out string) error {
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	path := modfile.ModulePath(goMod)
	if !module.IsPseudoVersion(version) {
		return fmt.Errorf("version %q is no pseudo-version", version)
	}
	at, err := time.Parse(time.RFC3339, commitTime)
	if err != nil {
		return fmt.Errorf("-time: %v", err)
	}
	mv := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	versions := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	// One release per folder: the previous build's files go.
	if err := os.RemoveAll(filepath.Join(out, filepath.FromSlash(escaped))); err != nil {
		return err
	}
	if err := os.MkdirAll(versions, 0o755); err != nil {
		return err
	}
	files, err := sources(dir)
	if err != nil {
		return err
	}
	z, err := os.Create(filepath.Join(versions, version+".zip"))
	if err != nil {
		return err
	}
	if err := zip.Create(z, mv, files); err != nil {
		z.Close()
		return err
	}
	if err := z.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(versions, version+".mod"), goMod, 0o644); err != nil {
		return err
	}
	meta, _ := json.Marshal(info{Version: version, Time: at.UTC()})
	if err := os.WriteFile(filepath.Join(versions, version+".info"), meta, 0o644); err != nil {
		return err
	}
	// No tagged versions: the go command then asks @latest, which names this one.
	if err := os.WriteFile(filepath.Join(versions, "list"), nil, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, filepath.FromSlash(escaped), "@latest"), meta, 0o644)
}

// sources are the files of the module a build needs: everything but built
// binaries (bin/) and hidden folders. Nested modules and vendor folders are
// left out by zip.Create itself.
func sources(dir string) ([]zip.File, error) {
	var files []zip.File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if rel != "." && (rel == "bin" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		files = append(files, localFile{path: filepath.ToSlash(rel), full: p})
		return nil
	})
	return files, err
}

// localFile is a file of the module folder, as zip.Create reads it.
type localFile struct{ path, full string }

func (f localFile) Path() string { return f.path }

func (f localFile) Lstat() (os.FileInfo, error) { return os.Lstat(f.full) }

func (f localFile) Open() (io.ReadCloser, error) { return os.Open(f.full) }
