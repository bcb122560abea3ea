// Package verify sends every sample request to a server and checks the
// answer against the sample response before anything is timed.
package verify

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"soapbench.dev/workers/internal/netns"
	"soapbench.dev/workers/internal/samples"
)

// RequestTimeout bounds one verification request; the first request to a
// JVM server is slow.
const RequestTimeout = 60 * time.Second

// maxResponse bounds what is read of one response.
const maxResponse = 64 << 20

// Failure is an operation whose answer was wrong.
type Failure struct {
	Operation string
	Reason    string
}

func (f *Failure) Error() string { return f.Operation + ": " + f.Reason }

// Endpoint sends each sample in list to url, dialled inside the server's
// network namespace ns (nil: the host's), and returns a *Failure for the
// first operation that does not answer as its sample response says.
func Endpoint(ctx context.Context, ns *netns.Namespace, url string, list []samples.Sample) error {
	client := &http.Client{Timeout: RequestTimeout, Transport: &http.Transport{DialContext: ns.DialContext, Proxy: nil}}
	defer client.CloseIdleConnections()
	for _, s := range list {
		if err := Operation(ctx, client, url, s); err != nil {
			return &Failure{Operation: s.Operation, Reason: err.Error()}
		}
	}
	return nil
}

// Operation sends one sample request and checks the response.
func Operation(ctx context.Context, client *http.Client, url string, s samples.Sample) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(s.Body()))
	if err != nil {
		return err
	}
	for k, v := range s.Headers() {
		req.Header[k] = v
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("request failed: %v", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return fmt.Errorf("reading the response: %v", err)
	}
	if s.OneWay {
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusAccepted {
			return fmt.Errorf("HTTP status %d for a one-way operation, expected 200 or 202", resp.StatusCode)
		}
		return nil
	}
	if s.XOP != nil {
		if body, err = unpackXOP(s, resp.StatusCode, resp.Header.Get("Content-Type"), body); err != nil {
			return err
		}
	}
	// SOAP 1.1 and 1.2 send a fault with status 500; a sample that is a fault expects just that.
	if resp.StatusCode == http.StatusInternalServerError && expectsFault(s.Response) {
		return Compare(s.Response, body)
	}
	if resp.StatusCode != http.StatusOK {
		if env, perr := parse(body); perr == nil {
			if b, berr := bodyOf(env); berr == nil {
				if f := fault(b); f != "" {
					return fmt.Errorf("HTTP status %d with SOAP Fault: %s", resp.StatusCode, f)
				}
			}
		}
		return fmt.Errorf("HTTP status %d, expected 200 (body starts %q)", resp.StatusCode, head(body, 200))
	}
	return Compare(s.Response, body)
}

func expectsFault(response []byte) bool {
	env, err := parse(response)
	if err != nil {
		return false
	}
	body, err := bodyOf(env)
	return err == nil && fault(body) != ""
}

func head(b []byte, n int) string {
	s := strings.TrimSpace(string(b))
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
