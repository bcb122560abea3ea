package runner

import (
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The sealed cache is bounded. Every build of an uploaded WSDL is sealed, a
// few to tens of MiB each (a JVM build carries its jars), so an unbounded
// cache fills the worker's disk in time, and a stream of distinct uploads
// hastens that. After each entry is sealed, and when the worker starts, the
// least recently used entries of every stack are removed until the cache
// fits Sandbox.BuildCacheMaxBytes.

const (
	// cacheUsed is an entry's empty file whose modification time is its
	// last use: its sealing, then every hit.
	cacheUsed = "used"
	// cacheSize holds the bytes of an entry's files, written when sealed.
	cacheSize = "size"
	// DefaultBuildCacheMaxBytes holds a few hundred JVM builds.
	DefaultBuildCacheMaxBytes = 8 << 30
)

// One trim at a time in a worker: two would count the same entries twice.
// A trim that finds another under way leaves the work to it, so a build
// never waits for the worker's first trim of a large cache.
var trimMu sync.Mutex

type sealedEntry struct {
	dir   string
	bytes int64
	used  time.Time
}

// markUsed records a use of the entry now.
func markUsed(entry string) {
	now := time.Now()
	p := filepath.Join(entry, cacheUsed)
	if err := os.Chtimes(p, now, now); err != nil {
		// An entry sealed before uses were recorded gets its file now.
		_ = os.WriteFile(p, nil, 0o600)
	}
}

// TrimBuildCache removes the least recently used sealed entries until the
// cache holds at most BuildCacheMaxBytes (0: unbounded) and returns how many
// it removed and the bytes it freed.
func (sb Sandbox) TrimBuildCache() (removed int, freed int64) {
	if sb.BuildCache == "" || sb.BuildCacheMaxBytes <= 0 {
		return 0, 0
	}
	if !trimMu.TryLock() {
		return 0, 0
	}
	defer trimMu.Unlock()
	entries, total := sealedEntries(sb.BuildCache)
	sort.Slice(entries, func(i, j int) bool { return entries[i].used.Before(entries[j].used) })
	for _, e := range entries {
		if total <= sb.BuildCacheMaxBytes {
			break
		}
		if RemoveCache(e.dir) != nil {
			continue
		}
		total -= e.bytes
		freed += e.bytes
		removed++
	}
	if removed > 0 {
		slog.Info("build cache trimmed to its bound", "removed", removed, "freedBytes", freed,
			"bytes", total, "maxBytes", sb.BuildCacheMaxBytes)
	}
	return removed, freed
}

// sealedEntries lists every stack's entries (cache/STACK/KEY) with their
// sizes and last uses; staging folders of seals under way are left alone.
func sealedEntries(cache string) ([]sealedEntry, int64) {
	var entries []sealedEntry
	var total int64
	stacks, _ := os.ReadDir(cache)
	for _, stack := range stacks {
		if !stack.IsDir() {
			continue
		}
		keys, _ := os.ReadDir(filepath.Join(cache, stack.Name()))
		for _, key := range keys {
			if !key.IsDir() || strings.HasPrefix(key.Name(), ".") {
				continue
			}
			dir := filepath.Join(cache, stack.Name(), key.Name())
			e := sealedEntry{dir: dir, bytes: entryBytes(dir), used: lastUsed(dir)}
			total += e.bytes
			entries = append(entries, e)
		}
	}
	return entries, total
}

// entryBytes is what the entry's seal recorded, or, for an entry sealed
// before sizes were recorded, the disk space of its files (treeBytes).
func entryBytes(dir string) int64 {
	if raw, err := os.ReadFile(filepath.Join(dir, cacheSize)); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64); err == nil && n >= 0 {
			return n
		}
	}
	return treeBytes(dir)
}

// lastUsed is the time of the entry's used file, or of its manifest.
func lastUsed(dir string) time.Time {
	for _, name := range []string{cacheUsed, cacheManifest} {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return info.ModTime()
		}
	}
	return time.Time{}
}
