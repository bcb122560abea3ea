package job

import (
	"encoding/json"
	"os"
	"testing"

	"soapbench.dev/workers/internal/message"
)

// withSchemaDefaults is w as the backend sends it: each field w leaves out
// that schemas/workload.schema.json gives a default is written out, read
// from the schema itself, so the tests follow it when a default changes.
func withSchemaDefaults(t testing.TB, w message.Workload) message.Workload {
	t.Helper()
	raw, err := os.ReadFile("../../../schemas/workload.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	b, _ := json.Marshal(w)
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	fillDefaults(schema, doc)
	b, _ = json.Marshal(doc)
	var out message.Workload
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// fillDefaults writes each default of schema that doc leaves out into doc,
// and an object doc leaves out when a property of it has a default, as the
// backend does (common/WorkloadDefaults.java).
func fillDefaults(schema, doc map[string]any) {
	properties, _ := schema["properties"].(map[string]any)
	for name, p := range properties {
		property, _ := p.(map[string]any)
		value, present := doc[name]
		switch object, isObject := value.(map[string]any); {
		case present && isObject:
			fillDefaults(property, object)
		case present:
		case property["default"] != nil:
			doc[name] = property["default"]
		case hasDefaultsWithin(property):
			object := map[string]any{}
			fillDefaults(property, object)
			doc[name] = object
		}
	}
}

func hasDefaultsWithin(schema map[string]any) bool {
	properties, _ := schema["properties"].(map[string]any)
	for _, p := range properties {
		property, _ := p.(map[string]any)
		if property["default"] != nil || hasDefaultsWithin(property) {
			return true
		}
	}
	return false
}
