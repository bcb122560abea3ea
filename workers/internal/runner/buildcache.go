package runner

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// The worker keeps built servers itself, out of every sandbox's reach: a
// build writes only its own output folder, and the worker, which trusts no
// build, computes the entry's key from what it knows, copies the output into
// the cache as read-only files of its own, and records a digest of each. A
// hit is checked against those digests before use; an entry that does not
// match is evicted. The runners' own cache (stack-runners/jvm-host/
// runner-common.sh) is switched off inside the sandbox, since a build could
// write it.

const (
	cacheManifest = "manifest.json"
	cacheLog      = "build.log"
	cacheFiles    = "files"
	// cacheOrigin is the output folder the entry was built in.
	cacheOrigin = "origin"
)

// cachedFile is one file of a sealed entry.
type cachedFile struct {
	Path string      `json:"path"`
	Mode fs.FileMode `json:"mode"`
	// SHA256 is the content's digest for a regular file.
	SHA256 string `json:"sha256,omitempty"`
	// Link is a symlink's target, kept as it is and never followed.
	Link string `json:"link,omitempty"`
}

// cacheKey names a build by everything that decides its content; "" when the
// cache is off or an input cannot be read.
func (s Stack) cacheKey(req BuildRequest) string {
	if s.Sandbox.BuildCache == "" {
		return ""
	}
	sources, err := stackSourcesDigest(filepath.Dir(s.Dir), filepath.Base(s.Dir))
	if err != nil {
		return ""
	}
	bundle, err1 := treeDigest(req.BundleDir)
	samples, err2 := treeDigest(req.SamplesDir)
	if err1 != nil || err2 != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "stack=%q\nsources=%s\nversion=%q\nsecurity=%q\ncatalog=%q\nentry=%q\nbundle=%s\nsamples=%s\n",
		s.ID, sources, req.Version, req.Security, req.Catalog, req.Entry, bundle, samples)
	// A secured build carries the test PKI's keys; a plain one reads none of it,
	// so a machine's freshly made PKI leaves its plain builds' keys alone.
	if req.Security != "" && req.Security != "plain" {
		pki, err := treeDigest(filepath.Join(filepath.Dir(s.Dir), pkiDir))
		if err != nil {
			return ""
		}
		fmt.Fprintf(h, "pki=%s\n", pki)
	}
	// Only when set, so the keys of every build without MTOM stay what they were.
	if req.MTOM {
		fmt.Fprintf(h, "mtom=true\n")
	}
	return hex.EncodeToString(h.Sum(nil))
}

var (
	sourcesMu      sync.Mutex
	sourcesDigests = map[string]string{}
)

// pkiDir is the test PKI under the stacks' folder, made on each machine with
// fresh keys (stack-runners/security/make-pki).
const pkiDir = "security/pki"

// stackSourcesDigest is the digest of what a build of the stack in folder
// own can read of the stacks' folder: its own folder and every shared one
// (the JVM host, the security profile, the toolset...), with the stamps of
// what `prepare` made but not the prepared jars themselves (which the stamps
// name), nor the PKI (which only secured builds' keys include). Another
// stack's folder (one holding a stack.json) is left out: no runner reads
// another's, so changing one runner leaves the others' builds in the cache.
// Computed once per worker and stack, as stacks do not change under a
// running worker.
func stackSourcesDigest(root, own string) (string, error) {
	sourcesMu.Lock()
	defer sourcesMu.Unlock()
	memo := root + "\x00" + own
	if d, ok := sourcesDigests[memo]; ok {
		return d, nil
	}
	h := sha256.New()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "__pycache__":
				return filepath.SkipDir
			}
			if filepath.ToSlash(rel) == pkiDir || isOtherStack(root, rel, own) {
				return filepath.SkipDir
			}
			return nil
		}
		// Prepared caches and Maven outputs are named by their stamps.
		if under(rel, ".cache", "target") && !strings.HasPrefix(d.Name(), ".prepared") && d.Name() != ".sources.sha256" {
			return nil
		}
		return digestEntry(h, root, rel, d)
	})
	if err != nil {
		return "", err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	sourcesDigests[memo] = sum
	return sum, nil
}

// isOtherStack says whether rel is a stack's folder, directly under the
// stacks' folder, other than own.
func isOtherStack(root, rel, own string) bool {
	if rel == "." || strings.ContainsRune(filepath.ToSlash(rel), '/') || rel == own {
		return false
	}
	info, err := os.Stat(filepath.Join(root, rel, "stack.json"))
	return err == nil && info.Mode().IsRegular()
}

func under(rel string, names ...string) bool {
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		for _, n := range names {
			if part == n {
				return true
			}
		}
	}
	return false
}

// treeDigest is the digest of every file under dir, names included.
func treeDigest(dir string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		return digestEntry(h, dir, rel, d)
	})
	return hex.EncodeToString(h.Sum(nil)), err
}

func digestEntry(h io.Writer, root, rel string, d fs.DirEntry) error {
	p := filepath.Join(root, rel)
	switch {
	case d.Type()&fs.ModeSymlink != 0:
		target, err := os.Readlink(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "link %q %q\n", rel, target)
	case d.Type().IsRegular():
		sum, err := fileDigest(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "file %q %s\n", rel, sum)
	}
	return nil
}

// fileDigest reads a regular file without following a link in its place.
func fileDigest(p string) (string, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func (s Stack) cacheEntry(key string) string {
	return filepath.Join(s.Sandbox.BuildCache, s.ID, key)
}

// fromCache fills out from a sealed entry and returns the entry's build log;
// false on a miss. An entry whose files differ from its manifest is evicted.
func (s Stack) fromCache(key, out string) (string, bool) {
	if key == "" {
		return "", false
	}
	entry := s.cacheEntry(key)
	raw, err := os.ReadFile(filepath.Join(entry, cacheManifest))
	if err != nil {
		return "", false
	}
	var files []cachedFile
	err = json.Unmarshal(raw, &files)
	if err == nil {
		err = checkSealed(filepath.Join(entry, cacheFiles), files)
	}
	origin, originErr := os.ReadFile(filepath.Join(entry, cacheOrigin))
	if err == nil && (originErr != nil || !filepath.IsAbs(string(origin))) {
		// Sealed before entries said where they were built: it cannot be relocated.
		err = fmt.Errorf("the entry does not say which folder it was built in")
	}
	if err != nil {
		slog.Warn("evicting a sealed build that cannot be reused", "stack", s.ID, "entry", key, "err", err)
		_ = makeWritable(entry)
		_ = os.RemoveAll(entry)
		return "", false
	}
	if err := os.RemoveAll(out); err != nil {
		return "", false
	}
	swap, err := newPathSwap(string(origin), out)
	if err == nil {
		err = copySealed(filepath.Join(entry, cacheFiles), out, files, true, swap)
	}
	if err != nil {
		_ = makeWritable(out)
		_ = os.RemoveAll(out)
		_ = os.MkdirAll(out, 0o755)
		return "", false
	}
	markUsed(entry)
	log, _ := os.ReadFile(filepath.Join(entry, cacheLog))
	return string(log) + fmt.Sprintf("\n== reused the sealed build %s\n", key), true
}

// checkSealed compares the files under dir with the manifest, both ways.
func checkSealed(dir string, files []cachedFile) error {
	want := map[string]cachedFile{}
	for _, f := range files {
		want[f.Path] = f
	}
	seen := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		f, ok := want[filepath.ToSlash(rel)]
		if !ok {
			return fmt.Errorf("%s is not in the manifest", rel)
		}
		seen++
		switch {
		case d.IsDir():
			if !f.Mode.IsDir() {
				return fmt.Errorf("%s is a folder", rel)
			}
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil || f.Link == "" || target != f.Link {
				return fmt.Errorf("%s links elsewhere", rel)
			}
		case d.Type().IsRegular():
			sum, err := fileDigest(p)
			if err != nil || sum != f.SHA256 {
				return fmt.Errorf("%s differs from its digest", rel)
			}
		default:
			return fmt.Errorf("%s is no file, folder or link", rel)
		}
		return nil
	})
	if err == nil && seen != len(files) {
		err = fmt.Errorf("%d of %d files are missing", len(files)-seen, len(files))
	}
	return err
}

// toCache seals a successful build's output under key: a staging copy owned
// by the worker, read-only, renamed into place whole.
func (s Stack) toCache(key, out, log string) {
	if key == "" {
		return
	}
	files, err := listOutput(out)
	if err != nil {
		slog.Warn("a build's output is not cached", "stack", s.ID, "err", err)
		return
	}
	root := filepath.Join(s.Sandbox.BuildCache, s.ID)
	if err := os.MkdirAll(root, 0o700); err != nil {
		return
	}
	_ = os.Chmod(s.Sandbox.BuildCache, 0o700)
	staging, err := os.MkdirTemp(root, ".staging-")
	if err != nil {
		return
	}
	defer os.RemoveAll(staging)
	if err := copySealed(out, filepath.Join(staging, cacheFiles), files, false, nil); err != nil {
		slog.Warn("a build's output is not cached", "stack", s.ID, "err", err)
		return
	}
	raw, _ := json.Marshal(files)
	size := strconv.FormatInt(treeBytes(filepath.Join(staging, cacheFiles)), 10)
	origin, err := filepath.Abs(out)
	if err != nil {
		return
	}
	if os.WriteFile(filepath.Join(staging, cacheManifest), raw, 0o444) != nil ||
		os.WriteFile(filepath.Join(staging, cacheOrigin), []byte(origin), 0o444) != nil ||
		os.WriteFile(filepath.Join(staging, cacheLog), []byte(log), 0o444) != nil ||
		os.WriteFile(filepath.Join(staging, cacheSize), []byte(size), 0o444) != nil ||
		os.WriteFile(filepath.Join(staging, cacheUsed), nil, 0o600) != nil {
		return
	}
	// The copy, not the output, is what the manifest must describe.
	if err := checkSealed(filepath.Join(staging, cacheFiles), files); err != nil {
		return
	}
	entry := s.cacheEntry(key)
	_ = makeWritable(entry)
	_ = os.RemoveAll(entry)
	if err := os.Rename(staging, entry); err != nil {
		slog.Warn("a build's output is not cached", "stack", s.ID, "err", err)
		return
	}
	s.Sandbox.TrimBuildCache()
}

// listOutput describes every entry under out, digests included; anything
// but files, folders and links keeps the build out of the cache.
func listOutput(out string) ([]cachedFile, error) {
	var files []cachedFile
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == out {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		f := cachedFile{Path: filepath.ToSlash(rel)}
		info, err := d.Info()
		if err != nil {
			return err
		}
		f.Mode = info.Mode()
		switch {
		case d.IsDir():
		case d.Type()&fs.ModeSymlink != 0:
			if f.Link, err = os.Readlink(p); err != nil {
				return err
			}
		case d.Type().IsRegular():
			if f.SHA256, err = fileDigest(p); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s is no file, folder or link", rel)
		}
		files = append(files, f)
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, err
}

// copySealed copies files from src to dst: folders first, then files and
// links. toBuild=false makes the cache's read-only copy; true fills a build
// folder, through swap when it is not nil. Never hard links: a build folder may later be handed to the
// sandbox user, and a linked file with it.
func copySealed(src, dst string, files []cachedFile, toBuild bool, swap *pathSwap) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		to := filepath.Join(dst, filepath.FromSlash(f.Path))
		from := filepath.Join(src, filepath.FromSlash(f.Path))
		switch {
		case f.Mode.IsDir():
			if err := os.MkdirAll(to, 0o755); err != nil {
				return err
			}
		case f.Link != "":
			if err := os.Symlink(f.Link, to); err != nil {
				return err
			}
		default:
			if err := copyFile(from, to, f.Mode.Perm()&0o555|0o444, swap); err != nil {
				return err
			}
		}
	}
	if !toBuild {
		// Folders last: their files are in place, and nothing more is added.
		for i := len(files) - 1; i >= 0; i-- {
			if files[i].Mode.IsDir() {
				_ = os.Chmod(filepath.Join(dst, filepath.FromSlash(files[i].Path)), 0o555)
			}
		}
	}
	return nil
}

// maxRelocatedBytes bounds the files a path swap reads whole: configuration
// that names a path is small, and a larger file is copied as it is.
const maxRelocatedBytes = 4 << 20

// pathSwap relocates a build restored from the cache: runners may write
// absolute paths into their output (Axis2's secured builds name their
// credentials and key stores so), and each run builds in a folder of its own
// that is gone once the run ends, so a reused build would name files of a
// folder that no longer exists. The folder the entry was built in is written
// as the one it is restored into, in text files only: files with a NUL byte
// are binary, whose offsets a path of another length would break.
type pathSwap struct{ from, to []byte }

// newPathSwap is the swap from origin to dst; nil when a build is restored
// into the folder it was built in.
func newPathSwap(origin, dst string) (*pathSwap, error) {
	to, err := filepath.Abs(dst)
	if err != nil || to == origin {
		return nil, err
	}
	return &pathSwap{from: []byte(origin), to: []byte(to)}, nil
}

// apply is data with the swap made, or data itself when it names no origin
// or is binary.
func (s *pathSwap) apply(data []byte) []byte {
	if !bytes.Contains(data, s.from) || bytes.IndexByte(data, 0) >= 0 {
		return data
	}
	return bytes.ReplaceAll(data, s.from, s.to)
}

// copyFile copies one sealed file, through swap when it is not nil and the
// file is small enough to be read whole.
func copyFile(from, to string, mode fs.FileMode, swap *pathSwap) error {
	in, err := os.OpenFile(from, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	var src io.Reader = in
	if info, err := in.Stat(); swap != nil && err == nil && info.Size() <= maxRelocatedBytes {
		data, err := io.ReadAll(in)
		if err != nil {
			out.Close()
			return err
		}
		src = bytes.NewReader(swap.apply(data))
	}
	if _, err := io.Copy(out, src); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// makeWritable opens an entry's read-only folders so that it can be removed.
func makeWritable(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(p, 0o700)
		}
		return nil
	})
}

// RemoveCache removes a build cache folder, read-only entries and all.
func RemoveCache(dir string) error {
	_ = makeWritable(dir)
	return os.RemoveAll(dir)
}
