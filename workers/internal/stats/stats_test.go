package stats

import (
	"testing"

	"github.com/HdrHistogram/hdrhistogram-go"
)

func TestLatencyAndEncoding(t *testing.T) {
	h := hdrhistogram.New(1, 60_000_000, 3)
	for v := int64(1); v <= 1000; v++ {
		h.RecordValue(v * 1000) // 1 ms .. 1000 ms
	}
	l := Latency(h)
	// Values are within the histogram's 3 significant digits of the truth.
	checks := []struct {
		name      string
		got, want float64
	}{
		{"min", l.Min, 1}, {"p50", l.P50, 500}, {"p99", l.P99, 990}, {"max", l.Max, 1000}, {"mean", l.Mean, 500.5},
	}
	for _, c := range checks {
		if c.got < c.want*0.999 || c.got > c.want*1.001 {
			t.Errorf("%s = %.3f ms, want %.3f", c.name, c.got, c.want)
		}
	}
	enc, err := Encode(h)
	if err != nil {
		t.Fatal(err)
	}
	back, err := hdrhistogram.Decode([]byte(enc))
	if err != nil {
		t.Fatalf("encoded histogram does not decode: %v", err)
	}
	if back.TotalCount() != 1000 || back.ValueAtQuantile(50) != h.ValueAtQuantile(50) {
		t.Errorf("decoded count %d p50 %d, want 1000 and %d", back.TotalCount(), back.ValueAtQuantile(50), h.ValueAtQuantile(50))
	}
}

func TestEmptyHistogram(t *testing.T) {
	if l := Latency(hdrhistogram.New(1, 60_000_000, 3)); l.Max != 0 || l.P50 != 0 {
		t.Errorf("latency of no requests = %+v, want zeros", l)
	}
	if Throughput(10, 0) != 0 || Throughput(10, 2) != 5 {
		t.Error("throughput is requests per second, 0 without time")
	}
}
