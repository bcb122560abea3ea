// Package stats turns a latency histogram into the numbers and the encoding
// that a measurement event carries.
package stats

import (
	"github.com/HdrHistogram/hdrhistogram-go"

	"soapbench.dev/workers/internal/message"
)

// Latency summarises h, recorded in microseconds, in milliseconds.
func Latency(h *hdrhistogram.Histogram) message.LatencyMs {
	if h.TotalCount() == 0 {
		return message.LatencyMs{}
	}
	ms := func(micros int64) float64 { return float64(micros) / 1000 }
	return message.LatencyMs{
		Min:  ms(h.Min()),
		Mean: h.Mean() / 1000,
		P50:  ms(h.ValueAtQuantile(50)),
		P90:  ms(h.ValueAtQuantile(90)),
		P99:  ms(h.ValueAtQuantile(99)),
		P999: ms(h.ValueAtQuantile(99.9)),
		Max:  ms(h.Max()),
	}
}

// Encode is h in HdrHistogram's V2 compressed encoding, base64, as every
// HdrHistogram implementation reads it.
func Encode(h *hdrhistogram.Histogram) (string, error) {
	b, err := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	return string(b), err
}

// Throughput is correct responses per second.
func Throughput(requests int64, seconds float64) float64 {
	if seconds <= 0 {
		return 0
	}
	return float64(requests) / seconds
}
