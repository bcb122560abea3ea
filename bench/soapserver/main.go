// Command soapserver is the benchmarks' reference server: it answers every
// POST with one fixed SOAP echo response, as fast as net/http allows, and
// can stall every request for a while once a period (-stall, -every) to
// check how latency percentiles see a stall. With -echo it answers the
// request's text as the echo service does, so the worker verifies it as a
// stack; -work adds CPU work to every request, so that two servers differ by
// a known amount (bench/verdicts).
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

func main() {
	size := flag.Int("response-bytes", 150, "size of the response envelope")
	stall := flag.Duration("stall", 0, "hold every request for this long once per -every (0: never)")
	every := flag.Duration("every", time.Second, "period of the stalls")
	port := flag.Int("port", 0, "port on 127.0.0.1 (0: any free one)")
	echo := flag.Bool("echo", false, "answer the request's text element in an echo response (the catalog echo service)")
	work := flag.Int("work", 0, "rounds of CPU work per request (busy work, not a sleep)")
	flag.Parse()

	body := []byte(response(*size))
	var gate sync.RWMutex
	if *stall > 0 {
		go stallLoop(&gate, *stall, *every)
	}
	contentLength := strconv.Itoa(len(body))
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gate.RLock()
		defer gate.RUnlock()
		answer, length := body, contentLength
		if *echo {
			request, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			answer = echoResponse(request)
			length = strconv.Itoa(len(answer))
		} else {
			_, _ = io.Copy(io.Discard, r.Body)
		}
		busy(*work)
		h := w.Header()
		h["Content-Type"] = []string{"text/xml; charset=utf-8"}
		h["Content-Length"] = []string{length}
		_, _ = w.Write(answer)
	})
	l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		fmt.Fprintln(os.Stderr, "soapserver:", err)
		os.Exit(1)
	}
	go func() {
		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
		<-stop
		l.Close()
	}()
	fmt.Printf("READY http://%s/ws\n", l.Addr())
	_ = http.Serve(l, handler)
}

// stallLoop takes the gate for stall once every period: requests arriving
// or in progress then wait, as behind a garbage-collection pause.
func stallLoop(gate *sync.RWMutex, stall, every time.Duration) {
	for {
		time.Sleep(every - stall)
		gate.Lock()
		time.Sleep(stall)
		gate.Unlock()
	}
}

// response is an echo response envelope of about size bytes.
func response(size int) string {
	head := `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:e="urn:soapbench:echo"><soapenv:Body><e:echoResponse><e:text>`
	tail := `</e:text></e:echoResponse></soapenv:Body></soapenv:Envelope>`
	pad := max(1, size-len(head)-len(tail))
	return head + strings.Repeat("x", pad) + tail
}

var textElement = regexp.MustCompile(`(?s)<(?:[A-Za-z_][\w.-]*:)?text(?:\s[^>]*)?>(.*?)</(?:[A-Za-z_][\w.-]*:)?text>`)

const (
	echoHead = `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:e="urn:soapbench:echo"><soapenv:Body><e:echoResponse><e:text>`
	echoTail = `</e:text></e:echoResponse></soapenv:Body></soapenv:Envelope>`
)

// echoResponse carries the request's text back as it came, entities
// included, so the answer holds the same characters.
func echoResponse(request []byte) []byte {
	var text []byte
	if m := textElement.FindSubmatch(request); m != nil {
		text = m[1]
	}
	out := make([]byte, 0, len(echoHead)+len(text)+len(echoTail))
	return append(append(append(out, echoHead...), text...), echoTail...)
}

// sink keeps the compiler from dropping busy's loop.
var sink atomic.Uint64

// busy spends CPU for n rounds of a xorshift generator; its cost per round
// is fixed, so the extra time per request is proportional to n.
func busy(n int) {
	x := uint64(n) | 1
	for i := 0; i < n; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	if x == 0 {
		sink.Store(x)
	}
}
