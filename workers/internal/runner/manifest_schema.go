package runner

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// ManifestSchemaFile is the schema every stack.json must satisfy, kept beside
// the stack folders (stack-runners/stack.schema.json) and shared with the backend.
const ManifestSchemaFile = "stack.schema.json"

// manifestSchema compiles dir/stack.schema.json; nil when the folder has none
// (the workers' own test stacks), so only the checks of loadStack apply there.
func manifestSchema(dir string) (*jsonschema.Schema, error) {
	path := filepath.Join(dir, ManifestSchemaFile)
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(path, doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	s, err := c.Compile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return s, nil
}

// checkManifest validates a manifest's bytes against the schema; the error
// names each violation by its place in the document (e.g. "at '/features':
// missing property 'styles'"), so a broken stack.json is refused with the reason.
func checkManifest(schema *jsonschema.Schema, path string, raw []byte) error {
	if schema == nil {
		return nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	err = schema.Validate(doc)
	var invalid *jsonschema.ValidationError
	if errors.As(err, &invalid) {
		return fmt.Errorf("%s breaks %s: %s", path, ManifestSchemaFile, violations(invalid))
	}
	return err
}

// english words the violations as the library's own messages do.
var english = message.NewPrinter(language.English)

// violations lists the leaf errors of a validation, one per place.
func violations(e *jsonschema.ValidationError) string {
	var out []string
	var walk func(*jsonschema.ValidationError)
	walk = func(v *jsonschema.ValidationError) {
		if len(v.Causes) == 0 {
			at := "/" + strings.Join(v.InstanceLocation, "/")
			out = append(out, fmt.Sprintf("at '%s': %s", at, v.ErrorKind.LocalizedString(english)))
			return
		}
		for _, c := range v.Causes {
			walk(c)
		}
	}
	walk(e)
	return strings.Join(out, "; ")
}

// CheckManifestFile validates the manifest at path against the schema of
// stacksDir, which must have one: stackcheck holds a stack to the schema the
// worker refuses a manifest by, and a missing schema would pass everything.
func CheckManifestFile(stacksDir, path string) error {
	schema, err := manifestSchema(stacksDir)
	if err != nil {
		return err
	}
	if schema == nil {
		return fmt.Errorf("no %s in %s", ManifestSchemaFile, stacksDir)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return checkManifest(schema, path, raw)
}
