package driver

import (
	"runtime"
	"testing"
)

func TestReserveLoopProcsKeepsOneIdlePDuringClosedRuns(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))

	loops, release := reserveLoopProcs(25)
	if loops != 2 || runtime.GOMAXPROCS(0) != 3 {
		t.Fatalf("first run: %d loops with GOMAXPROCS %d, want 2 loops beside 3 Ps", loops, runtime.GOMAXPROCS(0))
	}
	// A second run while the first lasts sizes itself on the Ps the
	// process had, not on the spare one.
	loops2, release2 := reserveLoopProcs(25)
	if loops2 != 2 || runtime.GOMAXPROCS(0) != 3 {
		t.Fatalf("second run: %d loops with GOMAXPROCS %d, want 2 beside 3", loops2, runtime.GOMAXPROCS(0))
	}
	release()
	if runtime.GOMAXPROCS(0) != 3 {
		t.Fatalf("GOMAXPROCS %d while a run lasts, want 3", runtime.GOMAXPROCS(0))
	}
	release2()
	if runtime.GOMAXPROCS(0) != 2 {
		t.Fatalf("GOMAXPROCS %d after the runs, want 2 back", runtime.GOMAXPROCS(0))
	}
}

func TestReserveLoopProcsLeavesEnoughPsAlone(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))

	loops, release := reserveLoopProcs(2)
	if loops != 2 || runtime.GOMAXPROCS(0) != 4 {
		t.Fatalf("%d loops with GOMAXPROCS %d, want 2 loops and the 4 Ps untouched", loops, runtime.GOMAXPROCS(0))
	}
	release()
	if runtime.GOMAXPROCS(0) != 4 {
		t.Fatalf("GOMAXPROCS %d after the run, want 4", runtime.GOMAXPROCS(0))
	}
}
