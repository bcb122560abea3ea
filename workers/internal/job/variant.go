package job

import (
	"fmt"
	"strings"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/runner"
)

// checkVariant refuses a job's stack whose variant the worker's manifest does
// not declare, or whose version does not report the variant it is served
// with: "4.2.3+parallel-gc" must carry variant parallel-gc, and a version
// without a variant may carry no build metadata but a head's. Otherwise a
// variant's figures would be reported as the default configuration's, or
// the reverse.
func checkVariant(stack runner.Stack, ref message.StackRef) error {
	want := ""
	if ref.Variant != "" {
		if _, err := stack.CheckVariant(ref.Variant); err != nil {
			return err
		}
		want = "+" + ref.Variant
	}
	_, metadata, found := strings.Cut(ref.Version, "+")
	got := ""
	if found {
		got = "+" + metadata
	}
	if got != want && got != want+"+head" {
		return fmt.Errorf("version %q does not report variant %q", ref.Version, ref.Variant)
	}
	return nil
}
