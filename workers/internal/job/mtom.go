package job

import (
	"fmt"

	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/xop"
)

// packXOP packs every request of list as an XOP package when the workload
// asks for MTOM (docs/workload.md#mtom), moving the content of the job's
// xopElements into binary parts.
func (r *run) packXOP(list []samples.Sample) error {
	if !r.job.Workload.MTOM {
		return nil
	}
	elements := make([]xop.Element, len(r.job.XOPElements))
	for i, e := range r.job.XOPElements {
		elements[i] = xop.Element{Namespace: e.Namespace, Name: e.Name}
	}
	if err := samples.PackXOP(list, elements); err != nil {
		return fmt.Errorf("packing the requests as XOP (workload mtom): %v", err)
	}
	return nil
}
