package main

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"strconv"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/sampler"
	"soapbench.dev/workers/internal/stats"
)

// observerTarget is the throughput the sampler may leave, relative to none.
const observerTarget = 0.99

func observerCost(args []string) error {
	fs := flag.NewFlagSet("observer-cost", flag.ExitOnError)
	binary := fs.String("server", "bench/bin/soapserver", "bench server binary")
	size := fs.Int("message-bytes", 1024, "size of the echoed text (the envelope adds ~210 bytes)")
	conns := fs.Int("connections", 25, "connections")
	seconds := fs.Float64("seconds", 2, "length of each run")
	pairs := fs.Int("pairs", 12, "runs with and without the sampler, alternating which goes first")
	fs.Parse(args)
	sample := echoSample(*size)
	srv, err := startBinary(*binary, "-response-bytes", strconv.Itoa(len(sample.Response)))
	if err != nil {
		return err
	}
	defer srv.stop()
	ctx := context.Background()
	plan := driver.Plan{Endpoint: srv.url, Net: srv.net, Samples: driverSamples(sample), Connections: *conns,
		Duration: time.Duration(*seconds * float64(time.Second)), KeepAlive: true}
	if _, err := driver.Run(ctx, withDuration(plan, time.Second)); err != nil {
		return err
	}
	fmt.Printf("observer-cost: bench soapserver, %d connections, %d pairs of %.0f s, sampler every %s\n", *conns, *pairs, *seconds, sampler.Interval)
	// What the sampler costs on its own, with nothing else running in this
	// process: the most CPU it can take from the server.
	span := 3 * time.Second
	quiet, cpu := samplerCPU(srv.pid, span)
	fmt.Printf("  sampler alone: %.2f ms CPU per second (this process without it: %.2f), %.3f%% of the machine's %d CPUs\n",
		1000*cpu/span.Seconds(), 1000*quiet/span.Seconds(), 100*cpu/span.Seconds()/float64(runtime.NumCPU()), runtime.NumCPU())
	var with, without, pairRatios []float64
	for i := range *pairs {
		for _, sampled := range []bool{i%2 == 0, i%2 != 0} {
			var s *sampler.Sampler
			if sampled {
				s = sampler.Start(srv.pid)
			}
			res, err := driver.Run(ctx, plan)
			if s != nil {
				s.Stop()
			}
			if err != nil {
				return err
			}
			rate := stats.Throughput(res.Requests, res.Elapsed.Seconds())
			label := "without"
			if sampled {
				with = append(with, rate)
				label = "with   "
			} else {
				without = append(without, rate)
			}
			fmt.Printf("  pair %d  %s sampler  %9.0f req/s\n", i+1, label, rate)
		}
		pairRatios = append(pairRatios, with[i]/without[i])
	}
	// As in vs-wrk: the machine drifts, so each pair, run back to back, gives
	// a ratio and the median of those is held to the target.
	ratio := stats.Median(pairRatios)
	fmt.Printf("observer-cost: median with %.0f req/s, without %.0f req/s; with/without per pair %v, median ratio %.3f (target >= %.2f) %s\n",
		stats.Median(with), stats.Median(without), roundedTo(pairRatios, 2), ratio, observerTarget, verdict(ratio >= observerTarget))
	return nil
}

// samplerCPU is the CPU seconds this process spends idle for d, and then
// while a sampler reads pid's process tree for d and nothing else runs here.
func samplerCPU(pid int, d time.Duration) (quiet, sampling float64) {
	before := driver.ProcessCPUSeconds()
	time.Sleep(d)
	quiet = driver.ProcessCPUSeconds() - before
	before = driver.ProcessCPUSeconds()
	s := sampler.Start(pid)
	time.Sleep(d)
	s.Stop()
	return quiet, driver.ProcessCPUSeconds() - before
}
