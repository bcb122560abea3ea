package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/xop"
)

// testCase is a WSDL with its samples, built either as a catalog service or
// with the stack's generic implementation.
type testCase struct {
	Name    string
	Dir     string
	Entry   string
	Catalog string
	// Claims is the case's case.json: the styles and SOAP versions a stack
	// must claim in its stack.json for the case to apply to it.
	Claims caseClaims
	// MTOM runs the case as an MTOM workload: built with --mtom, requests
	// sent as XOP packages, answers required to be XOP packages.
	MTOM bool
}

// caseClaims is case.json. Features names what else the case exercises
// (faults, one-way, choice, ...), for people reading the results.
type caseClaims struct {
	Styles       []string `json:"styles"`
	SOAPVersions []string `json:"soapVersions"`
	Features     []string `json:"features"`
	// XOPElements, when set, are the elements whose base64Binary content
	// an MTOM run of the case sends as binary parts; the case then also
	// runs with MTOM on every stack that claims it.
	XOPElements []xop.Element `json:"xopElements,omitempty"`
}

// withMTOM adds, after each case that names XOP elements, the same case run
// with MTOM.
func withMTOM(cases []testCase) []testCase {
	var out []testCase
	for _, c := range cases {
		out = append(out, c)
		if len(c.Claims.XOPElements) > 0 {
			m := c
			m.Name, m.MTOM = c.Name+"+mtom", true
			out = append(out, m)
		}
	}
	return out
}

// unclaimed returns the first style or SOAP version of the case that the
// stack's manifest does not claim, or "" when the case applies.
func (c testCase) unclaimed(f runner.Features) string {
	for _, s := range c.Claims.Styles {
		if !contains(f.Styles, s) {
			return s
		}
	}
	for _, v := range c.Claims.SOAPVersions {
		if !contains(f.SOAPVersions, v) {
			return "SOAP " + v
		}
	}
	return ""
}

// unimplemented tells whether the case is a catalog service the stack has no
// real implementation of: replaying its samples would prove nothing.
func (c testCase) unimplemented(catalog []string) bool {
	return c.Catalog != "" && !contains(catalog, c.Catalog)
}

// knownDefect returns the stack's known defect that the case exercises, if any.
func (c testCase) knownDefect(defects []runner.KnownDefect) (runner.KnownDefect, bool) {
	for _, d := range defects {
		if contains(c.Claims.Features, d.Feature) {
			return d, true
		}
	}
	return runner.KnownDefect{}, false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// defaultCases are every catalog service and every test WSDL of the
// repository. A catalog service's samples are what its real implementation
// must answer, the same for every stack.
func defaultCases(repo string) ([]testCase, error) {
	catalog, err := filepath.Glob(filepath.Join(repo, "wsdl-catalog", "*", "catalog.json"))
	if err != nil {
		return nil, err
	}
	tests, err := filepath.Glob(filepath.Join(repo, "testdata", "wsdl", "*", "samples"))
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, f := range append(catalog, tests...) {
		dirs = append(dirs, filepath.Dir(f))
	}
	return loadCases(dirs)
}

func loadCases(dirs []string) ([]testCase, error) {
	var out []testCase
	for _, d := range dirs {
		c, err := loadCase(d)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// loadCase reads a case folder: a folder with catalog.json is a catalog
// service (its entry WSDL named there); otherwise it must hold one *.wsdl.
func loadCase(dir string) (testCase, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return testCase{}, err
	}
	c := testCase{Name: filepath.Base(abs), Dir: abs}
	if _, err := os.Stat(filepath.Join(abs, "samples", "index.json")); err != nil {
		return testCase{}, fmt.Errorf("case %s: no samples/index.json", abs)
	}
	if raw, err := os.ReadFile(filepath.Join(abs, "catalog.json")); err == nil {
		var meta struct {
			ID    string `json:"id"`
			Entry string `json:"entry"`
		}
		if err := json.Unmarshal(raw, &meta); err != nil {
			return testCase{}, fmt.Errorf("case %s: catalog.json: %v", abs, err)
		}
		c.Catalog, c.Entry = meta.ID, meta.Entry
		if c.Catalog == "" {
			c.Catalog = c.Name
		}
	}
	if raw, err := os.ReadFile(filepath.Join(abs, "case.json")); err == nil {
		if err := json.Unmarshal(raw, &c.Claims); err != nil {
			return testCase{}, fmt.Errorf("case %s: case.json: %v", abs, err)
		}
	}
	if c.Entry == "" {
		wsdls, _ := filepath.Glob(filepath.Join(abs, "*.wsdl"))
		if len(wsdls) != 1 {
			return testCase{}, fmt.Errorf("case %s: expected exactly one *.wsdl, found %d", abs, len(wsdls))
		}
		c.Entry = filepath.Base(wsdls[0])
	}
	return c, nil
}

// copyBundle copies the case's WSDL and XSD files, not its samples or docs,
// into dst: the runner sees what the worker would give it.
func copyBundle(c testCase, dst string) error {
	return filepath.WalkDir(c.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(c.Dir, path)
		if d.IsDir() {
			if rel == "samples" {
				return filepath.SkipDir
			}
			return nil
		}
		ext := strings.ToLower(filepath.Ext(path))
		if ext != ".wsdl" && ext != ".xsd" {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, raw, 0o644)
	})
}
