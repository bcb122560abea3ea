package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"soapbench.dev/workers/internal/netns"
	"soapbench.dev/workers/internal/samples"
)

// Secured verifies a server that enforces a security mode of the profile in
// stack-runners/security (docs/security-modes.md). The worker's own requests
// carry no WS-Security, so every operation goes through the project's checker
// (security-check): it secures the sample request as the mode says and
// requires it accepted with a secured answer, sends the mode's tampered
// variants and requires each refused, and hands back the answer without its
// Security header, which is then compared with the sample response as an
// unsecured answer would be.
type Secured struct {
	// Dir is stack-runners/security: the checker, profile.json and pki/.
	Dir string
	// WorkDir receives each operation's request and answer files.
	WorkDir string
}

// checkLine is one line of the checker's output.
type checkLine struct {
	Check  string `json:"check"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// checkerTimeout bounds one run of the checker: a JVM start, the good
// request and a few tampered ones, each bounded by RequestTimeout.
const checkerTimeout = 5 * RequestTimeout

// Endpoint checks every request-response sample of list against the server
// at serverURL, dialled inside ns (nil: the host's), in security mode. A wrong
// or missing refusal, or a wrong answer, is a *Failure naming the operation.
func (s Secured) Endpoint(ctx context.Context, ns *netns.Namespace, serverURL, mode string, list []samples.Sample) error {
	target, err := url.Parse(serverURL)
	if err != nil {
		return err
	}
	// The checker runs on the host; the server listens in its own namespace.
	fw, err := ns.Forward(target.Host)
	if err != nil {
		return fmt.Errorf("security check: %v", err)
	}
	defer fw.Close()
	via := *target
	via.Host = fw.Addr()
	if err := os.MkdirAll(s.WorkDir, 0o700); err != nil {
		return err
	}
	checked := 0
	for i, sample := range list {
		if sample.OneWay {
			// The checker needs an answer to judge; a one-way operation has none.
			continue
		}
		if sample.XOP != nil {
			return &Failure{Operation: sample.Operation, Reason: "security mode " + mode + " with MTOM is not verified: the checker sends no XOP packages"}
		}
		if err := s.operation(ctx, via.String(), mode, i, sample); err != nil {
			return err
		}
		checked++
	}
	if checked == 0 {
		return &Failure{Reason: "security mode " + mode + ": no request-response operation to check it with"}
	}
	return nil
}

func (s Secured) operation(ctx context.Context, serverURL, mode string, i int, sample samples.Sample) error {
	base := filepath.Join(s.WorkDir, strconv.Itoa(i)+"-"+mode)
	request, answer := base+"-request.xml", base+"-answer.xml"
	if err := os.WriteFile(request, sample.Request, 0o600); err != nil {
		return err
	}
	args := []string{"--url", serverURL, "--mode", mode, "--request", request, "--soap", sample.SOAPVersion,
		"--pki", filepath.Join(s.Dir, "pki"), "--profile", filepath.Join(s.Dir, "profile.json"),
		"--answer-out", answer, "--timeout", strconv.Itoa(int(RequestTimeout / time.Second))}
	if sample.SOAPAction != "" {
		args = append(args, "--action", sample.SOAPAction)
	}
	ctx, cancel := context.WithTimeout(ctx, checkerTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(s.Dir, "security-check"), args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var exit *exec.ExitError
	switch {
	case runErr == nil:
		got, err := os.ReadFile(answer)
		if err != nil {
			return fmt.Errorf("security check: no answer file: %v", err)
		}
		if err := Compare(sample.Response, got); err != nil {
			return &Failure{Operation: sample.Operation, Reason: "security mode " + mode + ", the answer after its security was checked: " + err.Error()}
		}
		return nil
	case ctx.Err() != nil:
		return &Failure{Operation: sample.Operation, Reason: fmt.Sprintf("security mode %s: the checks took longer than %s", mode, checkerTimeout)}
	case errors.As(runErr, &exit) && exit.ExitCode() == 1:
		return &Failure{Operation: sample.Operation, Reason: "security mode " + mode + ": " + failedChecks(stdout.Bytes())}
	default:
		return fmt.Errorf("security check could not run: %v: %s", runErr, lastLine(stderr.String()))
	}
}

// failedChecks names each check that failed with its detail, e.g.
// "wrong-password: not refused: HTTP 200".
func failedChecks(out []byte) string {
	var failed []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var l checkLine
		if json.Unmarshal(sc.Bytes(), &l) != nil || l.OK {
			continue
		}
		failed = append(failed, l.Check+": "+l.Detail)
	}
	if len(failed) == 0 {
		return "the checker failed without naming a check"
	}
	return strings.Join(failed, "; ")
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return head([]byte(lines[len(lines)-1]), 300)
}
