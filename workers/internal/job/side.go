package job

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/samples"
)

// bundleHead is StackRef.Bundle of a stack built from the job's head WSDL.
const bundleHead = "head"

// side is one WSDL of a run and what its servers are sent: the base, and in
// an A/B of two WSDLs the head (the job's headBundle), measured round by
// round beside the base on the same machine.
type side struct {
	bundleDir, entry, samplesDir string
	// nativeRequestsDir holds the requests a stack's own client sends.
	nativeRequestsDir string
	// all is one sample per operation, checked before timing.
	all []samples.Sample
	// measured are the samples the load cycles through.
	measured []samples.Sample
}

// writeSide writes a WSDL's bundle and samples into dir/<name>-* folders.
func (r *run) writeSide(name string, bundle message.Bundle, all, measured []samples.Sample) (*side, error) {
	s := &side{bundleDir: filepath.Join(r.dir, name+"bundle"), entry: bundle.Entry,
		samplesDir: filepath.Join(r.dir, name+"samples"), nativeRequestsDir: filepath.Join(r.dir, name+"drive-requests"),
		all: all, measured: measured}
	if err := os.MkdirAll(s.bundleDir, 0o755); err != nil {
		return nil, fmt.Errorf("work folder: %v", err)
	}
	if _, err := safePath(bundle.Entry); err != nil {
		return nil, fmt.Errorf("%sbundle entry: %v", name, err)
	}
	if err := writeBundle(s.bundleDir, bundle); err != nil {
		return nil, err
	}
	if err := samples.Write(s.samplesDir, s.all); err != nil {
		return nil, err
	}
	if r.plan.sendsClientRequests() {
		if err := samples.WriteSequence(s.nativeRequestsDir, s.measured); err != nil {
			return nil, fmt.Errorf("writing the native client's requests: %v", err)
		}
	}
	return s, nil
}

// prepareHead writes the head WSDL of an A/B of two WSDLs, when the job has one.
func (r *run) prepareHead() error {
	if r.job.HeadBundle == nil {
		return nil
	}
	if r.sequence != nil {
		return fmt.Errorf("a request sequence belongs to one WSDL: a job with a head WSDL cannot carry one")
	}
	// The head is measured on the base's operations, in the same order: only
	// then are the two measurements of a round the same load on two WSDLs.
	var operations []string
	for _, s := range r.base.measured {
		operations = append(operations, s.Operation)
	}
	all := toSamples(r.job.HeadSamples)
	if err := r.packXOP(all); err != nil {
		return fmt.Errorf("head WSDL: %v", err)
	}
	measured, err := measuredSamples(operations, all)
	if err != nil {
		return fmt.Errorf("head WSDL: %v", err)
	}
	r.head, err = r.writeSide("head-", *r.job.HeadBundle, all, measured)
	return err
}

// sideOf is the WSDL a stack is built from; an error when the job names one it does not carry.
func (r *run) sideOf(ref message.StackRef) (*side, error) {
	switch {
	case ref.Bundle == "":
		return r.base, nil
	case ref.Bundle == bundleHead && r.head != nil:
		return r.head, nil
	}
	return nil, fmt.Errorf("error: the job names bundle %q for %s, which it does not carry", ref.Bundle, ref.ID)
}

// buildVersion is the stack version a runner builds: a head's "4.2.3+head"
// is version 4.2.3 built from the head WSDL.
func buildVersion(ref message.StackRef) string {
	v, _, _ := strings.Cut(ref.Version, "+")
	return v
}
