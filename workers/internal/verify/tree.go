package verify

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strings"
)

const (
	soap11NS  = "http://schemas.xmlsoap.org/soap/envelope/"
	soap12NS  = "http://www.w3.org/2003/05/soap-envelope"
	xsiNS     = "http://www.w3.org/2001/XMLSchema-instance"
	soapEncNS = "http://schemas.xmlsoap.org/soap/encoding/"
)

// element is an XML element with prefixes resolved to namespaces.
type element struct {
	name     xml.Name
	attrs    []xml.Attr
	children []*element
	text     strings.Builder
	// scope maps the prefixes in scope to their namespaces, for values that
	// are QNames (soapenc:arrayType, a fault code).
	scope map[string]string
}

// parse reads a whole document into its root element.
func parse(doc []byte) (*element, error) {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var stack []*element
	var root *element
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			e := &element{name: t.Name, attrs: t.Attr}
			var outer map[string]string
			if len(stack) > 0 {
				outer = stack[len(stack)-1].scope
			}
			e.scope = withDeclarations(outer, t.Attr)
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				parent.children = append(parent.children, e)
			} else if root == nil {
				root = e
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no XML element")
	}
	return root, nil
}

// withDeclarations returns the prefix map of an element: its parent's,
// copied only when the element declares prefixes of its own.
func withDeclarations(outer map[string]string, attrs []xml.Attr) map[string]string {
	scope, copied := outer, false
	for _, a := range attrs {
		// xmlns:p="..." binds p; xmlns="..." binds the default namespace, kept under "".
		isDefault := a.Name.Space == "" && a.Name.Local == "xmlns"
		if a.Name.Space != "xmlns" && !isDefault {
			continue
		}
		if !copied {
			scope = make(map[string]string, len(outer)+1)
			for k, v := range outer {
				scope[k] = v
			}
			copied = true
		}
		if isDefault {
			scope[""] = a.Value
		} else {
			scope[a.Name.Local] = a.Value
		}
	}
	return scope
}

// qnameLexical is an xs:QName as written: an optional prefix, then a local name.
var qnameLexical = regexp.MustCompile(`^(?:[\pL_][\pL\pN_.-]*:)?[\pL_][\pL\pN_.-]*$`)

// expandedQName resolves a value written as an xs:QName in the element's
// scope, an unprefixed one against the default namespace ("" when none) as
// XML Schema does; ok is false when the value is no QName or its prefix is unbound.
func expandedQName(e *element, value string) (expanded string, ok bool) {
	if !qnameLexical.MatchString(value) {
		return "", false
	}
	prefix, local, prefixed := strings.Cut(value, ":")
	if !prefixed {
		prefix, local = "", value
	}
	ns, bound := e.scope[prefix]
	if !bound && prefixed {
		return "", false
	}
	return "{" + ns + "}" + local, true
}

// sameQName accepts two texts that name the same QName through different
// prefixes, as stacks re-prefix an xs:QName value they answer (gSOAP writes
// a QName in no namespace as _0:name with xmlns:_0=""). Only a value with a
// prefix on at least one side is taken for a QName: two plain words must match.
func sameQName(exp *element, e string, got *element, g string) bool {
	if !strings.Contains(e, ":") && !strings.Contains(g, ":") {
		return false
	}
	a, okA := expandedQName(exp, e)
	b, okB := expandedQName(got, g)
	return okA && okB && a == b
}

// resolveQName turns "prefix:rest" into "{namespace}rest" with the element's
// prefixes; a value without a known prefix is returned as it is.
func resolveQName(e *element, value string) string {
	prefix, rest, ok := strings.Cut(strings.TrimSpace(value), ":")
	if !ok {
		return value
	}
	ns, known := e.scope[prefix]
	if !known {
		return value
	}
	return "{" + ns + "}" + rest
}

// bodyOf returns the children of an envelope's Body.
func bodyOf(env *element) ([]*element, error) {
	if env.name.Local != "Envelope" || (env.name.Space != soap11NS && env.name.Space != soap12NS) {
		return nil, fmt.Errorf("root element is {%s}%s, not a SOAP Envelope", env.name.Space, env.name.Local)
	}
	for _, c := range env.children {
		if c.name.Local == "Body" && c.name.Space == env.name.Space {
			return c.children, nil
		}
	}
	return nil, fmt.Errorf("SOAP Envelope has no Body")
}

// fault describes a SOAP Fault in body, or returns "" when there is none.
func fault(body []*element) string {
	for _, e := range body {
		if e.name.Local != "Fault" || (e.name.Space != soap11NS && e.name.Space != soap12NS) {
			continue
		}
		var code, text string
		for _, c := range e.children {
			switch c.name.Local {
			case "faultcode":
				code = strings.TrimSpace(c.text.String())
			case "faultstring":
				text = strings.TrimSpace(c.text.String())
			case "Code":
				code = strings.TrimSpace(childText(c, "Value"))
			case "Reason":
				text = strings.TrimSpace(childText(c, "Text"))
			}
		}
		return strings.TrimSpace(code + " " + text)
	}
	return ""
}

func childText(e *element, local string) string {
	for _, c := range e.children {
		if c.name.Local == local {
			return c.text.String()
		}
	}
	return ""
}
