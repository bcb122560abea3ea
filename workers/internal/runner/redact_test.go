package runner

import (
	"os"
	"testing"
)

func TestRedactorHidesTheWorkersPaths(t *testing.T) {
	home, _ := os.UserHomeDir()
	stacks := []Stack{{Dir: "/srv/soapbench/stack-runners/cxf", Sandbox: Sandbox{BuildCache: home + "/.cache/soapbench/sealed"}}}
	r := NewRedactor("/var/lib/soapbench/work", stacks)
	tests := []struct {
		name, in, want string
	}{
		// A build's failure names its own folder under the work root.
		{"work folder", "error: cannot read /var/lib/soapbench/work/run-1/build/cxf/plain/out/x.java", "error: cannot read <work>/run-1/build/cxf/plain/out/x.java"},
		// The stacks' folder is more precise than the repository around it.
		{"stacks inside the repository", "at /srv/soapbench/stack-runners/cxf/runner line 3, see /srv/soapbench/docs", "at <stacks>/cxf/runner line 3, see <repo>/docs"},
		// The cache lies in the home folder: the longer path wins.
		{"cache inside home", home + "/.cache/soapbench/sealed/cxf and " + home + "/.m2", "<cache>/cxf and <home>/.m2"},
		// A longer name that starts like a path is another path.
		{"prefix of a name", "/var/lib/soapbench/workers/x", "/var/lib/soapbench/workers/x"},
		// Text without paths is left alone.
		{"nothing to hide", "unsupported: rpc/encoded", "unsupported: rpc/encoded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Text(tt.in); got != tt.want {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
