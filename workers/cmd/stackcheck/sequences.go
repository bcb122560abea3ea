package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"soapbench.dev/workers/internal/netns"
	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/verify"
)

// sequence is a request sequence of a catalog service in datasets/: its
// requests and the exact answers every stack's real implementation must give.
type sequence struct {
	Name string // relative to the datasets folder, e.g. seismic/out/requests-large
	Dir  string
}

// catalogSequences finds every folder with an index.json under
// datasetsDir/<catalog>: the committed sequences and, once `make -C datasets
// build` has run, the built ones. Checking them all against every stack is
// what makes the stacks' answers comparable: each gives the same canonical
// XML for the same requests, not merely one sample right.
func catalogSequences(datasetsDir, catalog string) ([]sequence, error) {
	root := filepath.Join(datasetsDir, catalog)
	if _, err := os.Stat(root); os.IsNotExist(err) {
		return nil, nil
	}
	var out []sequence
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || d.Name() != "index.json" {
			return nil
		}
		dir := filepath.Dir(path)
		name, _ := filepath.Rel(datasetsDir, dir)
		out = append(out, sequence{Name: filepath.ToSlash(name), Dir: dir})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}

// verifySequences sends every request of every sequence to url and checks
// each answer; it returns one "name N" entry per sequence that passed, or the
// first failure.
func verifySequences(ctx context.Context, ns *netns.Namespace, url string, list []sequence) ([]string, error) {
	var passed []string
	for _, s := range list {
		requests, err := samples.Load(s.Dir)
		if err != nil {
			return passed, fmt.Errorf("sequence %s: %v", s.Name, err)
		}
		if err := verify.Endpoint(ctx, ns, url, requests); err != nil {
			return passed, fmt.Errorf("sequence %s: %v", s.Name, err)
		}
		passed = append(passed, fmt.Sprintf("%s %d", s.Name, len(requests)))
	}
	return passed, nil
}
