package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// confinement is what one verb may touch inside the sandbox.
type confinement struct {
	verb string
	// network false gives the verb a network namespace of its own with
	// nothing in it (build); true shares the host's, so that the driver
	// reaches the server on 127.0.0.1 (serve).
	network    bool
	readOnly   []string
	writable   []string
	cpuSeconds int
}

// systemDirs are bound read-only; a symlink (/bin -> usr/bin) stays a symlink.
var systemDirs = []string{"/usr", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/opt"}

// secretEnv names variables a runner never sees: the broker's URL and API
// tokens are the worker's, not the build's.
var secretEnv = []string{"SOAPBENCH_AMQP_URL", "SOAPBENCH_TEST_AMQP_URL", "SOAPBENCH_TOKEN"}

// command is a ready-to-start process: the sandbox wrapped around a verb.
type command struct {
	path    string
	args    []string
	env     []string
	cleanup func()
	report  SandboxReport
}

// wrap returns the command that runs runner args in dir under the sandbox.
func (sb Sandbox) wrap(stack Stack, args []string, c confinement) (command, error) {
	if sb.Mode != SandboxBwrap {
		return unconfined(stack, args...), nil
	}
	bw := []string{"--die-with-parent", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"}
	if !c.network {
		bw = append(bw, "--unshare-net")
	}
	for _, d := range systemDirs {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			target, _ := os.Readlink(d)
			bw = append(bw, "--symlink", target, d)
		default:
			bw = append(bw, "--ro-bind", d, d)
		}
	}
	// /tmp comes before the binds, since work folders may lie under it.
	bw = append(bw, "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp")
	stacksRoot := filepath.Dir(stack.Dir)
	bw = append(bw, "--ro-bind", stacksRoot, stacksRoot)
	// Catalog services load their data (datasets/<service>/out) at start-up.
	if datasets := filepath.Join(filepath.Dir(stacksRoot), "datasets"); isDir(datasets) {
		bw = append(bw, "--ro-bind", datasets, datasets)
	}
	locks, err := lockFiles(stacksRoot)
	if err != nil {
		return command{}, err
	}
	for _, l := range locks {
		bw = append(bw, "--bind", l, l)
	}
	for _, p := range c.writable {
		// A bind needs its source; runners are free to expect --out missing.
		if err := os.MkdirAll(p, 0o755); err != nil {
			return command{}, fmt.Errorf("sandbox: %v", err)
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return command{}, fmt.Errorf("sandbox: %v", err)
		}
		bw = append(bw, "--bind", real, p)
	}
	// Read-only binds come last so that inputs inside a writable folder stay
	// read-only, unless they hold a writable folder themselves.
	for _, p := range append(append([]string{}, sb.ReadOnly...), c.readOnly...) {
		real, err := filepath.EvalSymlinks(p)
		if err == nil && !holdsAny(p, c.writable) {
			bw = append(bw, "--ro-bind", real, p)
		}
	}
	bw = append(bw, "--chdir", stack.Dir, "--", stack.RunnerPath())
	bw = append(bw, args...)

	limits := []string{
		fmt.Sprintf("--nofile=%d:%d", sb.OpenFiles, sb.OpenFiles),
		fmt.Sprintf("--nproc=%d:%d", sb.Processes, sb.Processes),
		fmt.Sprintf("--fsize=%d:%d", sb.FileBytes, sb.FileBytes),
		"--core=0:0",
	}
	if c.cpuSeconds > 0 {
		limits = append(limits, fmt.Sprintf("--cpu=%d:%d", c.cpuSeconds, c.cpuSeconds))
	}
	inner := append(append(append([]string{"prlimit"}, limits...), "--", "bwrap"), bw...)

	cmd := command{env: scrubbedEnv(os.Environ()), cleanup: func() {}, report: SandboxReport{Mode: SandboxBwrap}}
	group := newCgroup(c.verb, sb.MemoryBytes, sb.Processes)
	if group == nil {
		cmd.path, cmd.args = "prlimit", inner[1:]
		return cmd, nil
	}
	// The shell joins the cgroup and then becomes prlimit, then bwrap: every
	// process of the verb is born inside the cgroup.
	join := []string{"-c", `while [ "$1" != -- ]; do echo $$ >"$1" || { echo "error: sandbox: cannot join cgroup $1" >&2; exit 125; }; shift; done; shift; exec "$@"`, "sh"}
	join = append(append(join, group.procs...), "--")
	cmd.path, cmd.args = "/bin/sh", append(join, inner...)
	cmd.cleanup = group.remove
	cmd.report.MemoryLimitBytes = group.memoryBytes
	cmd.report.ProcessLimit = group.processes
	return cmd, nil
}

// lockFiles are the *.lock files of the stacks' folders: runners flock them
// while they check their prepared caches, which opens them for writing.
// Nothing is stored in them, so they alone of the stacks' files are writable.
func lockFiles(root string) ([]string, error) {
	var locks []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		depth := strings.Count(strings.TrimPrefix(path, root), string(filepath.Separator))
		switch {
		case d.IsDir() && (depth > 4 || d.Name() == "node_modules" || d.Name() == ".git"):
			return filepath.SkipDir
		case d.Type().IsRegular() && strings.HasSuffix(d.Name(), ".lock"):
			locks = append(locks, path)
		}
		return nil
	})
	return locks, err
}

func scrubbedEnv(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		secret := false
		for _, s := range secretEnv {
			if name == s {
				secret = true
			}
		}
		if !secret {
			out = append(out, kv)
		}
	}
	return out
}

// unconfined runs a verb that handles no user input (version) as it is.
func unconfined(stack Stack, args ...string) command {
	return command{path: stack.RunnerPath(), args: args, cleanup: func() {}, report: SandboxReport{Mode: SandboxNone}}
}

// holdsAny reports whether dir is one of paths or a folder above one.
func holdsAny(dir string, paths []string) bool {
	dir = filepath.Clean(dir)
	for _, p := range paths {
		p = filepath.Clean(p)
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
