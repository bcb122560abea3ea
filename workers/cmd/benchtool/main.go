// Command benchtool runs the project's benchmarks of its own measuring:
// the load driver against wrk, repeatability of a run, the resource
// sampler's cost, latency percentiles under a stalling server, and the
// backend's HTTP edge under parallel submissions and readers. It uses
// the worker's own packages, so it measures what the worker measures.
package main

import (
	"fmt"
	"os"
)

const usage = `usage: benchtool COMMAND [flags]

commands:
  vs-wrk             wrk and the load driver, alternating, against one server
  repeatability      one cell measured by whole runs in a row: CV and medians
  observer-cost      throughput with and without the resource sampler
  percentile-sanity  open-model percentiles against a server that stalls
  digest FILE        the bodySha256 of a response envelope, for a workload check

Run "benchtool COMMAND -h" for a command's flags.`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	commands := map[string]func([]string) error{
		"vs-wrk":            vsWrk,
		"repeatability":     repeatability,
		"observer-cost":     observerCost,
		"percentile-sanity": percentileSanity,
		"digest":            digest,
	}
	cmd, ok := commands[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "benchtool: unknown command %q\n%s\n", os.Args[1], usage)
		os.Exit(2)
	}
	if err := cmd(os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "benchtool "+os.Args[1]+": "+err.Error())
		os.Exit(1)
	}
}
