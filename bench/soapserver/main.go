// Command soapserver is the benchmarks' reference server: it answers every
// POST with one fixed SOAP echo response, as fast as net/http allows, and
// can stall every request for a while once a period (-stall, -every) to
// check how latency percentiles see a stall.
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	size := flag.Int("response-bytes", 150, "size of the response envelope")
	stall := flag.Duration("stall", 0, "hold every request for this long once per -every (0: never)")
	every := flag.Duration("every", time.Second, "period of the stalls")
	port := flag.Int("port", 0, "port on 127.0.0.1 (0: any free one)")
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
		_, _ = io.Copy(io.Discard, r.Body)
		h := w.Header()
		h["Content-Type"] = []string{"text/xml; charset=utf-8"}
		h["Content-Length"] = []string{contentLength}
		_, _ = w.Write(body)
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
