package stats

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-3 }

func TestSummaries(t *testing.T) {
	xs := []float64{10, 12, 11, 13, 14}
	if got := Median(xs); got != 12 {
		t.Errorf("Median = %g, want 12", got)
	}
	if got := Median([]float64{4, 1, 3, 2}); got != 2.5 {
		t.Errorf("Median of an even count = %g, want 2.5", got)
	}
	if xs[0] != 10 {
		t.Error("Median sorted its input")
	}
	if got := StdDev(xs); !near(got, 1.5811) {
		t.Errorf("StdDev = %g, want 1.5811", got)
	}
	if got := CV(xs); !near(got, 0.13176) {
		t.Errorf("CV = %g, want 0.1318", got)
	}
	// mean 12, t(4) = 2.776, s/sqrt(5) = 0.7071: half width 1.963.
	lo, hi := MeanCI95(xs)
	if !near(lo, 10.037) || !near(hi, 13.963) {
		t.Errorf("MeanCI95 = [%g, %g], want [10.037, 13.963]", lo, hi)
	}
	if lo, hi := MeanCI95([]float64{7}); lo != 7 || hi != 7 {
		t.Errorf("MeanCI95 of one value = [%g, %g]", lo, hi)
	}
	if got := Spread([]float64{100, 104, 102}); !near(got, 0.04) {
		t.Errorf("Spread = %g, want 0.04", got)
	}
	if Median(nil) != 0 || CV(nil) != 0 || CV([]float64{5}) != 0 {
		t.Error("empty or single inputs must give 0")
	}
}
