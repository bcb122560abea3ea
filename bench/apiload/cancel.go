package main

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"sync"
	"time"
)

const (
	// cancellers stays well below the backend's requests in flight per address (32 by default).
	cancellers   = 8
	cancelTries  = 6
	cancelBudget = 2 * time.Minute
)

// cancelFigures say how the cancels of the created runs ended.
type cancelFigures struct {
	runs                         int
	cancelled, cancelling, ended int
	failed                       counts
	// confirming are the runs that were running: their workers confirm the cancel.
	confirming []createdRun
	wall       time.Duration
}

// cancelAll cancels every run with its manageToken (POST /api/v1/runs/{id}/cancel), waiting out
// 429s and 503s as their Retry-After says. It has a context of its own: it must run after an
// interrupted benchmark too.
func cancelAll(a *api, runs []createdRun) *cancelFigures {
	ctx, stop := context.WithTimeout(context.Background(), cancelBudget)
	defer stop()
	f := &cancelFigures{runs: len(runs), failed: counts{}}
	began := time.Now()
	queue := make(chan createdRun)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(cancellers, len(runs)) {
		client := a.client(netip.MustParseAddr("127.0.0.1"), true)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for run := range queue {
				outcome := cancelOne(ctx, client, a.base, run)
				mu.Lock()
				switch outcome {
				case "200":
					f.cancelled++
				case "202":
					f.cancelling++
					f.confirming = append(f.confirming, run)
				case "409":
					f.ended++
				default:
					f.failed[outcome]++
				}
				mu.Unlock()
			}
		}()
	}
	for _, run := range runs {
		queue <- run
	}
	close(queue)
	wg.Wait()
	f.wall = time.Since(began)
	return f
}

// cancelOne returns "200", "202" or "409" (the run had ended already), else what went wrong.
func cancelOne(ctx context.Context, client *http.Client, base string, run createdRun) string {
	last := ""
	for range cancelTries {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/v1/runs/"+url.PathEscape(run.ID)+"/cancel", nil)
		if err != nil {
			return err.Error()
		}
		req.Header.Set("X-Run-Manage-Token", run.ManageToken)
		ans := send(client, req)
		wait := time.Second
		switch {
		case ans.kind != answered:
			last = "no answer: " + ans.err.Error()
		case ans.status == http.StatusOK, ans.status == http.StatusAccepted, ans.status == http.StatusConflict:
			return strconv.Itoa(ans.status)
		case ans.status == http.StatusTooManyRequests, ans.status == http.StatusServiceUnavailable:
			last = fmt.Sprintf("%d %s", ans.status, ans.reason())
			if seconds, err := strconv.Atoi(ans.header.Get("Retry-After")); err == nil {
				wait = min(time.Duration(seconds)*time.Second, 10*time.Second)
			}
		default:
			return fmt.Sprintf("%d %s", ans.status, ans.reason())
		}
		select {
		case <-ctx.Done():
			return "not cancelled within " + cancelBudget.String() + " (last: " + last + ")"
		case <-time.After(wait):
		}
	}
	return last
}

// print writes the figures; it returns whether every run was cancelled or had ended already.
func (f *cancelFigures) print() bool {
	if f.runs == 0 {
		fmt.Println("\ncancels: no run was created, none to cancel")
		return true
	}
	held := f.failed.total() == 0
	fmt.Printf("\ncancels of the %d runs created, with their manageToken, in %.1f s: %d cancelled, %d cancelling (their worker confirms), %d had ended, %d not cancelled   target every run   %s\n",
		f.runs, f.wall.Seconds(), f.cancelled, f.cancelling, f.ended, f.failed.total(), verdict(held))
	if !held {
		fmt.Printf("  not cancelled: %s\n", f.failed)
	}
	return held
}

// awaitConfirmed waits up to patience for every run of confirming to end: until then its worker
// is still stopping it. It returns how long it waited and how many had ended.
func awaitConfirmed(a *api, confirming []createdRun, patience time.Duration) (time.Duration, int) {
	began := time.Now()
	client := a.client(netip.MustParseAddr("127.0.0.1"), true)
	ended := 0
	for _, run := range confirming {
		for time.Since(began) < patience {
			var view struct {
				Status string `json:"status"`
			}
			if a.getJSON(client, "/api/v1/runs/"+url.PathEscape(run.ID), &view) == nil &&
				(view.Status == "cancelled" || view.Status == "completed" || view.Status == "failed") {
				ended++
				break
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	return time.Since(began), ended
}
