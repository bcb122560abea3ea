package job

import (
	"context"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/message"
)

// headJob is echoJob for stack fake with a head WSDL whose answer is four times longer: the base
// and the head are two stacks of the run, as the backend sends an A/B of two WSDLs.
func headJob(t *testing.T) message.RunJob {
	job := echoJob(t, "fake")
	head := job.Samples[0]
	head.Response = strings.Replace(head.Response, "times over.", strings.Repeat("times over, ", 4)+"and again.", 1)
	bundle := job.Bundle
	job.HeadBundle, job.HeadSamples = &bundle, []message.Sample{head}
	job.Stacks = append(job.Stacks, message.StackRef{ID: "fake", Version: "1.0.0+head", Bundle: bundleHead})
	return job
}

func TestAHeadWSDLIsBuiltVerifiedAndMeasuredBesideTheBase(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	rec := &recorder{}
	job := headJob(t)
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	for _, k := range rec.kinds() {
		if strings.HasPrefix(k, "verify_failed") || strings.HasPrefix(k, "stack_failed") || k == "failed" {
			t.Fatalf("%s: the head must be verified against its own samples; events %v", k, rec.kinds())
		}
	}
	rounds, _ := measuredTargets(t, rec.events)
	if len(rounds) != 2 {
		t.Fatalf("%d rounds, want the workload's 2", len(rounds))
	}
	for round, got := range rounds {
		if strings.Join(got, " ") != "fake@1.0.0/plain fake@1.0.0+head/plain" && strings.Join(got, " ") != "fake@1.0.0+head/plain fake@1.0.0/plain" {
			t.Errorf("round %d measured %v: want the base and the head", round, got)
		}
	}
	for _, ev := range rec.events {
		if p, ok := ev.Payload.(message.BuiltPayload); ok && p.Stack == "fake" && p.Version != "1.0.0" && p.Version != "1.0.0+head" {
			t.Errorf("built %s@%s", p.Stack, p.Version)
		}
	}
}

func TestAHeadWSDLWithoutTheMeasuredOperationsFailsTheRun(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	rec := &recorder{}
	job := headJob(t)
	job.HeadSamples[0].Operation = "other"
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	last := rec.events[len(rec.events)-1]
	if last.Kind != message.Failed || !strings.Contains(last.Payload.(message.FailedPayload).Reason, "head WSDL") {
		t.Errorf("last event %s %+v: want the run failed, naming the head WSDL", last.Kind, last.Payload)
	}
}

func TestAStackOfABundleTheJobDoesNotCarryFails(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	rec := &recorder{}
	job := echoJob(t, "fake")
	job.Stacks = append(job.Stacks, message.StackRef{ID: "fake", Version: "1.0.0+head", Bundle: bundleHead})
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, ev := range rec.events {
		if p, ok := ev.Payload.(message.StackFailedPayload); ok && p.Version == "1.0.0+head" {
			found = strings.Contains(p.Reason, "does not carry")
		}
	}
	if !found || rec.kinds()[len(rec.kinds())-1] != "completed" {
		t.Errorf("events %v: want the head stack failed for its missing bundle and the base measured", rec.kinds())
	}
}
