package driver

import (
	"runtime"
	"testing"
)

// wantProcs fails the test unless GOMAXPROCS is want.
func wantProcs(t *testing.T, want int, when string) {
	t.Helper()
	if got := runtime.GOMAXPROCS(0); got != want {
		t.Fatalf("%s: GOMAXPROCS %d, want %d", when, got, want)
	}
}

func TestReserveLoopProcsKeepsOneIdlePDuringClosedRuns(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))

	loops, release := reserveLoopProcs(25)
	if loops != 2 {
		t.Fatalf("first run: %d loops, want 2", loops)
	}
	wantProcs(t, 3, "first run")
	// A second run while the first lasts sizes itself on the Ps the
	// process had, not on the spare one.
	loops2, release2 := reserveLoopProcs(25)
	if loops2 != 2 {
		t.Fatalf("second run: %d loops, want 2", loops2)
	}
	wantProcs(t, 3, "second run")
	release()
	wantProcs(t, 3, "while the second run lasts")
	release2()
	wantProcs(t, 2, "after the runs")
}

func TestReserveLoopProcsLeavesEnoughPsAlone(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))

	loops, release := reserveLoopProcs(2)
	if loops != 2 {
		t.Fatalf("%d loops for 2 connections, want 2", loops)
	}
	wantProcs(t, 4, "during the run")
	release()
	wantProcs(t, 4, "after the run")
}
