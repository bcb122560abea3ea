package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"time"
)

// api is the instance under load.
type api struct {
	base    string
	timeout time.Duration
}

// newAPI refuses a base URL off this machine: the clients leave from 127.0.0.x, which reaches
// loopback addresses only (and no other host is ever a target of this benchmark).
func newAPI(base string, timeout time.Duration) (*api, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("-base %q is not an http(s) URL", base)
	}
	ips, err := net.LookupIP(u.Hostname())
	if err != nil {
		return nil, fmt.Errorf("-base %q: %v", base, err)
	}
	if !slices.ContainsFunc(ips, func(ip net.IP) bool { return ip.IsLoopback() && ip.To4() != nil }) {
		return nil, fmt.Errorf("-base %q is not on an IPv4 loopback address: the clients leave from 127.0.0.x", base)
	}
	return &api{base: u.Scheme + "://" + u.Host, timeout: timeout}, nil
}

// client is an HTTP client whose connections leave from the address from. Without keep-alive
// each request has a connection of its own, as separate clients would.
func (a *api) client(from netip.Addr, keepAlive bool) *http.Client {
	dialer := &net.Dialer{Timeout: a.timeout, LocalAddr: &net.TCPAddr{IP: from.AsSlice()}}
	return &http.Client{
		Timeout: a.timeout,
		// No Proxy: an HTTP_PROXY of the environment must not stand between the clients and the
		// instance.
		Transport: &http.Transport{
			DialContext:         dialer.DialContext,
			DisableKeepAlives:   !keepAlive,
			MaxIdleConnsPerHost: 1,
		},
	}
}

// checkCatalog fails with the catalog's ids when id is not among them, before any load is sent.
func (a *api) checkCatalog(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.base+"/api/v1/catalog", nil)
	if err != nil {
		return err
	}
	resp, err := a.client(netip.MustParseAddr("127.0.0.1"), false).Do(req)
	if err != nil {
		return fmt.Errorf("GET /api/v1/catalog: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET /api/v1/catalog: %s %s", resp.Status, raw)
	}
	var entries []struct{ ID string }
	if err := json.Unmarshal(raw, &entries); err != nil {
		return fmt.Errorf("GET /api/v1/catalog: %v", err)
	}
	var ids []string
	for _, e := range entries {
		if e.ID == id {
			return nil
		}
		ids = append(ids, e.ID)
	}
	return fmt.Errorf("catalog %q is not offered by %s; it offers %v", id, a.base, ids)
}

// loopbackAddresses are 127.0.0.2 onwards: each is a client address of its own to the backend,
// with its own rate limit and its own share of request threads.
func loopbackAddresses(n int) []netip.Addr {
	out := make([]netip.Addr, n)
	for i := range out {
		out[i] = netip.AddrFrom4([4]byte{127, 0, 0, byte(2 + i)})
	}
	return out
}

// getJSON reads path into v; an answer other than 200 is an error.
func (a *api) getJSON(client *http.Client, path string, v any) error {
	resp, err := client.Get(a.base + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", path, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}
