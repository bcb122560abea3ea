package job

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"soapbench.dev/workers/internal/samples"
)

// VerifiedSequenceRequests is how many requests of a request sequence are
// checked against their responses before timing; the rest are checked as
// every load request is.
const VerifiedSequenceRequests = 3

var datasetName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9._-]*)+$`)

// datasetFolder finds dataset A/B... under root: the built datasets/A/out/B...
// first, then a committed datasets/A/B....
func datasetFolder(root, name string) (string, error) {
	if !datasetName.MatchString(name) || strings.Contains(name, "..") {
		return "", fmt.Errorf("dataset %q: not a dataset path like echo/1kb", name)
	}
	if root == "" {
		return "", fmt.Errorf("dataset %q: this worker has no datasets folder (set SOAPBENCH_DATASETS)", name)
	}
	group, rest, _ := strings.Cut(name, "/")
	built := filepath.Join(root, group, "out", filepath.FromSlash(rest))
	committed := filepath.Join(root, filepath.FromSlash(name))
	for _, dir := range []string{built, committed} {
		if _, err := os.Stat(filepath.Join(dir, "index.json")); err == nil {
			return dir, nil
		}
	}
	return "", fmt.Errorf("dataset %q: no folder %s with an index.json on this worker; build it with `make -C %s build`", name, built, root)
}

// requestSequence is the workload's request sequence, or nil when it has
// none. The build samples are what the stacks build from: the job's samples,
// or, when those are an inlined sequence, the first of each operation.
func (r *run) requestSequence() (sequence, build []samples.Sample, err error) {
	all := toSamples(r.job.Samples)
	if err := r.packXOP(all); err != nil {
		return nil, nil, err
	}
	switch {
	case r.job.RequestsDataset != "":
		dir, err := datasetFolder(r.DatasetsDir, r.job.RequestsDataset)
		if err != nil {
			return nil, nil, err
		}
		seq, err := samples.Load(dir)
		if err != nil {
			return nil, nil, fmt.Errorf("dataset %q: %v", r.job.RequestsDataset, err)
		}
		if err := r.packXOP(seq); err != nil {
			return nil, nil, err
		}
		return seq, all, nil
	case r.job.Workload.Requests != nil:
		return all, firstOfEach(all), nil
	}
	return nil, all, nil
}

func firstOfEach(list []samples.Sample) []samples.Sample {
	seen := map[string]bool{}
	var out []samples.Sample
	for _, s := range list {
		if !seen[s.Operation] {
			seen[s.Operation] = true
			out = append(out, s)
		}
	}
	return out
}

// sequenceLoad is the part of a sequence the load sends: the workload's
// operations when it names some, and never one-way requests.
func sequenceLoad(operations []string, sequence []samples.Sample) ([]samples.Sample, error) {
	wanted := map[string]bool{}
	for _, op := range operations {
		wanted[op] = true
	}
	var out []samples.Sample
	for _, s := range sequence {
		if !s.OneWay && (len(wanted) == 0 || wanted[s.Operation]) {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("workload: the request sequence has no request of the measured operations")
	}
	return out, nil
}
