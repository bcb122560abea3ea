// Command apiload holds a running SOAPBench's REST API to its targets under parallel load:
//
//   - SUBMISSIONS parallel POST /api/v1/runs (a small catalog workload) sent at once, each on a
//     connection of its own, first from one client address (127.0.0.1), then spread over ADDRESSES
//     addresses (127.0.0.2 and up; all of 127/8 is loopback on Linux): 201, 429, other 4xx, 5xx,
//     resets, refused connections and timeouts are counted, with the latency p50/p99. Targets:
//     0 5xx, 0 resets or refused connections, 0 timeouts, and every 429 carries Retry-After and
//     is problem+json.
//   - READERS clients reading one run page (GET /api/v1/runs/{id}), then the runs list
//     (GET /api/v1/runs), back to back for SECONDS each: requests, errors, p50/p99. Targets:
//     p99 <= 100 ms, 0 errors.
//
// Every run the submissions created is then cancelled with its manageToken, so the instance's
// workers do not spend hours on them; an interrupted benchmark (SIGINT, SIGTERM from `timeout`)
// still cancels what it created. It exits 1 when a target is missed.
//
//	apiload -base http://localhost:8080
package main

import (
	"context"
	"flag"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// settings are the flags.
type settings struct {
	submissions, addresses, readers, requests int
	seconds, pause, timeout                   time.Duration
	base, catalog, stack, run                 string
}

func main() {
	var s settings
	flag.StringVar(&s.base, "base", "http://localhost:8080", "the instance's base URL; it must be on this machine")
	flag.IntVar(&s.submissions, "submissions", 500, "submissions sent at once, per scenario (0: none, only the readers of -run)")
	flag.IntVar(&s.addresses, "addresses", 100, "client addresses of the second scenario and of the readers: 127.0.0.2 and up")
	flag.IntVar(&s.readers, "readers", 200, "concurrent readers of each page")
	flag.DurationVar(&s.seconds, "seconds", 10*time.Second, "how long the readers read each page")
	flag.DurationVar(&s.pause, "reader-pause", 0, "each reader's pause between its requests (0: back to back)")
	flag.StringVar(&s.catalog, "catalog", "hello-world", "the catalog service the submissions name")
	flag.StringVar(&s.stack, "stack", "gsoap", "the stack the submissions name")
	flag.IntVar(&s.requests, "requests", 10, "requests per measurement in the submitted workload")
	flag.StringVar(&s.run, "run", "", "the run id or slug to read (default: one the submissions created)")
	flag.DurationVar(&s.timeout, "timeout", 30*time.Second, "per request; a request without an answer by then counts as a timeout")
	flag.Parse()
	os.Exit(benchmark(s))
}

// benchmark returns the exit code: 0 when every target held, 1 when one was missed, 2 when
// nothing could be measured.
func benchmark(s settings) int {
	if s.submissions < 0 || s.readers < 1 || s.addresses < 1 || s.addresses > 250 || s.requests < 1 {
		fmt.Fprintln(os.Stderr, "apiload: -readers and -requests must be at least 1, -submissions 0 or more, -addresses 1 to 250")
		return 2
	}
	if s.submissions == 0 && s.run == "" {
		fmt.Fprintln(os.Stderr, "apiload: -submissions 0 needs -run, the run to read")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	api, err := newAPI(s.base, s.timeout)
	if err == nil {
		err = api.checkCatalog(ctx, s.catalog)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "apiload: "+err.Error())
		return 2
	}

	created, held := measure(ctx, api, s)
	// Cancelled whatever happened, and with a context of their own: a signal may have cancelled
	// the benchmark's.
	held = cancelAll(api, created).print() && held
	if ctx.Err() != nil {
		fmt.Println("interrupted: the figures above are of the requests made until then")
		held = false
	}
	if !held {
		return 1
	}
	return 0
}

// measure runs both submission scenarios and both readers; it returns the runs created and
// whether every target held.
func measure(ctx context.Context, api *api, s settings) ([]createdRun, bool) {
	body := submission(s.catalog, s.stack, s.requests)
	one := []netip.Addr{netip.MustParseAddr("127.0.0.1")}
	many := loopbackAddresses(s.addresses)
	if s.submissions > 0 {
		fmt.Printf("apiload against %s: %d submissions at once per scenario of %s; load average %s\n",
			api.base, s.submissions, body, loadAverage())
	} else {
		fmt.Printf("apiload against %s: readers of run %s only; load average %s\n", api.base, s.run, loadAverage())
	}

	var created []createdRun
	held := true
	for _, scenario := range []struct {
		name  string
		addrs []netip.Addr
	}{
		{"from 1 address (127.0.0.1)", one},
		{fmt.Sprintf("from %d addresses (%s to %s)", len(many), many[0], many[len(many)-1]), many},
	} {
		if s.submissions == 0 {
			break
		}
		if ctx.Err() != nil {
			return created, false
		}
		figures := submitAll(ctx, api, body, s.submissions, scenario.addrs)
		created = append(created, figures.created...)
		held = figures.print(scenario.name, s.timeout) && held
	}

	target := s.run
	if target == "" && len(created) > 0 {
		target = created[0].ID
	}
	if target == "" {
		fmt.Println("readers: not measured, no run was created to read (pass -run)   MISS")
		return created, false
	}
	for _, path := range []string{"/api/v1/runs/" + url.PathEscape(target), "/api/v1/runs"} {
		if ctx.Err() != nil {
			return created, false
		}
		figures := readAll(ctx, api, path, s.readers, s.seconds, s.pause, many)
		held = figures.print(s.timeout) && held
	}
	fmt.Printf("\nload average %s\n", loadAverage())
	return created, held
}
