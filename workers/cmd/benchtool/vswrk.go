package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"

	"soapbench.dev/workers/internal/driver"
	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/stats"
)

// vsWrkTarget is the rate the driver must reach relative to wrk.
const vsWrkTarget = 0.95

func vsWrk(args []string) error {
	fs := flag.NewFlagSet("vs-wrk", flag.ExitOnError)
	stack := fs.String("stack", "", "serve the catalog echo service from this stack (e.g. gsoap)")
	binary := fs.String("server", "", "or run this bench server binary (bench/bin/soapserver)")
	size := fs.Int("message-bytes", 150, "size of the echoed text (the envelope adds ~210 bytes)")
	conns := fs.Int("connections", 25, "connections, kept alive")
	threads := fs.Int("wrk-threads", 2, "wrk threads")
	seconds := fs.Float64("seconds", 2, "length of each run")
	rounds := fs.Int("rounds", 10, "wrk/driver pairs, alternating which goes first")
	profile := fs.String("cpuprofile", "", "write the driver's CPU profile of its runs here")
	procs := fs.Int("procs", 0, "GOMAXPROCS of the driver (0: the Go default, one per core)")
	fs.Parse(args)
	if *procs > 0 {
		runtime.GOMAXPROCS(*procs)
	}
	ctx := context.Background()
	sample := echoSample(*size)
	srv, name, err := startTarget(ctx, *stack, *binary, sample)
	if err != nil {
		return err
	}
	defer srv.stop()

	dir, err := os.MkdirTemp("", "benchtool-wrk-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	script, err := wrkScript(dir, sample)
	if err != nil {
		return err
	}
	d := time.Duration(*seconds * float64(time.Second))
	plan := driver.Plan{Endpoint: srv.url, Net: srv.net, Samples: driverSamples(sample), Connections: *conns, Duration: d, KeepAlive: true}
	// Both tools warm the server up alike before anything counts.
	if _, err := runWrk(srv, script, *threads, *conns, time.Second); err != nil {
		return err
	}
	if _, err := driver.Run(ctx, withDuration(plan, time.Second)); err != nil {
		return err
	}
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	fmt.Printf("vs-wrk: %s, %d-byte message (%d-byte envelope), %d connections, keep-alive, %d x %.0f s each, alternating; wrk -t%d, driver GOMAXPROCS %d\n",
		name, *size, len(sample.Request), *conns, *rounds, *seconds, *threads, runtime.GOMAXPROCS(0))
	var wrkRates, ourRates, pairRatios []float64
	for round := range *rounds {
		var wrkRate, ourRate float64
		for _, wrkFirst := range []bool{round%2 == 0, round%2 != 0} {
			if wrkFirst {
				w, err := runWrk(srv, script, *threads, *conns, d)
				if err != nil {
					return err
				}
				wrkRate = w.rate
				fmt.Printf("  round %d  wrk     %9.0f req/s  (wrk CPU %.1f s, %.2f context switches per request)\n",
					round+1, w.rate, w.cpuSeconds, float64(w.switches)/max(w.rate*d.Seconds(), 1))
				continue
			}
			before := selfSwitches()
			res, err := driver.Run(ctx, plan)
			if err != nil {
				return err
			}
			switches := selfSwitches() - before
			ourRate = stats.Throughput(res.Requests, res.Elapsed.Seconds())
			fmt.Printf("  round %d  driver  %9.0f req/s  (every response checked: %d correct, errors %v, driver CPU %.1f s, %.2f context switches per request)\n",
				round+1, ourRate, res.Requests, res.Errors, res.DriverCPUSeconds, float64(switches)/float64(max(res.Requests, 1)))
		}
		wrkRates, ourRates = append(wrkRates, wrkRate), append(ourRates, ourRate)
		pairRatios = append(pairRatios, ourRate/wrkRate)
	}
	// The machine's speed drifts by 10-30% over tens of seconds, so the two
	// tools are compared round by round, each pair run back to back, and the
	// median of those ratios is held to the target.
	ratio := stats.Median(pairRatios)
	fmt.Printf("vs-wrk %s: wrk median %.0f req/s, driver median %.0f req/s; driver/wrk per round %v, median ratio %.3f (target >= %.2f) %s\n",
		name, stats.Median(wrkRates), stats.Median(ourRates), roundedTo(pairRatios, 2), ratio, vsWrkTarget, verdict(ratio >= vsWrkTarget))
	return nil
}

func withDuration(p driver.Plan, d time.Duration) driver.Plan {
	p.Duration = d
	return p
}

// startTarget serves the echo sample from a stack or from a bench server binary.
func startTarget(ctx context.Context, stack, binary string, sample message.Sample) (*server, string, error) {
	switch {
	case stack != "":
		root, err := repoRoot()
		if err != nil {
			return nil, "", err
		}
		srv, err := startStack(ctx, root, stack, sample)
		return srv, stack + " echo", err
	case binary != "":
		srv, err := startBinary(binary, "-response-bytes", strconv.Itoa(len(sample.Response)))
		return srv, "bench soapserver", err
	}
	return nil, "", fmt.Errorf("give -stack ID or -server PATH")
}

// wrkScript makes wrk POST the sample with its SOAP headers.
func wrkScript(dir string, s message.Sample) (string, error) {
	body := filepath.Join(dir, "request.xml")
	if err := os.WriteFile(body, []byte(s.Request), 0o644); err != nil {
		return "", err
	}
	lua := fmt.Sprintf(`local f = assert(io.open(%q, "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "text/xml; charset=utf-8"
wrk.headers["SOAPAction"] = '"%s"'
`, body, s.SOAPAction)
	path := filepath.Join(dir, "post.lua")
	return path, os.WriteFile(path, []byte(lua), 0o644)
}

var wrkRate = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
var wrkNon2xx = regexp.MustCompile(`Non-2xx or 3xx responses:\s+([0-9]+)`)

// wrkRun is what one wrk run measured, and what it cost wrk itself.
type wrkRun struct {
	rate       float64 // requests per second
	cpuSeconds float64 // user+system
	switches   int64   // voluntary and involuntary context switches
}

// runWrk runs Debian's wrk; its CPU and context switches are set beside the
// driver's. A sandboxed server is reached from inside its network namespace,
// as the driver reaches it: nsenter enters and becomes wrk.
func runWrk(srv *server, script string, threads, conns int, d time.Duration) (wrkRun, error) {
	args := []string{"wrk", "-t", strconv.Itoa(threads), "-c", strconv.Itoa(conns),
		"-d", fmt.Sprintf("%ds", max(1, int(d.Round(time.Second).Seconds()))), "-s", script, srv.url}
	if srv.net != nil {
		args = append([]string{"nsenter", "--net=/proc/self/fd/3", "--"}, args...)
	}
	cmd := exec.Command(args[0], args[1:]...)
	if srv.net != nil {
		cmd.ExtraFiles = []*os.File{srv.net.File()}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return wrkRun{}, fmt.Errorf("wrk: %v\n%s", err, out)
	}
	if m := wrkNon2xx.FindSubmatch(out); m != nil {
		return wrkRun{}, fmt.Errorf("wrk got %s non-2xx answers: the request is wrong\n%s", m[1], out)
	}
	m := wrkRate.FindSubmatch(out)
	if m == nil {
		return wrkRun{}, fmt.Errorf("no Requests/sec in wrk's output:\n%s", out)
	}
	rate, err := strconv.ParseFloat(string(m[1]), 64)
	run := wrkRun{rate: rate, cpuSeconds: (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		run.switches = ru.Nvcsw + ru.Nivcsw
	}
	return run, err
}

// selfSwitches counts this process's context switches so far, all threads.
func selfSwitches() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Nvcsw + ru.Nivcsw
}

func verdict(ok bool) string {
	if ok {
		return "PASS"
	}
	return "MISS"
}
