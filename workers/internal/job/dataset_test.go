package job

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/samples"
)

func TestDatasetFolder(t *testing.T) {
	root := t.TempDir()
	for _, dir := range []string{"echo/out/1kb", "echo/1kb", "calc/requests"} {
		os.MkdirAll(filepath.Join(root, dir), 0o755)
		os.WriteFile(filepath.Join(root, dir, "index.json"), []byte("[]"), 0o644)
	}
	tests := []struct {
		name, dataset, want, wantErr string
	}{
		// A built folder wins over a committed one of the same name.
		{"built", "echo/1kb", "echo/out/1kb", ""},
		// A committed folder is found where nothing was built.
		{"committed", "calc/requests", "calc/requests", ""},
		// Missing: the reason names the folder and how to build it.
		{"missing", "echo/100kb", "", "no folder " + filepath.Join(root, "echo/out/100kb") + " with an index.json on this worker; build it with `make -C " + root + " build`"},
		// A path that climbs out is no dataset.
		{"escape", "echo/../../etc", "", "not a dataset path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := datasetFolder(root, tt.dataset)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != filepath.Join(root, tt.want) {
				t.Fatalf("= %q, %v; want %q", got, err, filepath.Join(root, tt.want))
			}
		})
	}
}

// writeDataset writes a dataset A/out/B of n echo requests, each padded to
// more than padding bytes, whose responses are response, except that entry
// wrong (from 1; 0 for none) expects something else.
func writeDataset(t *testing.T, root, name string, job message.RunJob, n, padding, wrong int) {
	t.Helper()
	group, rest, _ := strings.Cut(name, "/")
	dir := filepath.Join(root, group, "out", rest)
	s := job.Samples[0]
	pad := "<!--" + strings.Repeat("x", padding) + "-->"
	var list []samples.Sample
	for i := 1; i <= n; i++ {
		resp := s.Response
		if i == wrong {
			resp = strings.Replace(resp, "</", "<extra>1</extra></", 1)
		}
		list = append(list, samples.Sample{Operation: s.Operation, SOAPAction: s.SOAPAction, SOAPVersion: s.SOAPVersion,
			Request: []byte(s.Request + pad), Response: []byte(resp)})
	}
	// samples.Write names files by operation; a dataset names them by entry.
	os.MkdirAll(dir, 0o755)
	var index []string
	for i, e := range list {
		req, resp := filepath.Join(dir, "r"+string(rune('a'+i))+".request.xml"), filepath.Join(dir, "r"+string(rune('a'+i))+".response.xml")
		os.WriteFile(req, e.Request, 0o644)
		os.WriteFile(resp, e.Response, 0o644)
		index = append(index, `{"operation":"`+e.Operation+`","soapAction":"`+e.SOAPAction+`","soapVersion":"1.1","request":"`+filepath.Base(req)+`","response":"`+filepath.Base(resp)+`","payloadBytes":1}`)
	}
	os.WriteFile(filepath.Join(dir, "index.json"), []byte("["+strings.Join(index, ",")+"]"), 0o644)
}

func datasetJob(t *testing.T, dataset string) message.RunJob {
	job := echoJob(t, "fake")
	one := 1
	job.Workload.Repetitions = &one
	job.Workload.Requests = &message.Requests{Dataset: dataset}
	job.RequestsDataset = dataset
	return job
}

func TestRunSendsTheDatasetsRequests(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	x.DatasetsDir = t.TempDir()
	job := datasetJob(t, "echo/padded")
	writeDataset(t, x.DatasetsDir, "echo/padded", job, 5, 4000, 0)
	rec := &recorder{}
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	last := rec.events[len(rec.events)-1]
	m, ok := rec.events[len(rec.events)-2].Payload.(message.Measurement)
	if last.Kind != message.Completed || !ok {
		t.Fatalf("events %v, want a measurement and completed", rec.kinds())
	}
	// Every request of the dataset carries 4 KB the job's sample lacks.
	if m.Requests != 200 || m.BytesSent/m.Requests < 4000 {
		t.Errorf("measurement: %d requests, %d bytes sent; want 200 requests of the padded dataset", m.Requests, m.BytesSent)
	}
}

func TestRunVerifiesTheFirstRequestsOfTheDataset(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	x.DatasetsDir = t.TempDir()
	job := datasetJob(t, "echo/wrong")
	writeDataset(t, x.DatasetsDir, "echo/wrong", job, 5, 10, 2)
	rec := &recorder{}
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rec.kinds(), " "); got != "accepted building:fake built:fake verify_failed:fake completed" {
		t.Fatalf("events %s, want fake to fail verification", got)
	}
	p := rec.events[3].Payload.(message.VerifyFailedPayload)
	if !strings.Contains(p.Reason, "request 2 of the request sequence") {
		t.Errorf("reason %q, want it to name request 2", p.Reason)
	}
}

func TestRunFailsWithoutTheDataset(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	x.DatasetsDir = t.TempDir()
	rec := &recorder{}
	if err := x.Run(context.Background(), datasetJob(t, "echo/1kb"), 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	last := rec.events[len(rec.events)-1]
	reason := last.Payload.(message.FailedPayload).Reason
	want := filepath.Join(x.DatasetsDir, "echo", "out", "1kb")
	if last.Kind != message.Failed || !strings.Contains(reason, want) || !strings.Contains(reason, "make -C "+x.DatasetsDir+" build") {
		t.Fatalf("last event %s %q, want failed naming %s and the build command", last.Kind, reason, want)
	}
}

func TestRunBuildsFromTheFirstOfEachOperationOfAnInlineSequence(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	job := echoJob(t, "fake")
	one := 1
	job.Workload.Repetitions = &one
	job.Workload.Requests = &message.Requests{Dataset: "echo/inline"}
	padded := job.Samples[0]
	padded.Request += "<!--" + strings.Repeat("x", 4000) + "-->"
	job.Samples = append(job.Samples, padded)
	rec := &recorder{}
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	m, ok := rec.events[len(rec.events)-2].Payload.(message.Measurement)
	if !ok {
		t.Fatalf("events %v, want a measurement", rec.kinds())
	}
	// The load alternates the plain and the padded request.
	if perRequest := m.BytesSent / m.Requests; perRequest < 2000 || perRequest > 4000+int64(len(padded.Request)) {
		t.Errorf("%d bytes per request, want the mean of both requests of the sequence", perRequest)
	}
}
