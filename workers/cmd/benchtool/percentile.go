package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/driver"
)

// percentileTarget: a server that stalls 200 ms once a second holds up a
// fifth of all arrivals, so a p99 under 150 ms means latency was undercounted.
const percentileTarget = 150.0

func percentileSanity(args []string) error {
	fs := flag.NewFlagSet("percentile-sanity", flag.ExitOnError)
	binary := fs.String("server", "bench/bin/soapserver", "bench server binary")
	rate := fs.Float64("rate", 1000, "arrival rate of the open model")
	conns := fs.Int("max-connections", 50, "most connections of the open model; also the closed model's")
	seconds := fs.Float64("seconds", 10, "length of each run")
	fs.Parse(args)
	sample := echoSample(150)
	srv, err := startBinary(*binary, "-stall", "200ms", "-every", "1s")
	if err != nil {
		return err
	}
	defer srv.stop()
	ctx := context.Background()
	d := time.Duration(*seconds * float64(time.Second))
	open := driver.Plan{Model: "open", Endpoint: srv.url, Net: srv.net, Samples: driverSamples(sample), Connections: 1,
		Rate: *rate, MaxConnections: *conns, Duration: d, KeepAlive: true}
	fmt.Printf("percentile-sanity: server stalls 200 ms every second; open model %.0f/s, up to %d connections, %.0f s\n", *rate, *conns, *seconds)
	res, err := driver.Run(ctx, open)
	if err != nil {
		return err
	}
	fmt.Printf("  open model, from intended send (corrected): %s  (%d correct, errors %v)\n", percentiles(res.Latency), res.Requests, res.Errors)
	fmt.Printf("  same run, from actual send (uncorrected):   %s\n", percentiles(res.Uncorrected))
	closed := driver.Plan{Endpoint: srv.url, Net: srv.net, Samples: driverSamples(sample), Connections: *conns, Duration: d, KeepAlive: true}
	cres, err := driver.Run(ctx, closed)
	if err != nil {
		return err
	}
	fmt.Printf("  closed model, %d connections (uncorrected): %s  (%.0f req/s)\n", *conns, percentiles(cres.Latency), float64(cres.Requests)/cres.Elapsed.Seconds())
	p99 := ms(res.Latency.ValueAtQuantile(99))
	fmt.Printf("percentile-sanity: corrected p50 %.2f ms, p99 %.1f ms (target p99 >= %.0f ms) %s; uncorrected p99 %.1f ms, closed-model p99 %.1f ms\n",
		ms(res.Latency.ValueAtQuantile(50)), p99, percentileTarget, verdict(p99 >= percentileTarget),
		ms(res.Uncorrected.ValueAtQuantile(99)), ms(cres.Latency.ValueAtQuantile(99)))
	return nil
}

func percentiles(h *hdrhistogram.Histogram) string {
	return fmt.Sprintf("p50 %7.2f ms  p90 %7.2f ms  p99 %7.2f ms  p99.9 %7.2f ms  max %7.2f ms",
		ms(h.ValueAtQuantile(50)), ms(h.ValueAtQuantile(90)), ms(h.ValueAtQuantile(99)), ms(h.ValueAtQuantile(99.9)), ms(h.Max()))
}

func ms(micros int64) float64 { return float64(micros) / 1000 }
