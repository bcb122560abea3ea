package main

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/xop"
)

// The native client's MTOM (features.nativeClientMtom) is checked against a
// server of stackcheck's own, not the stack's: a stack's server reads inline
// base64 as readily as XOP, so only a recording of what the client sent
// shows whether it really packed its binary content into parts.

const (
	// mtomDriveCount is a few requests: each is checked, none is timed.
	mtomDriveCount = 4
	// recordedBodyLimit bounds each request the recording server keeps.
	recordedBodyLimit = 16 << 20
	// unpackedEnvelopeLimit bounds the envelope a request is read back into.
	unpackedEnvelopeLimit = 64 << 20
)

// xopCaseBuild is a build of a case that names xopElements (testdata/wsdl/mtom-xop):
// its requests have base64Binary content an MTOM client must send as parts.
type xopCaseBuild struct {
	BuildDir, SamplesDir string
	Elements             []xop.Element
}

const driveMTOMName = "drive --mtom"

// checkDriveMTOM holds a stack's native client to what its manifest says of
// MTOM: a client that claims it sends every request of the case as an XOP
// package with its binary content in parts; one that does not refuses.
func checkDriveMTOM(ctx context.Context, s subject) check {
	f := s.Stack.Features
	switch {
	case !f.NativeClient:
		return skipCheck(driveMTOMName, `stack.json says "nativeClient": false`)
	case !f.NativeClientMTOM:
		return checkDriveMTOMRefused(ctx, s)
	case s.XOPCase == nil:
		return skipCheck(driveMTOMName, "no build of a case with xopElements to drive (add testdata/wsdl/mtom-xop to the cases)")
	}
	name := fmt.Sprintf("drive --mtom sends %d XOP packages, every one with an xop:Include", mtomDriveCount)
	rec, err := startRecorder(s.XOPCase)
	if err != nil {
		return failCheck(name, err)
	}
	defer rec.close()
	run, _, err := runDrive(ctx, s, s.XOPCase.BuildDir, s.XOPCase.SamplesDir, rec.url, 1, mtomDriveCount, "--mtom")
	if err != nil {
		return failCheck(name, err)
	}
	includes, err := allXOP(rec.requests())
	if err != nil {
		return failCheck(name, err)
	}
	return passCheck(name, fmt.Sprintf("%.1fs; %d xop:Include in %d requests", run.Elapsed.Seconds(), includes, mtomDriveCount))
}

// checkDriveMTOMRefused: a client that does not claim MTOM must say so
// rather than send base64 inline under an MTOM label.
func checkDriveMTOMRefused(ctx context.Context, s subject) check {
	const name = "drive --mtom, which stack.json does not claim (features.nativeClientMtom), ends with an unsupported: line"
	build := filepath.Join(s.Work, "no-build")
	if s.Echo != nil {
		build = s.Echo.BuildDir
	}
	run := runVerb(ctx, s.Stack, refusalLimit, "drive", "--build", build, "--endpoint", "http://127.0.0.1:1/ws",
		"--requests", s.AnySamples, "--concurrency", "1", "--count", "1", "--mtom")
	if err := refusal(run, "unsupported: ", []string{s.Work}); err != nil {
		return failCheck(name, err)
	}
	return passCheck(name, refusalNote(run))
}

// allXOP checks that every recorded request is an XOP package that names at
// least one binary part, and returns how many xop:Include they hold in all.
func allXOP(requests []recordedRequest) (int, error) {
	if len(requests) != mtomDriveCount {
		return 0, fmt.Errorf("the server saw %d requests for --count %d", len(requests), mtomDriveCount)
	}
	total := 0
	for i, r := range requests {
		if !xop.IsXOP(r.ContentType) {
			return 0, fmt.Errorf("request %d is not an XOP package: Content-Type %q", i+1, r.ContentType)
		}
		u, err := xop.Unpack(r.ContentType, r.Body, unpackedEnvelopeLimit)
		if err != nil {
			return 0, fmt.Errorf("request %d: %v", i+1, err)
		}
		if u.Includes == 0 {
			return 0, fmt.Errorf("request %d is an XOP package without an xop:Include: its base64Binary content went inline", i+1)
		}
		total += u.Includes
	}
	return total, nil
}

// recordedRequest is what a client sent.
type recordedRequest struct {
	ContentType string
	Body        []byte
}

// recorder is stackcheck's own server: it keeps every request and answers
// each with the XOP package of the case's sample response for its action.
type recorder struct {
	url    string
	server *http.Server
	mu     sync.Mutex
	got    []recordedRequest
}

func startRecorder(c *xopCaseBuild) (*recorder, error) {
	answers, first, err := xopAnswers(c)
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	rec := &recorder{url: "http://" + l.Addr().String() + "/ws"}
	rec.server = &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, recordedBodyLimit))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		contentType := r.Header.Get("Content-Type")
		rec.mu.Lock()
		rec.got = append(rec.got, recordedRequest{ContentType: contentType, Body: body})
		rec.mu.Unlock()
		answer, ok := answers[requestAction(r.Header.Get("SOAPAction"), contentType)]
		if !ok {
			answer = first
		}
		w.Header().Set("Content-Type", answer.ContentType)
		w.Write(answer.Body)
	})}
	go rec.server.Serve(l)
	return rec, nil
}

func (r *recorder) requests() []recordedRequest {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]recordedRequest(nil), r.got...)
}

func (r *recorder) close() { r.server.Close() }

// xopAnswers packs the case's sample responses as XOP, by SOAP action; first
// answers a request whose action names none of them.
func xopAnswers(c *xopCaseBuild) (map[string]xop.Package, xop.Package, error) {
	list, err := samples.Load(c.SamplesDir)
	if err != nil {
		return nil, xop.Package{}, err
	}
	answers := map[string]xop.Package{}
	var first xop.Package
	for i, s := range list {
		p, err := xop.Pack(s.Response, c.Elements, s.SOAPVersion, s.SOAPAction)
		if err != nil {
			return nil, xop.Package{}, fmt.Errorf("packing the answer of %s: %v", s.Operation, err)
		}
		if i == 0 {
			first = p
		}
		if _, seen := answers[s.SOAPAction]; !seen {
			answers[s.SOAPAction] = p
		}
	}
	if len(list) == 0 {
		return nil, xop.Package{}, fmt.Errorf("%s holds no samples", c.SamplesDir)
	}
	return answers, first, nil
}

// requestAction is the SOAP action of a request: the SOAPAction header of
// SOAP 1.1, or the action parameter SOAP 1.2 carries in its media type.
func requestAction(header, contentType string) string {
	if header != "" {
		return strings.Trim(header, `"`)
	}
	if _, params, err := mime.ParseMediaType(contentType); err == nil {
		return params["action"]
	}
	return ""
}
