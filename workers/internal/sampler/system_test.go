package sampler

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

func TestReadSystem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "stat")
	os.WriteFile(path, []byte("cpu  100 5 50 800 10 3 2 30 7 0\ncpu0 50 2 25 400 5 1 1 15 0 0\nintr 1\n"), 0o644)
	got, err := readSystemAt(path)
	if err != nil {
		t.Fatal(err)
	}
	// Guest time (7) is inside user already and not added again.
	if want := (SystemTimes{Busy: 155, Steal: 30, Total: 1000}); got != want {
		t.Errorf("ReadSystem = %+v, want %+v", got, want)
	}
	if _, err := ReadSystem(); err != nil {
		t.Errorf("this machine's /proc/stat: %v", err)
	}
}

func TestBetween(t *testing.T) {
	before := SystemTimes{Busy: 1000, Steal: 100, Total: 10000}
	tests := []struct {
		name              string
		after             SystemTimes
		server, driver    float64
		wantSteal, wantBy float64
	}{
		// 200 busy ticks, all of them the server's 1.5 s and the driver's 0.5 s.
		{"quiet", SystemTimes{Busy: 1200, Steal: 100, Total: 10400}, 1.5, 0.5, 0, 0},
		// 100 of 400 ticks stolen; 100 busy ticks nobody measured.
		{"steal and a neighbour", SystemTimes{Busy: 1300, Steal: 200, Total: 10400}, 1.5, 0.5, 25, 25},
		// Sampling slack never makes the rest negative.
		{"over-counted", SystemTimes{Busy: 1100, Steal: 100, Total: 10400}, 1.5, 0.5, 0, 0},
	}
	for _, tt := range tests {
		d := Between(before, tt.after, tt.server, tt.driver)
		if math.Abs(d.StealPercent-tt.wantSteal) > 1e-9 || math.Abs(d.OtherBusyPercent-tt.wantBy) > 1e-9 {
			t.Errorf("%s: %+v, want steal %.0f%% other %.0f%%", tt.name, d, tt.wantSteal, tt.wantBy)
		}
	}
}
