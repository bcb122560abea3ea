package job

import (
	"runtime"

	"soapbench.dev/workers/internal/cpuset"
	"soapbench.dev/workers/internal/sampler"
)

// cpuPlan is where server and driver run during a measurement.
type cpuPlan struct {
	pinned         bool
	server, driver []int
}

func planCPUs(pin bool) cpuPlan {
	if !pin {
		return cpuPlan{}
	}
	s, d, ok := cpuset.Split(runtime.NumCPU())
	return cpuPlan{pinned: ok, server: s, driver: d}
}

// sharing is the fingerprint's cpuSharing value for this plan.
func (c cpuPlan) sharing() string {
	if c.pinned {
		return "pinned"
	}
	return "shared"
}

// apply pins the server's process tree and this process; the returned
// function gives the worker every CPU back.
func (c cpuPlan) apply(serverPID int) (undo func(), err error) {
	if !c.pinned {
		return func() {}, nil
	}
	if err := cpuset.SetProcess(sampler.Tree(serverPID), c.server); err != nil {
		return func() {}, err
	}
	if err := cpuset.SetSelf(c.driver); err != nil {
		return func() {}, err
	}
	return func() { _ = cpuset.SetSelf(cpuset.All()) }, nil
}
