package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The project's own manifests satisfy the schema they are held to.
func TestEveryStackOfTheProjectSatisfiesTheManifestSchema(t *testing.T) {
	stacks, err := Discover("../../../stack-runners")
	if err != nil {
		t.Fatal(err)
	}
	if len(stacks) < 5 {
		t.Fatalf("%d stacks discovered, want the project's five or more", len(stacks))
	}
}

// A manifest that breaks the schema is refused with the file and each place it breaks it.
func TestAManifestThatBreaksTheSchemaIsRefusedWithTheReason(t *testing.T) {
	dir := t.TempDir()
	schema, err := os.ReadFile("../../../stack-runners/" + ManifestSchemaFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestSchemaFile), schema, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Decodes into Manifest without complaint: only the schema sees what is wrong.
	manifest := `{"id": "broken", "displayName": "Broken", "language": "C", "container": "none",
	  "versions": [{"version": "1.0"}], "jitWarmup": "yes",
	  "features": {"soapVersions": ["1.1"], "security": ["plain"]}, "colour": "red"}`
	if err := os.WriteFile(filepath.Join(dir, "broken", "stack.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Discover(dir)
	if err == nil {
		t.Fatal("a manifest that breaks the schema was accepted")
	}
	for _, want := range []string{"broken/stack.json breaks stack.schema.json", "at '/features': missing property 'styles'", "'colour'", "at '/jitWarmup'"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}

// CheckManifestFile refuses what Discover refuses, and a folder without the schema.
func TestCheckManifestFileNeedsTheSchemaAndHoldsTheManifestToIt(t *testing.T) {
	if err := CheckManifestFile("../../../stack-runners", "../../../stack-runners/cxf/stack.json"); err != nil {
		t.Errorf("cxf's manifest: %v", err)
	}
	dir := t.TempDir()
	manifest := filepath.Join(dir, "stack.json")
	if err := os.WriteFile(manifest, []byte(`{"id": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckManifestFile(dir, manifest); err == nil || !strings.Contains(err.Error(), "no stack.schema.json") {
		t.Errorf("without a schema: %v, want it named as missing", err)
	}
	if err := CheckManifestFile("../../../stack-runners", manifest); err == nil || !strings.Contains(err.Error(), "missing properties") {
		t.Errorf("a manifest of an id alone: %v, want the missing properties named", err)
	}
}
