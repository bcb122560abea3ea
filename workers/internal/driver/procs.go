package driver

import (
	"runtime"
	"sync"
)

// An event loop spends most of its time blocked in epoll_wait. Go's sysmon
// thread takes the P away from a goroutine in a system call whenever no
// other P is idle, and hands it to another thread: with one loop per P,
// sysmon woke every 20 µs to do so, the loops hopped between four threads,
// and sysmon alone made a third of the driver's context switches (perf
// record -e sched:sched_switch). One idle P beside the loops' makes sysmon
// leave their system calls alone; the driver then spent 2.4-2.6 CPU seconds
// on a 4 s run where it had spent 2.8-2.9.

var loopProcs struct {
	sync.Mutex
	runs   int  // closed runs under way
	base   int  // GOMAXPROCS before the first of them
	raised bool // whether GOMAXPROCS was raised and base is to be set back
}

// reserveLoopProcs says how many event loops a closed run of conns (>= 1)
// connections gets (one per P the process had, at most one per connection)
// and makes sure one P more than that exists while the run lasts. release
// gives the P back once no closed run is left.
func reserveLoopProcs(conns int) (loops int, release func()) {
	loopProcs.Lock()
	defer loopProcs.Unlock()
	if loopProcs.runs == 0 {
		loopProcs.base = runtime.GOMAXPROCS(0)
	}
	loopProcs.runs++
	loops = min(conns, loopProcs.base)
	if runtime.GOMAXPROCS(0) < loops+1 {
		runtime.GOMAXPROCS(loops + 1)
		loopProcs.raised = true
	}
	return loops, func() {
		loopProcs.Lock()
		defer loopProcs.Unlock()
		loopProcs.runs--
		if loopProcs.runs == 0 && loopProcs.raised {
			runtime.GOMAXPROCS(loopProcs.base)
			loopProcs.raised = false
		}
	}
}
