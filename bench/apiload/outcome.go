package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// kind is how a request ended.
type kind int

const (
	answered kind = iota
	// reset: ECONNRESET, EPIPE, or the connection closed before the whole answer came.
	reset
	refused
	timedOut
	otherError
)

// answer is the end of one request.
type answer struct {
	kind   kind
	status int
	header http.Header
	body   []byte
	err    error
	took   time.Duration
}

// send makes the request and reads the whole answer; the time is until its last byte.
func send(client *http.Client, req *http.Request) answer {
	began := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return answer{kind: classify(err), err: err, took: time.Since(began)}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{kind: classify(err), err: err, took: time.Since(began)}
	}
	return answer{kind: answered, status: resp.StatusCode, header: resp.Header, body: body, took: time.Since(began)}
}

func classify(err error) kind {
	var netErr net.Error
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return refused
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return timedOut
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return reset
	}
	return otherError
}

// problem is the part of an application/problem+json body these figures group by.
type problem struct {
	Status int    `json:"status"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
}

// reason names why an error answer was given: its problem's detail up to the first ':' or ';'
// (which leaves out the numbers that differ between answers), else its title.
func (a answer) reason() string {
	var p problem
	if json.Unmarshal(a.body, &p) != nil || (p.Title == "" && p.Detail == "") {
		return "(no problem+json body)"
	}
	text := p.Detail
	if i := strings.IndexAny(text, ":;"); i >= 0 {
		text = text[:i]
	}
	if text == "" {
		text = p.Title
	}
	if len(text) > 80 {
		text = text[:80] + "..."
	}
	return text
}

// wellFormed429 says whether a 429 tells the client when to come back (Retry-After in seconds or
// as an HTTP date) in an application/problem+json body whose status is 429.
func (a answer) wellFormed429() bool {
	retry := a.header.Get("Retry-After")
	if seconds, err := strconv.Atoi(retry); err != nil || seconds < 0 {
		if _, err := http.ParseTime(retry); err != nil {
			return false
		}
	}
	media, _, err := mime.ParseMediaType(a.header.Get("Content-Type"))
	if err != nil || media != "application/problem+json" {
		return false
	}
	var p problem
	return json.Unmarshal(a.body, &p) == nil && p.Status == http.StatusTooManyRequests
}

// counts tallies the reasons of one kind of answer.
type counts map[string]int

func (c counts) total() int {
	n := 0
	for _, v := range c {
		n += v
	}
	return n
}

// String lists the reasons, most frequent first.
func (c counts) String() string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if c[a] != c[b] {
			return c[b] - c[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", c[k], k)
	}
	return strings.Join(parts, "; ")
}

// newHistogram holds latencies in microseconds, from 1 µs to 10 minutes, to 3 significant digits.
func newHistogram() *hdrhistogram.Histogram {
	return hdrhistogram.New(1, int64(10*time.Minute/time.Microsecond), 3)
}

func record(h *hdrhistogram.Histogram, d time.Duration) {
	_ = h.RecordValue(min(max(d.Microseconds(), 1), h.HighestTrackableValue()))
}

// latencies prints p50, p99 and the maximum in milliseconds.
func latencies(h *hdrhistogram.Histogram) string {
	if h.TotalCount() == 0 {
		return "no answers"
	}
	ms := func(v int64) float64 { return float64(v) / 1000 }
	return fmt.Sprintf("p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d answers)",
		ms(h.ValueAtQuantile(50)), ms(h.ValueAtQuantile(99)), ms(h.Max()), h.TotalCount())
}

func verdict(held bool) string {
	if held {
		return "PASS"
	}
	return "MISS"
}

// loadAverage is the machine's load over 1, 5 and 15 minutes: the instance and the clients share
// the machine with whatever else runs on it.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	fields := strings.Fields(string(raw))
	if err != nil || len(fields) < 3 {
		return "unknown"
	}
	return strings.Join(fields[:3], " ")
}

// cpuSeconds is this process's user and system CPU so far: the clients share the machine's cores
// with the instance, so their share is printed beside the figures.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()).Seconds()
}
