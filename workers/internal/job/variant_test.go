package job

import (
	"context"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
)

func TestCheckVariant(t *testing.T) {
	stack := runner.Stack{Manifest: runner.Manifest{ID: "cxf", Variants: []runner.Variant{
		{ID: "parallel-gc", Description: "parallel", Settings: map[string]string{"jvm.gc": "parallel"}},
	}}}
	tests := []struct {
		name string
		ref  message.StackRef
		// refused names what the refusal must say, "" when the stack is accepted.
		refused string
	}{
		// The default configuration, and its head in an A/B of two WSDLs.
		{"default", message.StackRef{ID: "cxf", Version: "4.2.3"}, ""},
		{"default head", message.StackRef{ID: "cxf", Version: "4.2.3+head", Bundle: "head"}, ""},
		{"variant", message.StackRef{ID: "cxf", Version: "4.2.3+parallel-gc", Variant: "parallel-gc"}, ""},
		{"variant head", message.StackRef{ID: "cxf", Version: "4.2.3+parallel-gc+head", Variant: "parallel-gc", Bundle: "head"}, ""},
		// Not in this worker's manifest: the refusal lists what is.
		{"undeclared", message.StackRef{ID: "cxf", Version: "4.2.3+nio9", Variant: "nio9"}, "variant nio9 is not declared by cxf; declared: parallel-gc"},
		// Text that is no id is never echoed back.
		{"hostile id", message.StackRef{ID: "cxf", Version: "4.2.3", Variant: "$(touch x)"}, "variant (not a variant id) is not declared"},
		// A variant's figures under the default's version, and the reverse, would mix the two.
		{"variant reported as default", message.StackRef{ID: "cxf", Version: "4.2.3", Variant: "parallel-gc"}, `does not report variant "parallel-gc"`},
		{"default reported as variant", message.StackRef{ID: "cxf", Version: "4.2.3+parallel-gc"}, `version "4.2.3+parallel-gc" does not report variant ""`},
		{"other metadata", message.StackRef{ID: "cxf", Version: "4.2.3+nio2", Variant: "parallel-gc"}, "does not report"},
	}
	for _, tt := range tests {
		err := checkVariant(stack, tt.ref)
		switch {
		case tt.refused == "" && err != nil:
			t.Errorf("%s: refused: %v", tt.name, err)
		case tt.refused != "" && (err == nil || !strings.Contains(err.Error(), tt.refused)):
			t.Errorf("%s: got %v, want a refusal saying %q", tt.name, err, tt.refused)
		}
	}
}

// A stack and its variant are two stacks of one run, measured side by side in every round under
// their own versions; a variant this worker's manifest does not declare fails that stack alone,
// before anything is built.
func TestAVariantIsMeasuredBesideItsDefaultConfiguration(t *testing.T) {
	t.Parallel()
	x := testExecutor(t)
	rec := &recorder{}
	job := echoJob(t, "fake")
	job.Stacks = append(job.Stacks,
		message.StackRef{ID: "fake", Version: "1.0.0+tagged", Variant: "tagged"},
		message.StackRef{ID: "fake", Version: "1.0.0+nope", Variant: "nope"})
	if err := x.Run(context.Background(), job, 1, rec.publish); err != nil {
		t.Fatal(err)
	}
	rounds, _ := measuredTargets(t, rec.events)
	if len(rounds) == 0 {
		t.Fatalf("nothing measured; events %v", rec.kinds())
	}
	for round, got := range rounds {
		joined := " " + strings.Join(got, " ") + " "
		if len(got) != 2 || !strings.Contains(joined, " fake@1.0.0/plain ") || !strings.Contains(joined, " fake@1.0.0+tagged/plain ") {
			t.Errorf("round %d measured %v: want the default configuration and the variant", round, got)
		}
	}
	refused := false
	for _, ev := range rec.events {
		switch p := ev.Payload.(type) {
		case message.StackFailedPayload:
			if p.Version == "1.0.0+nope" && p.Phase == message.PhaseBuild && strings.Contains(p.Reason, "declared: tagged") {
				refused = true
			} else {
				t.Errorf("%s@%s failed: %s", p.Stack, p.Version, p.Reason)
			}
		case message.StackPayload:
			if ev.Kind == message.Building && p.Version == "1.0.0+nope" {
				t.Error("an undeclared variant was built")
			}
		}
	}
	if !refused {
		t.Errorf("events %v: want the undeclared variant refused naming the declared ones", rec.kinds())
	}
}
