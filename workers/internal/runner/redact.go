package runner

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Redactor replaces the worker's own paths in what it publishes (failure
// reasons, build and server logs) by placeholders: <work>, <stacks>,
// <cache>, <home>, <repo>. Where the worker keeps its runs, its checkout and
// its secrets is nobody's business outside.
type Redactor struct {
	// pairs are (path, placeholder), longest path first, so that a path
	// inside another gets its own placeholder.
	pairs [][2]string
}

// pathEnd is what may follow a whole path: /root is not /rootfs.
const pathEnd = `(/|$|[^A-Za-z0-9._-])`

// NewRedactor replaces workRoot, the stacks' folder, the repository above it,
// the sandbox's build cache and the worker's home; "" paths are skipped.
func NewRedactor(workRoot string, stacks []Stack) Redactor {
	var r Redactor
	if len(stacks) > 0 {
		root := filepath.Dir(stacks[0].Dir)
		r.add(root, "<stacks>")
		r.add(filepath.Dir(root), "<repo>")
		r.add(stacks[0].Sandbox.BuildCache, "<cache>")
	}
	r.add(workRoot, "<work>")
	if home, err := os.UserHomeDir(); err == nil && home != "/" {
		r.add(home, "<home>")
	}
	sort.SliceStable(r.pairs, func(i, j int) bool { return len(r.pairs[i][0]) > len(r.pairs[j][0]) })
	return r
}

// add registers path and, when it differs, the path its links resolve to.
func (r *Redactor) add(path, placeholder string) {
	if path == "" || path == "/" {
		return
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return
	}
	r.pairs = append(r.pairs, [2]string{abs, placeholder})
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		r.pairs = append(r.pairs, [2]string{real, placeholder})
	}
}

// Text is s with every registered path replaced by its placeholder.
func (r Redactor) Text(s string) string {
	for _, p := range r.pairs {
		if strings.Contains(s, p[0]) {
			s = regexp.MustCompile(regexp.QuoteMeta(p[0])+pathEnd).ReplaceAllString(s, strings.ReplaceAll(p[1], "$", "$$")+"${1}")
		}
	}
	return s
}
