package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// createdRun is what a 201 gives the benchmark to cancel its run with.
type createdRun struct {
	ID          string `json:"id"`
	ManageToken string `json:"manageToken"`
}

// submission is the body of every POST: one stack, one connection, a few requests and one
// repetition, so a run that is not cancelled in time costs its worker seconds, not minutes.
func submission(catalog, stack string, requests int) []byte {
	body, err := json.Marshal(map[string]any{
		"catalog":    catalog,
		"visibility": "public",
		"workload": map[string]any{
			"stacks":      []string{stack},
			"load":        map[string]any{"connections": 1, "requests": requests},
			"repetitions": 1,
		},
	})
	if err != nil {
		panic(err) // only maps of strings and numbers: cannot fail
	}
	return body
}

// submitFigures are one scenario's answers.
type submitFigures struct {
	sent       int
	created    []createdRun
	unusable   int // 201s without an id or a manageToken: their runs cannot be cancelled
	tooMany    counts
	badTooMany int // 429s without Retry-After or not problem+json
	client4xx  counts
	server     counts
	other      counts // any other status
	failures   [otherError + 1]int
	firstError [otherError + 1]string
	all, ok    *hdrhistogram.Histogram
	wall       time.Duration
	cpu        float64
}

// submitAll sends n submissions at once, spread over addrs, each on a connection of its own.
func submitAll(ctx context.Context, a *api, body []byte, n int, addrs []netip.Addr) *submitFigures {
	clients := make([]*http.Client, n)
	for i := range clients {
		clients[i] = a.client(addrs[i%len(addrs)], false)
	}
	answers := make([]answer, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.base+"/api/v1/runs", bytes.NewReader(body))
			if err != nil {
				answers[i] = answer{kind: otherError, err: err}
				return
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, application/problem+json")
			<-start
			answers[i] = send(clients[i], req)
		}()
	}
	cpu := cpuSeconds()
	began := time.Now()
	close(start)
	wg.Wait()

	f := &submitFigures{
		sent: n, tooMany: counts{}, client4xx: counts{}, server: counts{}, other: counts{},
		all: newHistogram(), ok: newHistogram(), wall: time.Since(began), cpu: cpuSeconds() - cpu,
	}
	for _, ans := range answers {
		f.add(ans)
	}
	return f
}

func (f *submitFigures) add(ans answer) {
	if ans.kind != answered {
		f.failures[ans.kind]++
		if f.firstError[ans.kind] == "" {
			f.firstError[ans.kind] = ans.err.Error()
		}
		return
	}
	record(f.all, ans.took)
	switch s := ans.status; {
	case s == http.StatusCreated:
		record(f.ok, ans.took)
		var run createdRun
		if json.Unmarshal(ans.body, &run) != nil || run.ID == "" || run.ManageToken == "" {
			f.unusable++
			return
		}
		f.created = append(f.created, run)
	case s == http.StatusTooManyRequests:
		f.tooMany[ans.reason()]++
		if !ans.wellFormed429() {
			f.badTooMany++
		}
	case s >= 400 && s < 500:
		f.client4xx[fmt.Sprintf("%d %s", s, ans.reason())]++
	case s >= 500:
		f.server[fmt.Sprintf("%d %s", s, ans.reason())]++
	default:
		f.other[fmt.Sprint(s)]++
	}
}

// print writes the figures and their targets; it returns whether every target held.
func (f *submitFigures) print(scenario string, timeout time.Duration) bool {
	fmt.Printf("\nsubmissions %s: %d at once, a connection each; all ended within %.2f s; client CPU %.2f s\n",
		scenario, f.sent, f.wall.Seconds(), f.cpu)
	fmt.Printf("  201                  %5d", len(f.created)+f.unusable)
	if f.unusable > 0 {
		fmt.Printf("   %d without an id or a manageToken (cannot be cancelled)", f.unusable)
	}
	fmt.Println()
	well := f.badTooMany == 0
	fmt.Printf("  429                  %5d", f.tooMany.total())
	if f.tooMany.total() > 0 {
		fmt.Printf("   with Retry-After and problem+json: %d of %d   %s\n                               %s",
			f.tooMany.total()-f.badTooMany, f.tooMany.total(), verdict(well), f.tooMany)
	}
	fmt.Println()
	printCounts("other 4xx", f.client4xx)
	if f.other.total() > 0 {
		printCounts("other status", f.other)
	}
	noServer := f.server.total() == 0
	fmt.Printf("  5xx                  %5d   target 0   %s", f.server.total(), verdict(noServer))
	if !noServer {
		fmt.Printf("   %s", f.server)
	}
	fmt.Println()
	held := well && noServer && f.unusable == 0
	for _, k := range []struct {
		kind  kind
		label string
	}{{reset, "resets"}, {refused, "refused"}, {timedOut, fmt.Sprintf("timeouts (> %s)", timeout)}, {otherError, "other errors"}} {
		n := f.failures[k.kind]
		fmt.Printf("  %-20s %5d   target 0   %s", k.label, n, verdict(n == 0))
		if n > 0 {
			fmt.Printf("   first: %s", f.firstError[k.kind])
		}
		fmt.Println()
		held = held && n == 0
	}
	fmt.Printf("  latency, every answer: %s\n", latencies(f.all))
	fmt.Printf("  latency, 201 only:     %s\n", latencies(f.ok))
	return held
}

func printCounts(label string, c counts) {
	fmt.Printf("  %-20s %5d", label, c.total())
	if c.total() > 0 {
		fmt.Printf("   %s", c)
	}
	fmt.Println()
}
