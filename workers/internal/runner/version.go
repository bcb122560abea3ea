package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// VersionTimeout bounds `runner version`, which may start a JVM.
const VersionTimeout = 60 * time.Second

// Versions is the runner's `version` output, kept as the runner printed it so
// that every component reaches the results unchanged.
type Versions map[string]any

// Version runs `runner version`. A stack that cannot run here returns a
// *Failure of kind Unavailable.
func (s Stack) Version(ctx context.Context) (Versions, error) {
	var out bytes.Buffer
	p, err := startProcess(unconfined(s, "version"), s.Dir, &out)
	if err != nil {
		return nil, &Failure{Kind: Unavailable, Reason: fmt.Sprintf("unavailable: cannot start %s: %v", s.RunnerPath(), err)}
	}
	timedOut, err := p.wait(ctx, VersionTimeout)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case timedOut:
		return nil, &Failure{Kind: Timeout, Reason: fmt.Sprintf("error: version did not answer within %s", VersionTimeout), Log: p.log.String()}
	case err != nil:
		return nil, classify(lastLine(p.stderr.Bytes()), fmt.Sprintf("error: version %v", err), p.log.String())
	}
	var v Versions
	line := lastLine(out.Bytes())
	if err := json.Unmarshal([]byte(line), &v); err != nil {
		return nil, &Failure{Kind: Error, Reason: fmt.Sprintf("error: version printed %q, not one JSON object: %v", truncate(line, 200), err), Log: p.log.String()}
	}
	return v, nil
}
