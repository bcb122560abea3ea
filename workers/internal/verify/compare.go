package verify

import (
	"fmt"
	"sort"
	"strings"
)

// Compare checks that the SOAP Body payload of got matches that of expected
// (both full envelopes) as the runner contract says, and so does each header
// block of expected; it returns an error naming the first place where they
// differ.
func Compare(expected, got []byte) error {
	expEnv, err := parse(expected)
	if err != nil {
		return fmt.Errorf("sample response is not XML: %v", err)
	}
	gotEnv, err := parse(got)
	if err != nil {
		return fmt.Errorf("response is not XML: %v", err)
	}
	expBody, err := bodyOf(expEnv)
	if err != nil {
		return fmt.Errorf("sample response: %v", err)
	}
	gotBody, err := bodyOf(gotEnv)
	if err != nil {
		return fmt.Errorf("response: %v", err)
	}
	// A sample response may itself be a fault (a service that declares one):
	// then the fault is the answer to compare.
	if f := fault(gotBody); f != "" && fault(expBody) == "" {
		return fmt.Errorf("SOAP Fault: %s", f)
	}
	if err := compareChildren("", expBody, gotBody); err != nil {
		return err
	}
	return compareHeaders(expEnv, gotEnv)
}

func compareElements(path string, exp, got *element) error {
	if exp.name != got.name {
		return fmt.Errorf("%s: expected element %s, got %s", orRoot(path), qname(exp), qname(got))
	}
	if err := compareAttrs(path, exp, got); err != nil {
		return err
	}
	if len(exp.children) > 0 || len(got.children) > 0 {
		return compareChildren(path, exp.children, got.children)
	}
	e, g := strings.TrimSpace(exp.text.String()), strings.TrimSpace(got.text.String())
	if isFaultCode(exp) {
		e, g = resolveQName(exp, e), resolveQName(got, g)
	}
	if !sameValue(e, g) && !sameQName(exp, e, got, g) {
		return fmt.Errorf("%s: expected %s, got %s", path, quoteIfBlank(e), quoteIfBlank(g))
	}
	return nil
}

func compareChildren(parent string, exp, got []*element) error {
	expPaths := childPaths(parent, exp)
	for i := range min(len(exp), len(got)) {
		if err := compareElements(expPaths[i], exp[i], got[i]); err != nil {
			return err
		}
	}
	switch {
	case len(got) < len(exp):
		return fmt.Errorf("%s: missing (got %d child elements of %s, expected %d)", expPaths[len(got)], len(got), orRoot(parent), len(exp))
	case len(got) > len(exp):
		extra := childPaths(parent, got)[len(exp)]
		return fmt.Errorf("%s: unexpected element (got %d child elements of %s, expected %d)", extra, len(got), orRoot(parent), len(exp))
	}
	return nil
}

// childPaths names each child by its local name, with a 1-based index when
// the name repeats among its siblings: /order/line[2].
func childPaths(parent string, children []*element) []string {
	count := map[string]int{}
	for _, c := range children {
		count[c.name.Local]++
	}
	seen := map[string]int{}
	paths := make([]string, len(children))
	for i, c := range children {
		seen[c.name.Local]++
		p := parent + "/" + c.name.Local
		if count[c.name.Local] > 1 {
			p += fmt.Sprintf("[%d]", seen[c.name.Local])
		}
		paths[i] = p
	}
	return paths
}

func compareAttrs(path string, exp, got *element) error {
	e, g := significantAttrs(exp), significantAttrs(got)
	for k := range e {
		if k == "{"+soapEncNS+"}arrayType" {
			e[k] = resolveQName(exp, e[k])
			if v, ok := g[k]; ok {
				g[k] = resolveQName(got, v)
			}
		}
	}
	keys := make([]string, 0, len(e)+len(g))
	for k := range e {
		keys = append(keys, k)
	}
	for k := range g {
		if _, ok := e[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		ev, inExp := e[k]
		gv, inGot := g[k]
		switch {
		case !inGot:
			return fmt.Errorf("%s/@%s: missing attribute (expected %s)", orRoot(path), k, ev)
		case !inExp:
			return fmt.Errorf("%s/@%s: unexpected attribute (value %s)", orRoot(path), k, gv)
		case !sameValue(strings.TrimSpace(ev), strings.TrimSpace(gv)):
			return fmt.Errorf("%s/@%s: expected %s, got %s", orRoot(path), k, ev, gv)
		}
	}
	return nil
}

// significantAttrs drops namespace declarations, xsi:type and
// encodingStyle, which differ between stacks without changing the payload:
// encodingStyle is inherited, so it may stand on the Body or on the element.
func significantAttrs(e *element) map[string]string {
	out := map[string]string{}
	for _, a := range e.attrs {
		if a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns") {
			continue
		}
		if a.Name.Space == xsiNS && a.Name.Local == "type" {
			continue
		}
		if a.Name.Local == "encodingStyle" && (a.Name.Space == soap11NS || a.Name.Space == soap12NS) {
			continue
		}
		key := a.Name.Local
		if a.Name.Space != "" {
			key = "{" + a.Name.Space + "}" + a.Name.Local
		}
		value := a.Value
		if a.Name.Space == xsiNS && a.Name.Local == "nil" {
			value = canonicalBoolean(value)
		}
		out[key] = value
	}
	return out
}

// canonicalBoolean folds the two spellings xsd:boolean has for each value.
func canonicalBoolean(v string) string {
	switch strings.TrimSpace(v) {
	case "1", "true":
		return "true"
	case "0", "false":
		return "false"
	}
	return v
}

// isFaultCode tells whether the element's text is a fault code, a QName
// whose prefix differs between stacks (soapenv:Client, SOAP-ENV:Client).
func isFaultCode(e *element) bool {
	return (e.name.Local == "faultcode" && e.name.Space == "") || (e.name.Local == "Value" && e.name.Space == soap12NS)
}

func qname(e *element) string {
	if e.name.Space == "" {
		return e.name.Local
	}
	return "{" + e.name.Space + "}" + e.name.Local
}

func orRoot(path string) string {
	if path == "" {
		return "Body"
	}
	return path
}

func quoteIfBlank(s string) string {
	if s == "" {
		return `""`
	}
	return s
}
