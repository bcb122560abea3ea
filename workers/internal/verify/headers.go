package verify

import "fmt"

// compareHeaders checks that every header block of the expected envelope is
// in got's Header and matches it as a Body payload must. The sample response
// holds exactly the header blocks the binding declares, so a block of another
// name in got is one the binding does not declare (a stack's own addressing
// or tracing headers) and is ignored.
func compareHeaders(expEnv, gotEnv *element) error {
	expBlocks := headerOf(expEnv)
	if len(expBlocks) == 0 {
		return nil
	}
	byName := map[string][]*element{}
	for _, b := range headerOf(gotEnv) {
		byName[qname(b)] = append(byName[qname(b)], b)
	}
	seen := map[string]int{}
	for _, exp := range expBlocks {
		name := qname(exp)
		path := "Header/" + exp.name.Local
		if n := countNamed(expBlocks, name); n > 1 {
			path += fmt.Sprintf("[%d]", seen[name]+1)
		}
		got := byName[name]
		if seen[name] >= len(got) {
			return fmt.Errorf("%s: missing header block %s", path, name)
		}
		if err := compareElements(path, blockContent(exp), blockContent(got[seen[name]])); err != nil {
			return err
		}
		seen[name]++
	}
	for name, got := range byName {
		if want := seen[name]; want > 0 && len(got) > want {
			return fmt.Errorf("Header: %d header blocks %s, expected %d", len(got), name, want)
		}
	}
	return nil
}

// headerOf returns the header blocks of an envelope (none without a Header).
func headerOf(env *element) []*element {
	for _, c := range env.children {
		if c.name.Local == "Header" && c.name.Space == env.name.Space {
			return c.children
		}
	}
	return nil
}

// blockContent drops the SOAP attributes of a header block itself
// (mustUnderstand, actor, role, relay): they tell a SOAP node how to process
// the block, stacks set them to their defaults as they please, and they are
// no part of the block's content.
func blockContent(b *element) *element {
	c := *b
	c.attrs = nil
	for _, a := range b.attrs {
		if a.Name.Space != soap11NS && a.Name.Space != soap12NS {
			c.attrs = append(c.attrs, a)
		}
	}
	return &c
}

func countNamed(blocks []*element, name string) int {
	n := 0
	for _, b := range blocks {
		if qname(b) == name {
			n++
		}
	}
	return n
}
