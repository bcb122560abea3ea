// Package runner drives stacks through the runner contract
// (docs/runner-contract.md): it discovers stacks from their stack.json
// manifests and runs the runner's verbs as subprocesses.
package runner

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Stack is one stack-runners/<id>/ folder: its manifest and where it lives.
type Stack struct {
	Manifest
	// Dir is the absolute path of the stack's folder.
	Dir string
	// Sandbox confines the stack's build and serve verbs.
	Sandbox Sandbox
}

// Manifest is the content of stack.json (stack-runners/stack.schema.json).
type Manifest struct {
	ID          string `json:"id"`
	DisplayName string `json:"displayName"`
	Language    string `json:"language"`
	Description string `json:"description,omitempty"`
	// JITWarmup says the server compiles its hot code while it runs: its first
	// measurement waits for the JVM warm-up (job.Executor.JVMWarmup).
	JITWarmup bool      `json:"jitWarmup,omitempty"`
	Versions  []Version `json:"versions"`
	Container string    `json:"container"`
	Features  Features  `json:"features"`
	Catalog   []string  `json:"catalog,omitempty"`
	// KnownDefects are the stack's own defects that test WSDLs expose.
	KnownDefects []KnownDefect `json:"knownDefects,omitempty"`
	// Variants are named server configurations beside the default one.
	Variants []Variant `json:"variants,omitempty"`
}

// KnownDefect is a defect of the stack itself, named by the test-case
// feature it concerns, with what goes wrong.
type KnownDefect struct {
	Feature string `json:"feature"`
	Reason  string `json:"reason"`
}

// Version is one version a runner can build.
type Version struct {
	Version string `json:"version"`
	Label   string `json:"label,omitempty"`
}

// Features lists what a stack can build.
type Features struct {
	SOAPVersions []string `json:"soapVersions"`
	Styles       []string `json:"styles"`
	MTOM         bool     `json:"mtom,omitempty"`
	Security     []string `json:"security"`
	NativeClient bool     `json:"nativeClient,omitempty"`
	// NativeClientMTOM says that `runner drive --mtom` makes the stack's own
	// client send XOP packages and read XOP answers.
	NativeClientMTOM bool `json:"nativeClientMtom,omitempty"`
}

var stackID = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// RunnerPath is the stack's executable entry point.
func (s Stack) RunnerPath() string { return filepath.Join(s.Dir, "runner") }

// DefaultVersion is the first, newest, version of the manifest.
func (s Stack) DefaultVersion() string {
	if len(s.Versions) == 0 {
		return ""
	}
	return s.Versions[0].Version
}

// Discover reads every dir/*/stack.json. A folder without stack.json is not a
// stack and is skipped; a manifest that is broken, or breaks dir/stack.schema.json
// where the folder has one, is an error naming the file and the reason.
// Every stack gets DefaultSandbox.
func Discover(dir string) ([]Stack, error) {
	sandbox, err := DefaultSandbox()
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	manifests, err := filepath.Glob(filepath.Join(abs, "*", "stack.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(manifests)
	schema, err := manifestSchema(abs)
	if err != nil {
		return nil, err
	}
	var stacks []Stack
	for _, path := range manifests {
		s, err := loadStack(path, schema)
		if err != nil {
			return nil, err
		}
		s.Sandbox = sandbox
		stacks = append(stacks, s)
	}
	return stacks, nil
}

// Find returns the stack with the given id.
func Find(stacks []Stack, id string) (Stack, bool) {
	for _, s := range stacks {
		if s.ID == id {
			return s, true
		}
	}
	return Stack{}, false
}

func loadStack(path string, schema *jsonschema.Schema) (Stack, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return Stack{}, err
	}
	if err := checkManifest(schema, path, raw); err != nil {
		return Stack{}, err
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return Stack{}, fmt.Errorf("%s: %v", path, err)
	}
	dir := filepath.Dir(path)
	switch {
	case !stackID.MatchString(m.ID):
		return Stack{}, fmt.Errorf("%s: id %q is not a stack id (lower-case letters, digits, '-')", path, m.ID)
	case m.ID != filepath.Base(dir):
		return Stack{}, fmt.Errorf("%s: id %q differs from its folder name %q", path, m.ID, filepath.Base(dir))
	case len(m.Versions) == 0:
		return Stack{}, fmt.Errorf("%s: versions is empty", path)
	}
	seen := map[string]bool{}
	for _, v := range m.Variants {
		if !variantID.MatchString(v.ID) || v.ID == "head" || seen[v.ID] {
			return Stack{}, fmt.Errorf("%s: variant id %q is not a variant id, is taken by the head of an A/B, or is declared twice", path, v.ID)
		}
		seen[v.ID] = true
	}
	return Stack{Manifest: m, Dir: dir}, nil
}
