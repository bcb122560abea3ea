package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// apiLoad holds the backend's HTTP edge to its targets: parallel submissions
// from one address and from many (each on its own connection, as separate
// clients would) end in 201 or 429 with no reset and no 5xx, and concurrent
// readers of a run and of the runs list see a p99 of at most 100 ms.
func apiLoad(args []string) error {
	fs := flag.NewFlagSet("api-load", flag.ContinueOnError)
	base := fs.String("url", "http://127.0.0.1:18080", "the backend's base URL")
	submissions := fs.Int("submissions", 500, "parallel submissions per phase")
	addresses := fs.Int("addresses", 100, "client addresses of the many-address phase: 127.0.0.2 and up")
	readers := fs.Int("readers", 200, "concurrent readers")
	reads := fs.Int("reads", 10, "requests per reader, one after the other")
	catalog := fs.String("catalog", "echo", "catalog service the submissions name")
	stack := fs.String("stack", "gsoap", "stack the submissions name")
	run := fs.String("run", "", "run id or slug to read; default: one the submissions created")
	timeout := fs.Duration("timeout", 60*time.Second, "per request")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *addresses < 1 || *addresses > 250 {
		return fmt.Errorf("-addresses must be 1 to 250")
	}
	body, err := json.Marshal(map[string]any{
		"catalog":  *catalog,
		"workload": map[string]any{"stacks": []string{*stack}},
	})
	if err != nil {
		return err
	}
	one := []netip.Addr{netip.MustParseAddr("127.0.0.1")}
	many := loopbackAddresses(*addresses)

	fmt.Printf("api-load against %s: %d parallel submissions per phase, %d readers x %d reads\n",
		*base, *submissions, *readers, *reads)
	created := ""
	for _, phase := range []struct {
		name  string
		addrs []netip.Addr
	}{{"from 1 address", one}, {fmt.Sprintf("from %d addresses", len(many)), many}} {
		tally, id := submitAll(*base, body, *submissions, phase.addrs, *timeout)
		if created == "" {
			created = id
		}
		tally.print("submissions " + phase.name)
	}
	target := *run
	if target == "" {
		target = created
	}
	if target == "" {
		return fmt.Errorf("no run was created, so there is none to read; pass -run")
	}
	for _, path := range []string{"/api/v1/runs/" + target, "/api/v1/runs?page=0&size=20"} {
		lat, tally := readAll(*base+path, *readers, *reads, many, *timeout)
		tally.print("readers of " + path)
		p50, p99 := percentile(lat, 0.50), percentile(lat, 0.99)
		fmt.Printf("  p50 %7.1f ms\n  p99 %7.1f ms   target <= 100 ms  %s\n",
			millis(p50), millis(p99), verdict(p99 <= 100*time.Millisecond && len(lat) > 0))
	}
	return nil
}

// outcomes counts how requests ended.
type outcomes struct {
	mu                                     sync.Mutex
	ok, created, tooMany, other4xx, server int
	resets, otherErrors                    int
	firstError                             string
}

func (o *outcomes) add(status int, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case err != nil && isReset(err):
		o.resets++
	case err != nil:
		o.otherErrors++
		if o.firstError == "" {
			o.firstError = err.Error()
		}
	case status == http.StatusCreated:
		o.created++
	case status == http.StatusTooManyRequests:
		o.tooMany++
	case status >= 500:
		o.server++
	case status >= 400:
		o.other4xx++
	default:
		o.ok++
	}
}

func (o *outcomes) print(title string) {
	fmt.Println(title)
	if o.ok > 0 {
		fmt.Printf("  2xx      %5d\n", o.ok)
	}
	if o.created > 0 || o.ok == 0 {
		fmt.Printf("  201      %5d\n", o.created)
	}
	fmt.Printf("  429      %5d\n  other 4xx%5d\n", o.tooMany, o.other4xx)
	fmt.Printf("  5xx      %5d   target 0  %s\n", o.server, verdict(o.server == 0))
	fmt.Printf("  resets   %5d   target 0  %s\n", o.resets, verdict(o.resets == 0))
	fmt.Printf("  other errors %d   target 0  %s", o.otherErrors, verdict(o.otherErrors == 0))
	if o.firstError != "" {
		fmt.Printf("  (first: %s)", o.firstError)
	}
	fmt.Println()
}

// submitAll sends n submissions at once, spread over addrs, each on a
// connection of its own; it returns the tally and the id of one created run.
func submitAll(base string, body []byte, n int, addrs []netip.Addr, timeout time.Duration) (*outcomes, string) {
	var tally outcomes
	var mu sync.Mutex
	created := ""
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		client := clientFrom(addrs[i%len(addrs)], timeout, false)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			req, _ := http.NewRequest(http.MethodPost, base+"/api/v1/runs", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := client.Do(req)
			if err != nil {
				tally.add(0, err)
				return
			}
			defer resp.Body.Close()
			answer, err := io.ReadAll(resp.Body)
			tally.add(resp.StatusCode, err)
			if resp.StatusCode == http.StatusCreated {
				var run struct{ ID string }
				if json.Unmarshal(answer, &run) == nil && run.ID != "" {
					mu.Lock()
					created = run.ID
					mu.Unlock()
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	return &tally, created
}

// readAll runs `readers` clients at once, each sending `reads` GETs one after
// the other on its own keep-alive connection; it returns every latency.
func readAll(url string, readers, reads int, addrs []netip.Addr, timeout time.Duration) ([]time.Duration, *outcomes) {
	var tally outcomes
	var mu sync.Mutex
	var latencies []time.Duration
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < readers; i++ {
		client := clientFrom(addrs[i%len(addrs)], timeout, true)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for j := 0; j < reads; j++ {
				began := time.Now()
				resp, err := client.Get(url)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				took := time.Since(began)
				if err != nil {
					tally.add(0, err)
					continue
				}
				tally.add(resp.StatusCode, nil)
				mu.Lock()
				latencies = append(latencies, took)
				mu.Unlock()
			}
		}()
	}
	close(start)
	wg.Wait()
	return latencies, &tally
}

// clientFrom is an HTTP client whose connections leave from addr.
func clientFrom(addr netip.Addr, timeout time.Duration, keepAlive bool) *http.Client {
	dialer := &net.Dialer{
		Timeout:   timeout,
		LocalAddr: &net.TCPAddr{IP: addr.AsSlice()},
	}
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			DialContext:         dialer.DialContext,
			DisableKeepAlives:   !keepAlive,
			MaxIdleConnsPerHost: 1,
		},
	}
}

// loopbackAddresses are 127.0.0.2 onwards: all of 127/8 is loopback on
// Linux, so each is a distinct client address to the backend.
func loopbackAddresses(n int) []netip.Addr {
	out := make([]netip.Addr, n)
	for i := range out {
		out[i] = netip.AddrFrom4([4]byte{127, 0, 0, byte(2 + i)})
	}
	return out
}

func isReset(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		strings.Contains(err.Error(), "connection reset")
}

func percentile(values []time.Duration, q float64) time.Duration {
	if len(values) == 0 {
		return 0
	}
	sorted := append([]time.Duration(nil), values...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	i := int(q*float64(len(sorted))+0.5) - 1
	if i < 0 {
		i = 0
	}
	if i >= len(sorted) {
		i = len(sorted) - 1
	}
	return sorted[i]
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
