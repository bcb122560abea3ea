package runner

import (
	"fmt"
	"regexp"
	"strings"
)

// Variant is a named configuration of a stack's server beside its default
// one (stack.json "variants"): the runner's serve verb applies its settings
// when the worker passes --variant ID.
type Variant struct {
	ID          string            `json:"id"`
	Description string            `json:"description"`
	Settings    map[string]string `json:"settings"`
}

var variantID = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)

// CheckVariant returns the manifest's variant of that id. An id the manifest
// does not declare is an error in the contract's form, naming the declared
// ones; it echoes the id only once it is known to be harmless text.
func (m Manifest) CheckVariant(id string) (Variant, error) {
	if variantID.MatchString(id) {
		for _, v := range m.Variants {
			if v.ID == id {
				return v, nil
			}
		}
	} else {
		id = "(not a variant id)"
	}
	var declared []string
	for _, v := range m.Variants {
		declared = append(declared, v.ID)
	}
	if len(declared) == 0 {
		declared = []string{"none"}
	}
	return Variant{}, fmt.Errorf("variant %s is not declared by %s; declared: %s", id, m.ID, strings.Join(declared, ", "))
}
