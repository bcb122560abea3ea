// Package sampler measures a server's whole process tree from /proc while
// it is under load: CPU time used and peak resident memory.
package sampler

import (
	"sync"
	"time"
)

// Interval is how often the process tree is read.
const Interval = 100 * time.Millisecond

// Result is what the sampler saw between Start and Stop.
type Result struct {
	// CPUSeconds is user+system time the tree used during the measurement.
	CPUSeconds float64
	// PeakRSSBytes is the largest sum of VmRSS over the tree in one sample.
	PeakRSSBytes int64
	Samples      int
}

// Sampler reads the process tree of one server periodically.
type Sampler struct {
	procRoot string
	root     int

	mu       sync.Mutex
	baseline map[procKey]uint64
	latest   map[procKey]uint64
	peakRSS  int64
	samples  int
	// known is the tree of the last full scan of /proc; between full scans
	// only these pids are read, since a scan of every process costs the
	// server measurable throughput at 10 scans a second.
	known []int

	stop chan struct{}
	done chan struct{}
}

type procKey struct {
	pid       int
	startTime uint64
}

// Start takes a baseline of the tree rooted at pid (also its process
// group) and samples it every Interval until Stop.
func Start(pid int) *Sampler { return startAt("/proc", pid, Interval) }

func startAt(procRoot string, pid int, every time.Duration) *Sampler {
	s := &Sampler{
		procRoot: procRoot, root: pid,
		baseline: map[procKey]uint64{}, latest: map[procKey]uint64{},
		stop: make(chan struct{}), done: make(chan struct{}),
	}
	for _, p := range tree(listProcs(procRoot), pid) {
		s.baseline[procKey{p.pid, p.startTime}] = p.cpuTicks
	}
	s.sample()
	go s.loop(every)
	return s
}

func (s *Sampler) loop(every time.Duration) {
	defer close(s.done)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.sample()
		}
	}
}

// fullScanEvery is how many samples pass between full scans of /proc: a
// process the server starts is counted from at most this many intervals late.
const fullScanEvery = 10

func (s *Sampler) sample() {
	var procs []procInfo
	if s.samples%fullScanEvery == 0 || len(s.known) == 0 {
		procs = tree(listProcs(s.procRoot), s.root)
		s.known = s.known[:0]
		for _, p := range procs {
			s.known = append(s.known, p.pid)
		}
	} else {
		for _, pid := range s.known {
			if p, ok := readStat(s.procRoot, pid); ok {
				procs = append(procs, p)
			}
		}
	}
	var rss int64
	for _, p := range procs {
		rss += readRSS(s.procRoot, p.pid)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range procs {
		s.latest[procKey{p.pid, p.startTime}] = p.cpuTicks
	}
	s.peakRSS = max(s.peakRSS, rss)
	s.samples++
}

// Stop takes a last sample and returns the totals. A process that started
// after Start counts from zero; one that exited between samples loses at
// most one interval of CPU time.
func (s *Sampler) Stop() Result {
	close(s.stop)
	<-s.done
	s.sample()
	s.mu.Lock()
	defer s.mu.Unlock()
	var ticks uint64
	for k, last := range s.latest {
		if first := s.baseline[k]; last > first {
			ticks += last - first
		}
	}
	return Result{
		CPUSeconds:   float64(ticks) / clockTicks,
		PeakRSSBytes: s.peakRSS,
		Samples:      s.samples,
	}
}
