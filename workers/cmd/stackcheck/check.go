package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"soapbench.dev/workers/internal/runner"
	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/verify"
)

// outcome is the result of one case on one stack.
type outcome struct {
	Passed         bool
	Reason         string
	Log            string
	BuildSeconds   float64
	StartupSeconds float64
	// Sequences are the dataset request sequences verified after the samples.
	Sequences []string
	// Settings is the server's SETTINGS line, when it printed one.
	Settings string
	// Built says the build succeeded, so its folder can be served again.
	Built bool
}

// checkCase builds the case, serves it and verifies every operation, as the
// worker does before measuring; a catalog service must then answer every
// request of its dataset sequences too.
func checkCase(ctx context.Context, stack runner.Stack, stacksDir, version, variant, security string, c testCase, sequences []sequence, work string) outcome {
	list, err := samples.Load(filepath.Join(c.Dir, "samples"))
	if err != nil {
		return outcome{Reason: err.Error()}
	}
	bundle, samplesDir, out := filepath.Join(work, "bundle"), filepath.Join(work, "samples"), filepath.Join(work, "build")
	if err := copyBundle(c, bundle); err != nil {
		return outcome{Reason: "copying the WSDL bundle: " + err.Error()}
	}
	if err := samples.Write(samplesDir, list); err != nil {
		return outcome{Reason: "writing samples: " + err.Error()}
	}
	if c.MTOM {
		if err := samples.PackXOP(list, c.Claims.XOPElements); err != nil {
			return outcome{Reason: "packing the requests as XOP: " + err.Error()}
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return outcome{Reason: err.Error()}
	}
	built, err := stack.Build(ctx, runner.BuildRequest{
		BundleDir: bundle, Entry: c.Entry, SamplesDir: samplesDir,
		Security: security, Version: version, OutDir: out, Catalog: c.Catalog, MTOM: c.MTOM,
	})
	if err != nil {
		return failed("build", err)
	}
	res := outcome{BuildSeconds: built.Seconds, Built: true}
	server, err := stack.ServeVariant(ctx, out, variant, 0)
	if err != nil {
		o := failed("serve", err)
		o.BuildSeconds, o.Built = res.BuildSeconds, true
		return o
	}
	defer server.Stop()
	res.StartupSeconds = server.StartupSeconds
	if err := verifyServer(ctx, server, stacksDir, security, list, sequences, work, &res); err != nil {
		res.Reason = "verify " + err.Error()
		res.Log = server.Log()
		return res
	}
	res.Passed = true
	res.Settings = settingsLine(server.Log())
	return res
}

// verifyServer checks every operation of a served case, and a catalog
// service's dataset sequences, counting them in res. A secured server refuses
// plain requests: the worker's checker sends the mode's secured request and
// its tampered ones (good accepted, tampered refused), as the worker verifies
// a secured cell; the sequences are plain requests, left to the plain check.
func verifyServer(ctx context.Context, server *runner.Server, stacksDir, security string, list []samples.Sample, sequences []sequence, work string, res *outcome) error {
	if security != "plain" {
		checker := verify.Secured{Dir: filepath.Join(stacksDir, "security"), WorkDir: work}
		return checker.Endpoint(ctx, server.Net, server.URL, security, list)
	}
	if err := verify.Endpoint(ctx, server.Net, server.URL, list); err != nil {
		return err
	}
	var err error
	res.Sequences, err = verifySequences(ctx, server.Net, server.URL, sequences)
	return err
}

// settingsLine is the server's SETTINGS line (what it runs with), "" when it prints none.
func settingsLine(log string) string {
	for _, line := range strings.Split(log, "\n") {
		if strings.HasPrefix(line, "SETTINGS ") {
			return line
		}
	}
	return ""
}

func failed(phase string, err error) outcome {
	var f *runner.Failure
	if errors.As(err, &f) {
		return outcome{Reason: fmt.Sprintf("%s: %s", phase, f.Reason), Log: f.Log}
	}
	return outcome{Reason: fmt.Sprintf("%s: %v", phase, err)}
}
