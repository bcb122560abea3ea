// Command stackcheck builds, serves and verifies one stack on the catalog's
// echo service and the repository's test WSDLs, with the worker's own runner
// and verification code.
//
// Usage:
//
//	stackcheck [-repo DIR] [-stacks DIR] [-datasets DIR] [-security MODE] [-v] STACK[@VERSION] [CASE_DIR...]
//
// It prints one line per case and a last line "N passed, N failed", and
// exits 1 when a case failed. A case whose case.json names a style or SOAP
// version the stack's manifest does not claim is skipped; one it claims must
// pass. A catalog service must also answer every request sequence of its
// datasets/<id>/ folder exactly, so every stack is held to the same answers.
// Then a behaviour phase (behaviour.go) holds the runner to the rest of the
// contract on the catalog echo case's build, one "behaviour:" line a check.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"soapbench.dev/workers/internal/runner"
)

func main() {
	os.Exit(run())
}

func run() int {
	repo := flag.String("repo", "", "repository root (default: found from the current directory)")
	stacksDir := flag.String("stacks", "", "stack-runners folder (default: REPO/stack-runners)")
	datasetsDir := flag.String("datasets", "", "datasets folder whose request sequences catalog services must answer (default: REPO/datasets)")
	security := flag.String("security", "plain", "security mode to build: plain, username, sign, signencr (a secured mode is verified by STACKS/security's checker: the good request accepted with the right answer, the tampered ones refused)")
	version := flag.String("version", "", "stack version to build (default: the manifest's first)")
	workDir := flag.String("work", "", "work folder, kept afterwards (default: a temporary folder, removed)")
	verbose := flag.Bool("v", false, "print the log tail of every failed case")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: stackcheck [flags] STACK[@VERSION][+VARIANT] [CASE_DIR...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 1 {
		flag.Usage()
		return 2
	}
	if *repo == "" {
		found, err := findRepo()
		if err != nil {
			fmt.Fprintln(os.Stderr, "stackcheck:", err)
			return 2
		}
		*repo = found
	}
	if *stacksDir == "" {
		*stacksDir = filepath.Join(*repo, "stack-runners")
	}
	if *datasetsDir == "" {
		*datasetsDir = filepath.Join(*repo, "datasets")
	}

	stacks, err := runner.Discover(*stacksDir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stackcheck:", err)
		return 2
	}
	stackID, v := flag.Arg(0), *version
	stackID, variant, _ := strings.Cut(stackID, "+")
	if at := strings.IndexByte(stackID, '@'); at >= 0 {
		stackID, v = stackID[:at], stackID[at+1:]
	}
	stack, ok := runner.Find(stacks, stackID)
	if !ok {
		fmt.Fprintf(os.Stderr, "stackcheck: no stack %q in %s (found: %s)\n", stackID, *stacksDir, ids(stacks))
		return 2
	}
	if v == "" {
		v = stack.DefaultVersion()
	}
	if !offers(stack, v) {
		fmt.Fprintf(os.Stderr, "stackcheck: %s does not offer version %q (offered: %s)\n", stack.ID, v, versions(stack))
		return 2
	}
	if variant != "" {
		if _, err := stack.CheckVariant(variant); err != nil {
			fmt.Fprintln(os.Stderr, "stackcheck:", err)
			return 2
		}
	}
	label := stack.ID
	if v != stack.DefaultVersion() {
		label += "@" + v
	}
	if variant != "" {
		label += "+" + variant
	}
	var cases []testCase
	if flag.NArg() > 1 {
		cases, err = loadCases(flag.Args()[1:])
	} else {
		cases, err = defaultCases(*repo)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "stackcheck:", err)
		return 2
	}

	work := *workDir
	if work == "" {
		work, err = runner.MkdirTemp("stackcheck-")
		if err != nil {
			fmt.Fprintln(os.Stderr, "stackcheck:", err)
			return 2
		}
		defer os.RemoveAll(work)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	passed, failedCount, skipped := 0, 0, 0
	stackVersions, err := stack.Version(ctx)
	if err != nil {
		var f *runner.Failure
		if errors.As(err, &f) && f.Kind == runner.Unavailable {
			for _, c := range cases {
				fmt.Printf("SKIP %s %s: %s\n", label, c.Name, f.Reason)
			}
			fmt.Println(skipCheck("every check", f.Reason).line(label))
			printTotals(passed, failedCount, len(cases)+1)
			return 0
		}
		fmt.Printf("FAIL %s version: %v\n", label, err)
		failedCount++
	}
	var echo *echoBuild
	var xopCase *xopCaseBuild
	for _, c := range withMTOM(cases) {
		if ctx.Err() != nil {
			break
		}
		if c.MTOM && !stack.Features.MTOM {
			skipped++
			fmt.Printf("SKIP %s %s: %s does not claim MTOM\n", label, c.Name, stack.ID)
			continue
		}
		if c.unimplemented(stack.Catalog) {
			skipped++
			fmt.Printf("SKIP %s %s: %s does not implement catalog service %s\n", label, c.Name, stack.ID, c.Catalog)
			continue
		}
		if missing := c.unclaimed(stack.Features); missing != "" {
			skipped++
			fmt.Printf("SKIP %s %s: %s does not claim %s\n", label, c.Name, stack.ID, missing)
			continue
		}
		var sequences []sequence
		if c.Catalog != "" {
			if sequences, err = catalogSequences(*datasetsDir, c.Catalog); err != nil {
				fmt.Fprintln(os.Stderr, "stackcheck:", err)
				return 2
			}
		}
		caseWork := filepath.Join(work, stack.ID, v, c.Name)
		o := checkCase(ctx, stack, *stacksDir, v, variant, *security, c, sequences, caseWork)
		if c.Catalog == "echo" && !c.MTOM && o.Built {
			echo = &echoBuild{BuildDir: filepath.Join(caseWork, "build"), SamplesDir: filepath.Join(caseWork, "samples")}
		}
		// The client's MTOM is the client's: any build of a case with binary content will do.
		if len(c.Claims.XOPElements) > 0 && o.Built && xopCase == nil {
			xopCase = &xopCaseBuild{BuildDir: filepath.Join(caseWork, "build"), SamplesDir: filepath.Join(caseWork, "samples"),
				Elements: c.Claims.XOPElements}
		}
		// A known defect is checked like any case, and must still show: a stack
		// that no longer fails it has a manifest that says too little.
		if defect, known := c.knownDefect(stack.KnownDefects); known {
			if o.Passed {
				failedCount++
				fmt.Printf("FAIL %s %s: passes, but stack.json lists the known defect %q; remove it\n", label, c.Name, defect.Feature)
			} else {
				skipped++
				fmt.Printf("SKIP %s %s: known defect of %s (%s): %s\n", label, c.Name, stack.ID, defect.Feature, oneLine(o.Reason))
			}
			continue
		}
		if o.Passed {
			passed++
			fmt.Printf("PASS %s %s (build %.1fs, start %.1fs%s)\n", label, c.Name, o.BuildSeconds, o.StartupSeconds, sequenceNote(o.Sequences))
			if variant != "" && o.Settings != "" {
				// What the variant's server ran with, to be read against its settings in stack.json.
				fmt.Printf("     %s\n", o.Settings)
			}
			continue
		}
		failedCount++
		fmt.Printf("FAIL %s %s: %s\n", label, c.Name, oneLine(o.Reason))
		if *verbose && o.Log != "" {
			fmt.Fprintf(os.Stderr, "--- log of %s %s ---\n%s\n---\n", label, c.Name, strings.TrimRight(o.Log, "\n"))
		}
	}
	if ctx.Err() == nil {
		for _, c := range checkBehaviour(ctx, subject{
			Stack: stack, SchemaDir: filepath.Join(*repo, "stack-runners"), Version: v, Variant: variant, Versions: stackVersions, Echo: echo, XOPCase: xopCase,
			AnySamples: filepath.Join(*repo, "wsdl-catalog", "echo", "samples"), Work: filepath.Join(work, stack.ID, v, "behaviour"),
		}) {
			fmt.Println(c.line(label))
			switch c.Status {
			case "PASS":
				passed++
			case "FAIL":
				failedCount++
			default:
				skipped++
			}
		}
	}
	printTotals(passed, failedCount, skipped)
	if failedCount > 0 || ctx.Err() != nil {
		return 1
	}
	return 0
}

// sequenceNote lists the verified dataset sequences with their request counts.
func sequenceNote(passed []string) string {
	if len(passed) == 0 {
		return ""
	}
	return "; sequences: " + strings.Join(passed, ", ")
}

func printTotals(passed, failed, skipped int) {
	line := fmt.Sprintf("%d passed, %d failed", passed, failed)
	if skipped > 0 {
		line += fmt.Sprintf(", %d skipped", skipped)
	}
	fmt.Println(line)
}

// findRepo walks up from the current directory to the folder holding
// stack-runners/ and wsdl-catalog/.
func findRepo() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if isDir(filepath.Join(dir, "stack-runners")) && isDir(filepath.Join(dir, "wsdl-catalog")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no repository root (a folder with stack-runners/ and wsdl-catalog/) above the current directory; pass -repo")
		}
		dir = parent
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func offers(s runner.Stack, version string) bool {
	for _, v := range s.Versions {
		if v.Version == version {
			return true
		}
	}
	return false
}

func versions(s runner.Stack) string {
	names := make([]string, len(s.Versions))
	for i, v := range s.Versions {
		names[i] = v.Version
	}
	return strings.Join(names, ", ")
}

func ids(stacks []runner.Stack) string {
	if len(stacks) == 0 {
		return "none"
	}
	names := make([]string, len(stacks))
	for i, s := range stacks {
		names[i] = s.ID
	}
	return strings.Join(names, ", ")
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
