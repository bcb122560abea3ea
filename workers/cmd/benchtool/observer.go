package main

import (
	"context"
	"flag"
	"fmt"
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
	seconds := fs.Float64("seconds", 3, "length of each run")
	pairs := fs.Int("pairs", 6, "runs with and without the sampler, alternating which goes first")
	fs.Parse(args)
	sample := echoSample(*size)
	srv, err := startBinary(*binary, "-response-bytes", strconv.Itoa(len(sample.Response)))
	if err != nil {
		return err
	}
	defer srv.stop()
	ctx := context.Background()
	plan := driver.Plan{Endpoint: srv.url, Samples: driverSamples(sample), Connections: *conns,
		Duration: time.Duration(*seconds * float64(time.Second)), KeepAlive: true}
	if _, err := driver.Run(ctx, withDuration(plan, time.Second)); err != nil {
		return err
	}
	fmt.Printf("observer-cost: bench soapserver, %d connections, %d pairs of %.0f s, sampler every %s\n", *conns, *pairs, *seconds, sampler.Interval)
	var with, without []float64
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
	}
	ratio := stats.Median(with) / stats.Median(without)
	fmt.Printf("observer-cost: median with %.0f req/s, without %.0f req/s, ratio %.3f (target >= %.2f) %s\n",
		stats.Median(with), stats.Median(without), ratio, observerTarget, verdict(ratio >= observerTarget))
	return nil
}
