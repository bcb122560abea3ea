package main

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// printSummary writes one line per stack and measured cell: the median
// repetition by throughput stands for the cell.
func printSummary(w io.Writer, r runView) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "STACK\tVERSION\tSTATUS\tSECURITY\tREQ/S\tP50 MS\tP99 MS\tCPU S\tRSS MB\tERRORS")
	for _, s := range r.Stacks {
		ms := measurementsOf(r, s.ID)
		if len(ms) == 0 {
			reason := s.Reason
			fmt.Fprintf(tw, "%s\t%s\t%s\t-\t-\t-\t-\t-\t-\t%s\n", s.ID, s.Version, s.Status, reason)
			continue
		}
		for _, m := range ms {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.0f\t%.2f\t%.2f\t%.2f\t%.1f\t%d\n", s.ID, s.Version, s.Status, m.Cell.Security,
				m.Throughput, m.LatencyMs.P50, m.LatencyMs.P99, m.ServerCPUSeconds, float64(m.PeakRSSBytes)/(1<<20), errorTotal(m))
		}
	}
	tw.Flush()
	if r.Failure != "" {
		fmt.Fprintf(w, "run failed: %s\n", r.Failure)
	}
}

// measurementsOf picks, per security mode, the repetition with the median
// throughput, so that one lucky or unlucky repetition does not stand alone.
func measurementsOf(r runView, stack string) []measurement {
	bySecurity := map[string][]measurement{}
	var order []string
	for _, m := range r.Measurements {
		if m.Stack != stack {
			continue
		}
		if _, seen := bySecurity[m.Cell.Security]; !seen {
			order = append(order, m.Cell.Security)
		}
		bySecurity[m.Cell.Security] = append(bySecurity[m.Cell.Security], m)
	}
	var out []measurement
	for _, sec := range order {
		ms := bySecurity[sec]
		sortByThroughput(ms)
		out = append(out, ms[len(ms)/2])
	}
	return out
}

func sortByThroughput(ms []measurement) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].Throughput < ms[j-1].Throughput; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

func errorTotal(m measurement) int64 {
	var n int64
	for _, v := range m.Errors {
		n += v
	}
	return n
}
