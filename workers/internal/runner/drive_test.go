package runner

import (
	"strings"
	"testing"
)

func TestParseDriveSummary(t *testing.T) {
	tests := []struct {
		name    string
		stdout  string
		want    int64
		wantErr string
	}{
		// The contract's line after some client log.
		{"summary after log", "connecting\n" + `{"requests":10,"errors":{"SOAPFaultException":2},"elapsedSeconds":0.5,"latencyUs":{"p50":1,"p90":2,"p99":3,"max":4},"histogram":"HISTFAAAAB"}` + "\n", 10, ""},
		// Nothing but log.
		{"no summary", "connecting\nbye\n", 0, "no JSON summary line"},
		// A field the contract does not know is a contract breach, not silently dropped.
		{"unknown field", `{"requests":1,"errors":{},"elapsedSeconds":1,"histogram":"x","sent":1}`, 0, "not the contract's JSON"},
		// More errors than requests: requests must count failed ones too.
		{"errors beyond requests", `{"requests":1,"errors":{"x":2},"elapsedSeconds":1,"histogram":"x"}`, 0, "failed ones included"},
		// A client that did not time itself.
		{"no elapsed", `{"requests":1,"errors":{},"elapsedSeconds":0,"histogram":"x"}`, 0, "elapsedSeconds"},
		// A client's CPU time over its measured requests cannot be negative.
		{"negative cpu", `{"requests":1,"errors":{},"elapsedSeconds":1,"cpuSeconds":-0.5,"histogram":"x"}`, 0, "cpuSeconds is -0.5"},
		// Percentiles alone cannot be merged over repetitions.
		{"no histogram", `{"requests":1,"errors":{},"elapsedSeconds":1,"latencyUs":{"p50":1,"p90":1,"p99":1,"max":1}}`, 0, "no latency histogram"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseDriveSummary([]byte(tt.stdout))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseDriveSummary() error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || s.Requests != tt.want || s.Errors["SOAPFaultException"] != 2 || s.LatencyUs.P99 != 3 {
				t.Fatalf("ParseDriveSummary() = %+v, %v; want %d requests with their errors and percentiles", s, err, tt.want)
			}
		})
	}
}

func TestParseDriveSummaryReadsTheClientsCPUTimeWhenItGivesIt(t *testing.T) {
	with, err := ParseDriveSummary([]byte(`{"requests":4,"errors":{},"elapsedSeconds":1,"cpuSeconds":0.125,"histogram":"x"}`))
	if err != nil || with.CPUSeconds == nil || *with.CPUSeconds != 0.125 {
		t.Fatalf("ParseDriveSummary() = %+v, %v; want cpuSeconds 0.125", with, err)
	}
	without, err := ParseDriveSummary([]byte(`{"requests":4,"errors":{},"elapsedSeconds":1,"histogram":"x"}`))
	if err != nil || without.CPUSeconds != nil {
		t.Fatalf("ParseDriveSummary() = %+v, %v; want no cpuSeconds, it is optional", without, err)
	}
}
