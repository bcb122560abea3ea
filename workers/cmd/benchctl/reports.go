package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"
)

// report is what --json writes: the run, the gate's rows and the exit code benchctl chose.
type report struct {
	Run      string `json:"run"`
	ShareURL string `json:"shareUrl"`
	Status   string `json:"status"`
	Failure  string `json:"failure,omitempty"`
	Base     string `json:"base,omitempty"`
	// BaselineRun is the stored baseline the rows measured apart were judged against.
	BaselineRun string    `json:"baselineRun,omitempty"`
	Rows        []gateRow `json:"comparisons"`
	// Notes are what the reader should know beside the rows: no baseline yet, a machine or a WSDL
	// that differs from the baseline's, a stack the baseline did not measure.
	Notes   []string `json:"notes,omitempty"`
	Exit    int      `json:"exitCode"`
	Outcome string   `json:"outcome"`
}

// writeJSON writes the report to path, "-" being standard output.
func writeJSON(path string, rep report, stdout io.Writer) error {
	return writeTo(path, stdout, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	})
}

// JUnit's shape as Jenkins, GitLab and GitHub's test reporters read it.
type junitSuite struct {
	XMLName  xml.Name    `xml:"testsuite"`
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	Output    string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
}

// writeJUnit writes one test case per head stack, cell and metric: failed for a regression,
// skipped without a verdict; a run that failed is one failed case.
func writeJUnit(path string, rep report, stdout io.Writer) error {
	suite := junitSuite{Name: "soapbench " + rep.Run}
	for _, r := range rep.Rows {
		c := junitCase{Name: r.Head + " " + r.Metric + " vs " + r.Base, ClassName: "soapbench." + r.Cell, Output: r.Text}
		switch r.Outcome {
		case outcomeRegression:
			c.Failure = &junitMessage{Message: r.Text}
			suite.Failures++
		case outcomeNoVerdict:
			c.Skipped = &junitMessage{Message: r.Text}
			suite.Skipped++
		case outcomeAcknowledged:
			c.Output = r.Text + "; a regression the project acknowledged: " + r.Acknowledged
		}
		suite.Cases = append(suite.Cases, c)
	}
	if rep.Exit == exitRunFailed || rep.Exit == exitService {
		reason := rep.Failure
		if reason == "" {
			reason = describeExit(rep.Exit)
		}
		suite.Cases = append(suite.Cases, junitCase{Name: "run " + rep.Run, ClassName: "soapbench.run", Failure: &junitMessage{Message: reason}})
		suite.Failures++
	}
	suite.Tests = len(suite.Cases)
	return writeTo(path, stdout, func(w io.Writer) error {
		if _, err := io.WriteString(w, xml.Header); err != nil {
			return err
		}
		enc := xml.NewEncoder(w)
		enc.Indent("", "  ")
		if err := enc.Encode(suite); err != nil {
			return err
		}
		_, err := io.WriteString(w, "\n")
		return err
	})
}

// markdown is a pull-request comment: base, head, the change with its interval, and a mark.
func markdown(rep report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### SOAPBench: %s\n\n", rep.Outcome)
	if rep.ShareURL != "" {
		fmt.Fprintf(&b, "Run [%s](%s), %s.", rep.Run, rep.ShareURL, rep.Status)
	} else {
		fmt.Fprintf(&b, "Run %s, %s.", rep.Run, rep.Status)
	}
	if rep.Failure != "" {
		fmt.Fprintf(&b, " %s", escapeCell(rep.Failure))
	}
	b.WriteString("\n\n")
	if len(rep.Rows) > 0 {
		b.WriteString("| cell | base | head | metric | change (CI) | verdict |\n|---|---|---|---|---|---|\n")
		apart := false
		for _, r := range rep.Rows {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", escapeCell(r.Cell), escapeCell(r.Base), escapeCell(r.Head),
				escapeCell(r.Metric), change(r), mark(r))
			apart = apart || r.Measured == measuredApart
		}
		if apart {
			fmt.Fprintf(&b, "\nRows against run %s were measured apart from it: their intervals include the spread "+
				"between whole runs, so they find only larger changes than a base measured in the same run.\n", rep.BaselineRun)
		}
	}
	if len(rep.Notes) > 0 {
		b.WriteString("\n")
		for _, n := range rep.Notes {
			fmt.Fprintf(&b, "- %s\n", escapeCell(n))
		}
	}
	return b.String()
}

// change is the head's change against the base in percent, with its interval.
func change(r gateRow) string {
	if r.Ratio == nil || r.Low == nil || r.High == nil {
		return fmt.Sprintf("no verdict (%d paired rounds)", r.Rounds)
	}
	pct := func(x float64) string { return fmt.Sprintf("%+.1f %%", (x-1)*100) }
	return fmt.Sprintf("%s (%s to %s)", pct(*r.Ratio), pct(*r.Low), pct(*r.High))
}

func mark(r gateRow) string {
	switch r.Outcome {
	case outcomeRegression:
		return "▼ regression"
	case outcomeImprovement:
		return "▲ improvement"
	case outcomeNoVerdict:
		return "? not enough data"
	case outcomeAcknowledged:
		return "▼ acknowledged: " + escapeCell(r.Acknowledged)
	}
	return "= unchanged"
}

// escapeCell keeps a value from breaking out of its table cell.
func escapeCell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ", "\r", " ").Replace(s)
}

// writeMarkdown writes the comment to path and appends it to $GITHUB_STEP_SUMMARY when that is set.
func writeMarkdown(path string, rep report, stdout io.Writer) error {
	text := markdown(rep)
	if path != "" {
		if err := writeTo(path, stdout, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
			return err
		}
	}
	if summary := os.Getenv("GITHUB_STEP_SUMMARY"); summary != "" {
		f, err := os.OpenFile(summary, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return fmt.Errorf("GITHUB_STEP_SUMMARY: %v", err)
		}
		defer f.Close()
		_, err = io.WriteString(f, text)
		return err
	}
	return nil
}

func writeTo(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" {
		return write(stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
