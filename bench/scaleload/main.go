// Command scaleload reads a SOAPBench instance's pages at a fixed arrival rate and reports each
// group's latency, timed from when each request was due (an open load: a slow answer does not hold
// back the next request, so queueing shows in the figures instead of hiding).
//
//	scaleload -base http://127.0.0.1:19480 -paths paths.tsv -rate 200 -seconds 60 -p99 50ms
//
// paths.tsv: one "group<TAB>path" per line; requests go round the lines in order. The first pass
// over every line is sent (one request at a time) before the timed load and reported apart as
// "cold": each page's first computation. It exits 1 when the whole timed load's p99 is above -p99
// or any request failed.
//
//	scaleload -histogram
//
// prints the hex of a V2-compressed HdrHistogram (microseconds) of 2,000 requests around 2 ms, as
// a worker reports one, for the seed.
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

type target struct{ group, path string }

type figures struct {
	mu      sync.Mutex
	latency map[string]*hdrhistogram.Histogram
	errors  map[string]int
	first   string
}

func main() {
	base := flag.String("base", "", "the instance, e.g. http://127.0.0.1:19480")
	pathsFile := flag.String("paths", "", "group<TAB>path per line")
	rate := flag.Float64("rate", 200, "requests per second")
	seconds := flag.Int("seconds", 60, "length of the timed load")
	p99 := flag.Duration("p99", 50*time.Millisecond, "the target for the whole load's p99")
	histogram := flag.Bool("histogram", false, "print a seed histogram's hex and exit")
	flag.Parse()
	if *histogram {
		fmt.Println(seedHistogram())
		return
	}
	if *base == "" || *pathsFile == "" || *rate <= 0 || *seconds <= 0 {
		fmt.Fprintln(os.Stderr, "usage: scaleload -base URL -paths FILE [-rate N] [-seconds N] [-p99 D]")
		os.Exit(2)
	}
	targets, err := readTargets(*pathsFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	client := &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256, IdleConnTimeout: time.Minute},
	}

	cold := newFigures()
	for _, t := range targets {
		began := time.Now()
		cold.record(t.group, began, get(client, *base+t.path))
	}
	report("cold (first read of each page, one at a time)", cold, 0)

	warm := newFigures()
	interval := time.Duration(float64(time.Second) / *rate)
	total := int(*rate * float64(*seconds))
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < total; i++ {
		due := start.Add(time.Duration(i) * interval)
		time.Sleep(time.Until(due))
		t := targets[i%len(targets)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			warm.record(t.group, due, get(client, *base+t.path))
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	fmt.Printf("timed load: %d requests at %.0f/s over %.1f s (%d pages)\n", total, *rate, wall.Seconds(), len(targets))
	if !report("timed load", warm, *p99) {
		os.Exit(1)
	}
}

func readTargets(file string) ([]target, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []target
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		group, path, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("%s: %q is not group<TAB>path", file, line)
		}
		out = append(out, target{group, path})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s names no page", file)
	}
	return out, s.Err()
}

// get answers nil for a 200 whose body was read whole, else what went wrong.
func get(client *http.Client, url string) error {
	resp, err := client.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: HTTP %d", url, resp.StatusCode)
	}
	return nil
}

func newFigures() *figures {
	return &figures{latency: map[string]*hdrhistogram.Histogram{}, errors: map[string]int{}}
}

func (f *figures) record(group string, due time.Time, err error) {
	took := time.Since(due)
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, g := range []string{group, "all"} {
		h := f.latency[g]
		if h == nil {
			h = hdrhistogram.New(1, int64(10*time.Minute/time.Microsecond), 3)
			f.latency[g] = h
		}
		_ = h.RecordValue(min(max(took.Microseconds(), 1), h.HighestTrackableValue()))
		if err != nil {
			f.errors[g]++
		}
	}
	if err != nil && f.first == "" {
		f.first = err.Error()
	}
}

// report prints each group's figures; with a target, says whether the whole load met it.
func report(title string, f *figures, target time.Duration) bool {
	fmt.Printf("%s:\n", title)
	groups := make([]string, 0, len(f.latency))
	for g := range f.latency {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	ms := func(v int64) string { return fmt.Sprintf("%.1f", float64(v)/1000) }
	for _, g := range groups {
		h := f.latency[g]
		fmt.Printf("  %-14s %6d requests  p50 %6s ms  p99 %6s ms  max %7s ms  errors %d\n", g, h.TotalCount(),
			ms(h.ValueAtQuantile(50)), ms(h.ValueAtQuantile(99)), ms(h.Max()), f.errors[g])
	}
	if f.first != "" {
		fmt.Printf("  first error: %s\n", f.first)
	}
	if target == 0 {
		return true
	}
	all := f.latency["all"]
	got := time.Duration(all.ValueAtQuantile(99)) * time.Microsecond
	ok := got <= target && f.errors["all"] == 0
	verdict := "PASS"
	if !ok {
		verdict = "MISS"
	}
	fmt.Printf("  p99 %.1f ms, %d errors (target p99 <= %s, no errors): %s\n", float64(got)/float64(time.Millisecond),
		f.errors["all"], target, verdict)
	return ok
}

// seedHistogram is 2,000 latencies around 2 ms with a tail, as one measurement of echo records them.
func seedHistogram() string {
	h := hdrhistogram.New(1, int64(time.Hour/time.Microsecond), 3)
	for i := 0; i < 2000; i++ {
		// A deterministic spread: mostly 1.5-3 ms, one in a hundred 5-25 ms.
		u := float64(i) / 2000
		v := 1500 + 1500*u
		if i%100 == 0 {
			v = 5000 + 20000*u
		}
		_ = h.RecordValue(int64(math.Round(v)))
	}
	encoded, err := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	if err != nil {
		panic(err)
	}
	raw, err := base64.StdEncoding.DecodeString(string(encoded))
	if err != nil {
		panic(err)
	}
	return hex.EncodeToString(raw)
}
