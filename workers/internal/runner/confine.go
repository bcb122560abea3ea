package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"soapbench.dev/workers/internal/netns"
)

// confinement is what one verb may touch inside the sandbox.
type confinement struct {
	verb string
	// joinNet, for drive, is the server's network namespace, which the
	// native client joins; every other verb gets one of its own that holds
	// nothing but a loopback.
	joinNet  *netns.Namespace
	readOnly []string
	// writable are the folders the verb writes; the sandbox user owns them
	// for the verb's life.
	writable []string
	// scratch is the verb's private HOME and /tmp, made afresh.
	scratch    string
	cpuSeconds int
}

// systemDirs are bound read-only; a symlink (/bin -> usr/bin) stays a symlink.
var systemDirs = []string{"/usr", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/opt"}

// maskedPaths hide the host's secrets, even those the sandbox user could not
// read anyway: a mistake in a file's mode must not open them.
var maskedPaths = []string{
	"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/sudoers", "/etc/sudoers.d",
	"/etc/security/opasswd", "/etc/ssh", "/etc/ssl/private", "/etc/rabbitmq", "/etc/postgresql",
	"/etc/postgresql-common", "/etc/soapbench", "/etc/machine-id",
}

// allowedEnv are the worker's variables a verb sees: what compilers, JVMs and
// the runners read (stack-runners/*/runner), nothing of the worker's own.
var allowedEnv = []string{"PATH", "LANG", "LANGUAGE", "TZ", "JAVA_HOME", "WSFCPP_HOME", "WSFCPP_HTTPD", "WSFCPP_SERVER", "WSFCPP_STOP_GRACE",
	"SOAPBENCH_DATASETS", "LD_LIBRARY_PATH"}

// nprocShare is how many verbs' worth of processes the sandbox user may
// hold at once when each verb has a pids cgroup of its own.
const nprocShare = 4

const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// The descriptors a sandboxed verb starts with, beyond stdin, stdout, stderr.
const (
	infoFD = 3 // bubblewrap writes the sandbox's pid here
	netFD  = 4 // the server's network namespace, for drive
)

// command is a ready-to-start process: the sandbox wrapped around a verb.
type command struct {
	path       string
	args       []string
	env        []string
	extraFiles []*os.File
	// closeAfterStart are the worker's copies of descriptors only the child keeps.
	closeAfterStart []*os.File
	// info is the read end of bubblewrap's --info-fd; nil when unconfined.
	info    *os.File
	group   *cgroup
	bounds  bounds
	cleanup func()
	report  SandboxReport
}

// bounds are what the worker watches from outside while a verb runs.
type bounds struct {
	// watched are the folders whose total size diskBytes bounds.
	watched   []string
	diskBytes int64
}

// wrap returns the command that runs runner args under the sandbox.
func (sb Sandbox) wrap(stack Stack, args []string, c confinement) (command, error) {
	for _, p := range c.writable {
		// A bind needs its source; runners are free to expect --out missing.
		if err := os.MkdirAll(p, 0o755); err != nil {
			return command{}, fmt.Errorf("sandbox: %v", err)
		}
		if err := handTo(p, sb.User); err != nil {
			return command{}, fmt.Errorf("sandbox: %v", err)
		}
	}
	if c.scratch != "" {
		if err := makeScratch(c.scratch, sb.User); err != nil {
			return command{}, fmt.Errorf("sandbox: %v", err)
		}
	}
	env := sandboxEnv(os.Environ(), sb.Env, c.scratch)
	if sb.Mode != SandboxBwrap {
		cmd := unconfined(stack, args...)
		cmd.env = env
		return cmd, nil
	}
	// --disable-userns: no namespace inside the sandbox in which its code
	// would hold capabilities again.
	bw := []string{"--die-with-parent", "--unshare-user", "--disable-userns", "--unshare-pid", "--unshare-ipc",
		"--unshare-uts", "--unshare-cgroup-try", "--cap-drop", "ALL", "--info-fd", fmt.Sprint(infoFD)}
	if c.joinNet == nil && !sb.sharesNetwork(c.verb) {
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
	for _, m := range maskedPaths {
		fi, err := os.Lstat(m)
		switch {
		case err != nil:
		case fi.IsDir():
			bw = append(bw, "--tmpfs", m)
		default:
			bw = append(bw, "--ro-bind", "/dev/null", m)
		}
	}
	bw = append(bw, "--proc", "/proc", "--dev", "/dev")
	// /tmp comes before the binds, since work folders may lie under it.
	if c.scratch != "" {
		bw = append(bw, "--bind", filepath.Join(c.scratch, "tmp"), "/tmp")
	} else {
		bw = append(bw, "--tmpfs", "/tmp")
	}
	stacksRoot := filepath.Dir(stack.Dir)
	bw = append(bw, "--ro-bind", stacksRoot, stacksRoot)
	// Catalog services load their data (datasets/<service>/out) at start-up.
	if datasets := filepath.Join(filepath.Dir(stacksRoot), "datasets"); isDir(datasets) {
		bw = append(bw, "--ro-bind", datasets, datasets)
	}
	for _, p := range c.writable {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return command{}, fmt.Errorf("sandbox: %v", err)
		}
		bw = append(bw, "--bind", real, p)
	}
	extra := []*os.File{nil, nil}
	if c.scratch != "" {
		// The scratch folder may lie inside a writable one: bound after it.
		bw = append(bw, "--bind", c.scratch, c.scratch)
		// Runners flock the *.lock files of their prepared caches; each verb
		// locks a private copy, so none writes a file of the stacks' folders.
		locks, err := lockFiles(stacksRoot)
		if err != nil {
			return command{}, err
		}
		for i, l := range locks {
			private := filepath.Join(c.scratch, "locks", fmt.Sprint(i))
			if err := writeOwned(private, sb.User); err != nil {
				return command{}, fmt.Errorf("sandbox: %v", err)
			}
			bw = append(bw, "--bind", private, l)
		}
	}
	// Read-only binds come last so that inputs inside a writable folder stay
	// read-only, unless they hold a writable folder themselves.
	for _, p := range append(append([]string{}, sb.ReadOnly...), c.readOnly...) {
		real, err := filepath.EvalSymlinks(p)
		if err == nil && !holdsAny(p, c.writable) {
			bw = append(bw, "--ro-bind", real, p)
		}
	}
	if err := sb.checkReachable(bw); err != nil {
		closeAll(extra)
		return command{}, err
	}
	if c.scratch != "" {
		if err := holdMountPoints(filepath.Join(c.scratch, "tmp"), bw); err != nil {
			closeAll(extra)
			return command{}, fmt.Errorf("sandbox: %v", err)
		}
	}
	// The folders bubblewrap made to hold the mounts are the sandbox's own
	// tmpfs: read-only, so that nothing is written outside the work folders.
	bw = append(bw, "--remount-ro", "/", "--chdir", stack.Dir, "--", stack.RunnerPath())
	bw = append(bw, args...)

	group := newCgroup(c.verb, sb.MemoryBytes, sb.Processes)
	// RLIMIT_NPROC counts every process of the sandbox user, all verbs
	// together; where a pids cgroup bounds this verb alone, it is only the
	// backstop against a runaway user.
	nproc := sb.Processes
	if group != nil && group.processes > 0 {
		nproc = sb.Processes * nprocShare
	}
	limits := []string{
		fmt.Sprintf("--nofile=%d:%d", sb.OpenFiles, sb.OpenFiles),
		fmt.Sprintf("--nproc=%d:%d", nproc, nproc),
		fmt.Sprintf("--fsize=%d:%d", sb.FileBytes, sb.FileBytes),
		"--core=0:0",
	}
	if c.cpuSeconds > 0 {
		limits = append(limits, fmt.Sprintf("--cpu=%d:%d", c.cpuSeconds, c.cpuSeconds))
	}
	chain := append(append([]string{"prlimit"}, limits...), "--", "bwrap")
	chain = append(chain, bw...)
	if u := sb.User; u != nil {
		// The user is dropped before bubblewrap, which then makes its
		// namespaces unprivileged: nothing in the sandbox ever held root.
		chain = append([]string{"setpriv", fmt.Sprintf("--reuid=%d", u.UID), fmt.Sprintf("--regid=%d", u.GID),
			"--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"}, chain...)
	}
	if c.joinNet != nil {
		// nsenter joins as root; the shell then drops the namespace's
		// descriptor, which the client must not inherit.
		extra[netFD-infoFD] = c.joinNet.File()
		chain = append([]string{"nsenter", fmt.Sprintf("--net=/proc/self/fd/%d", netFD), "--",
			"/bin/sh", "-c", fmt.Sprintf(`exec %d<&-; exec "$@"`, netFD), "sh"}, chain...)
	}

	infoR, infoW, err := os.Pipe()
	if err != nil {
		closeAll(extra)
		if group != nil {
			group.remove()
		}
		return command{}, fmt.Errorf("sandbox: %v", err)
	}
	extra[0] = infoW
	files := trimFiles(extra)
	cmd := command{env: env, extraFiles: files, info: infoR, report: SandboxReport{Mode: SandboxBwrap},
		bounds: bounds{watched: watchedFolders(c), diskBytes: sb.DiskBytes}}
	for _, f := range files {
		if c.joinNet == nil || f != c.joinNet.File() {
			cmd.closeAfterStart = append(cmd.closeAfterStart, f)
		}
	}
	cmd.cleanup = func() { infoR.Close() }
	if group == nil {
		cmd.path, cmd.args = chain[0], chain[1:]
		return cmd, nil
	}
	// The shell joins the cgroup as the worker, then becomes the chain
	// above: every process of the verb is born inside the cgroup.
	join := []string{"-c", `while [ "$1" != -- ]; do echo $$ >"$1" || { echo "error: sandbox: cannot join cgroup $1" >&2; exit 125; }; shift; done; shift; exec "$@"`, "sh"}
	join = append(append(join, group.procs...), "--")
	cmd.path, cmd.args = "/bin/sh", append(join, chain...)
	cmd.group = group
	closeInfo := cmd.cleanup
	cmd.cleanup = func() { closeInfo(); group.remove() }
	cmd.report.MemoryLimitBytes = group.memoryBytes
	cmd.report.ProcessLimit = group.processes
	return cmd, nil
}

// watchedFolders are the folders a verb writes, each counted once: the
// scratch folder may lie inside a writable one.
func watchedFolders(c confinement) []string {
	watched := append([]string{}, c.writable...)
	inside := false
	for _, w := range c.writable {
		inside = inside || holdsAny(w, []string{c.scratch})
	}
	if c.scratch != "" && !inside {
		watched = append(watched, c.scratch)
	}
	return watched
}

// sharesNetwork: a worker that is not root cannot enter a namespace of the
// sandbox's own user namespace, so its servers and clients keep the host's
// network (DefaultSandbox warns); builds never need it.
func (sb Sandbox) sharesNetwork(verb string) bool {
	return sb.User == nil && os.Geteuid() != 0 && (verb == "serve" || verb == "drive")
}

// trimFiles drops trailing unused descriptors; ones in between must stay as
// placeholders, since their numbers are fixed.
func trimFiles(files []*os.File) []*os.File {
	for len(files) > 0 && files[len(files)-1] == nil {
		files = files[:len(files)-1]
	}
	for i, f := range files {
		if f == nil {
			files[i] = devNull()
		}
	}
	return files
}

func devNull() *os.File {
	f, _ := os.Open(os.DevNull)
	return f
}

func closeAll(files []*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}

// sandboxEnv is the verb's environment: allowedEnv and extra from env, LC_*,
// and a HOME and TMPDIR of its own. The runners' own build cache is off: the
// worker keeps a sealed one (buildcache.go).
func sandboxEnv(env, extra []string, scratch string) []string {
	allowed := map[string]bool{}
	for _, n := range append(append([]string{}, allowedEnv...), extra...) {
		allowed[n] = true
	}
	out := []string{}
	hasPath := false
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if allowed[name] || strings.HasPrefix(name, "LC_") {
			out = append(out, kv)
			hasPath = hasPath || name == "PATH"
		}
	}
	if !hasPath {
		out = append(out, "PATH="+defaultPath)
	}
	if scratch != "" {
		out = append(out, "HOME="+filepath.Join(scratch, "home"), "TMPDIR=/tmp")
	}
	return append(out, "SOAPBENCH_NO_BUILD_CACHE=1")
}

// lockFiles are the *.lock files of the stacks' folders.
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
