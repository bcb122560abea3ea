package job

import "sync"

// rememberedCancels is how many cancelled run ids a worker keeps: enough
// for every job that can still sit in a queue after its run was cancelled.
const rememberedCancels = 4096

// cancelledRuns is the set of the run ids most recently cancelled, the
// oldest forgotten first.
type cancelledRuns struct {
	mu    sync.Mutex
	ids   map[string]bool
	order []string
}

func (c *cancelledRuns) add(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil {
		c.ids = map[string]bool{}
	}
	if c.ids[id] {
		return
	}
	if len(c.order) >= rememberedCancels {
		delete(c.ids, c.order[0])
		c.order = c.order[1:]
	}
	c.ids[id] = true
	c.order = append(c.order, id)
}

func (c *cancelledRuns) has(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ids[id]
}
