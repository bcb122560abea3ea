// Command apiload holds a running SOAPBench's REST API to its targets under parallel load:
//
//   - SUBMISSIONS parallel POST /api/v1/runs (a small catalog workload) sent at once, each on a
//     connection of its own, first from one client address (127.0.0.1), then spread over ADDRESSES
//     addresses (127.0.0.2 and up; all of 127/8 is loopback on Linux): 201, 429, other 4xx, 5xx,
//     resets, refused connections and timeouts are counted, with the latency p50/p99. Targets:
//     0 5xx, 0 resets or refused connections, 0 timeouts, and every 429 carries Retry-After and
//     is problem+json.
//   - READERS clients reading one run page (GET /api/v1/runs/{id}), then the runs list
//     (GET /api/v1/runs), three ways each: all at once on new connections, BURSTS times; each on
//     its keep-alive connection pausing READER-PAUSE between requests, for SECONDS; back to back,
//     for SECONDS. Requests, errors, p50/p99 of each. Targets: p99 <= 100 ms, 0 errors.
//
// Every run the submissions created is cancelled with its manageToken before the readers come, so
// the instance's workers do not spend hours on them (nor, on a local instance, share the machine
// with the readers); an interrupted benchmark (SIGINT, SIGTERM from `timeout`) still cancels what
// it created. The readers read RUN, else the first run created: name a completed run with its
// measurements for a page of realistic size. It exits 1 when a target is missed.
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
	submissions, addresses, readers, requests, bursts int
	seconds, pause, burstPause, timeout               time.Duration
	base, catalog, stack, run                         string
}

func main() {
	var s settings
	flag.StringVar(&s.base, "base", "http://localhost:8080", "the instance's base URL; it must be on this machine")
	flag.IntVar(&s.submissions, "submissions", 500, "submissions sent at once, per scenario (0: none, only the readers of -run)")
	flag.IntVar(&s.addresses, "addresses", 100, "client addresses of the second scenario and of the readers: 127.0.0.2 and up")
	flag.IntVar(&s.readers, "readers", 200, "concurrent readers of each page")
	flag.DurationVar(&s.seconds, "seconds", 10*time.Second, "how long the readers read each page")
	flag.IntVar(&s.bursts, "bursts", 20, "how often the readers all ask for a page at once, on new connections")
	flag.DurationVar(&s.burstPause, "burst-pause", 500*time.Millisecond, "the pause between two bursts")
	flag.DurationVar(&s.pause, "reader-pause", time.Second, "each paced reader's pause between its requests (the readers then read back to back)")
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
	if s.submissions < 0 || s.readers < 1 || s.addresses < 1 || s.addresses > 250 || s.requests < 1 || s.bursts < 1 {
		fmt.Fprintln(os.Stderr, "apiload: -readers, -requests and -bursts must be at least 1, -submissions 0 or more, -addresses 1 to 250")
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

	held := measure(ctx, api, s)
	if ctx.Err() != nil {
		fmt.Println("interrupted: the figures above are of the requests made until then")
		held = false
	}
	if !held {
		return 1
	}
	return 0
}

// measure runs both submission scenarios, cancels the runs they created and then runs the
// readers; it returns whether every target held. The runs are cancelled before the readers come
// so that the readers' figures are the API's: a local instance's worker shares the machine and
// would be building and measuring them meanwhile (a hosted worker has a machine of its own).
func measure(ctx context.Context, api *api, s settings) bool {
	created, held := submitBoth(ctx, api, s)
	// Cancelled whatever happened, and with a context of their own: a signal may have cancelled
	// the benchmark's.
	cancels := cancelAll(api, created)
	held = cancels.print() && held
	if len(cancels.confirming) > 0 {
		waited, ended := awaitConfirmed(api, cancels.confirming, 30*time.Second)
		fmt.Printf("  %d of %d cancelling runs ended within %.1f s; the readers come now\n", ended, len(cancels.confirming), waited.Seconds())
	}
	if ctx.Err() != nil {
		return false
	}
	return readBoth(ctx, api, s, created) && held
}

// submitBoth sends the submissions from one address, then from many; it returns the runs
// created and whether every target held.
func submitBoth(ctx context.Context, api *api, s settings) ([]createdRun, bool) {
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

	return created, held
}

// readBoth runs the three kinds of readers of a run page and of the runs list; it returns whether
// every target held.
func readBoth(ctx context.Context, api *api, s settings, created []createdRun) bool {
	many := loopbackAddresses(s.addresses)
	held := true
	target := s.run
	if target == "" && len(created) > 0 {
		target = created[0].ID
	}
	if target == "" {
		fmt.Println("readers: not measured, no run was created to read (pass -run)   MISS")
		return false
	}
	for _, path := range []string{"/api/v1/runs/" + url.PathEscape(target), "/api/v1/runs"} {
		readers := []func() *readFigures{
			func() *readFigures { return burstAll(ctx, api, path, s.readers, s.bursts, s.burstPause, many) },
			func() *readFigures { return readAll(ctx, api, path, s.readers, s.seconds, s.pause, many) },
			func() *readFigures { return readAll(ctx, api, path, s.readers, s.seconds, 0, many) },
		}
		for _, read := range readers {
			if ctx.Err() != nil {
				return false
			}
			held = read().print(s.timeout) && held
		}
	}
	fmt.Printf("\nload average %s\n", loadAverage())
	return held
}
