package runner

import (
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The sandbox modes of SOAPBENCH_SANDBOX.
const (
	SandboxBwrap = "bwrap"
	SandboxNone  = "none"
)

// Sandbox says how `build` and `serve` of a stack are confined: both run
// user-supplied WSDLs through code generators and compilers, and the server
// runs generated code.
type Sandbox struct {
	// Mode is SandboxBwrap or SandboxNone.
	Mode string
	// MemoryBytes caps the memory of a verb's processes through a cgroup
	// where one can be created; 0 leaves memory unlimited.
	MemoryBytes int64
	// Processes caps the processes and threads of a verb (pids cgroup and
	// RLIMIT_NPROC; the latter does not bind root).
	Processes int
	// OpenFiles is RLIMIT_NOFILE.
	OpenFiles int
	// BuildCPUSeconds is RLIMIT_CPU of every build process.
	BuildCPUSeconds int
	// FileBytes is RLIMIT_FSIZE: the largest file a verb may write.
	FileBytes int64
	// DiskBytes bounds what one verb writes into its folders, all files
	// together; 0 leaves it unbounded.
	DiskBytes int64
	// ServeLifetime bounds how long a server runs; 0 is unbounded.
	ServeLifetime time.Duration
	// ReadOnly are further host paths the verbs see read-only; paths that do
	// not exist are left out.
	ReadOnly []string
	// Env names further variables of the worker's environment that the verbs
	// see, beyond allowedEnv.
	Env []string
	// User is who the verbs run as when the worker is root; nil when the
	// worker is not root and so already unprivileged: the verbs then run as
	// the worker's own user.
	User *SandboxUser
	// BuildCache is the worker's own cache of built servers, sealed by a
	// digest of every file (buildcache.go); no verb ever sees it. "" turns
	// the cache off.
	BuildCache string
	// BuildCacheMaxBytes bounds the sealed cache; the least recently used
	// entries go first (buildcache_bound.go). 0 leaves it unbounded.
	BuildCacheMaxBytes int64
}

// SandboxUser is the unprivileged user of the verbs.
type SandboxUser struct {
	Name     string
	UID, GID int
}

// DefaultSandboxUser is the system user scripts/install-deps.sh creates.
const DefaultSandboxUser = "soapbench-sandbox"

// The limits of DefaultSandbox.
const (
	DefaultSandboxMemory    = 4 << 30
	DefaultSandboxProcesses = 4096
	DefaultSandboxOpenFiles = 16384
	DefaultBuildCPUSeconds  = 1800
	DefaultSandboxFileBytes = 2 << 30
	DefaultSandboxDiskBytes = 4 << 30
	DefaultServeLifetime    = 24 * time.Hour
)

var (
	defaultSandboxOnce sync.Once
	defaultSandbox     Sandbox
	defaultSandboxErr  error
)

// DefaultSandbox is the sandbox named by SOAPBENCH_SANDBOX (bwrap or none;
// unset means bwrap when it is installed, else none with a warning), with
// SOAPBENCH_SANDBOX_MEMORY and SOAPBENCH_SANDBOX_DISK (bytes, or with a k, m
// or g suffix; 0 is unlimited), the colon-separated SOAPBENCH_SANDBOX_READONLY
// (further read-only paths) and SOAPBENCH_SANDBOX_ENV (further variables the
// verbs see). A root worker runs the verbs as SOAPBENCH_SANDBOX_USER
// (default soapbench-sandbox) and refuses to start without that user.
func DefaultSandbox() (Sandbox, error) {
	defaultSandboxOnce.Do(func() {
		defaultSandbox, defaultSandboxErr = sandboxFromEnv(os.Getenv, exec.LookPath)
		if defaultSandboxErr != nil {
			return
		}
		if defaultSandbox.Mode == SandboxNone && os.Getenv("SOAPBENCH_SANDBOX") == "" {
			slog.Warn("bwrap is not installed: builds and servers of user WSDLs run without a sandbox (install bubblewrap, or set SOAPBENCH_SANDBOX=none to silence this)")
		}
		if defaultSandbox.Mode == SandboxBwrap {
			defaultSandbox.User, defaultSandboxErr = sandboxUser(os.Getenv, os.Geteuid(), user.Lookup)
			if defaultSandboxErr == nil && defaultSandbox.User == nil {
				slog.Warn("the worker is not root: servers share its network, as it cannot enter their namespaces (run the worker as root to isolate them)")
			}
		}
	})
	return defaultSandbox, defaultSandboxErr
}

// sandboxUser is the user the verbs run as: SOAPBENCH_SANDBOX_USER when the
// worker is root, nil (the worker's own user) otherwise.
func sandboxUser(getenv func(string) string, euid int, lookup func(string) (*user.User, error)) (*SandboxUser, error) {
	if euid != 0 {
		return nil, nil
	}
	name := getenv("SOAPBENCH_SANDBOX_USER")
	if name == "" {
		name = DefaultSandboxUser
	}
	u, err := lookup(name)
	if err != nil {
		return nil, fmt.Errorf("the worker runs as root and sandboxes as the user %q, which does not exist: run scripts/install-deps.sh, which creates it (useradd --system %s), or name another unprivileged user in SOAPBENCH_SANDBOX_USER", name, name)
	}
	uid, err1 := strconv.Atoi(u.Uid)
	gid, err2 := strconv.Atoi(u.Gid)
	if err1 != nil || err2 != nil || uid == 0 || gid == 0 {
		return nil, fmt.Errorf("SOAPBENCH_SANDBOX_USER %q is uid %s gid %s: the sandbox user must not be root", name, u.Uid, u.Gid)
	}
	return &SandboxUser{Name: name, UID: uid, GID: gid}, nil
}

func sandboxFromEnv(getenv func(string) string, lookPath func(string) (string, error)) (Sandbox, error) {
	s := Sandbox{
		MemoryBytes:     DefaultSandboxMemory,
		Processes:       DefaultSandboxProcesses,
		OpenFiles:       DefaultSandboxOpenFiles,
		BuildCPUSeconds: DefaultBuildCPUSeconds,
		FileBytes:       DefaultSandboxFileBytes,
		DiskBytes:       DefaultSandboxDiskBytes,
		ServeLifetime:   DefaultServeLifetime,
		BuildCache:      buildCache(getenv),

		BuildCacheMaxBytes: DefaultBuildCacheMaxBytes,
	}
	_, lookErr := lookPath("bwrap")
	switch mode := getenv("SOAPBENCH_SANDBOX"); mode {
	case "":
		s.Mode = SandboxBwrap
		if lookErr != nil {
			s.Mode = SandboxNone
		}
	case SandboxBwrap:
		if lookErr != nil {
			return Sandbox{}, fmt.Errorf("SOAPBENCH_SANDBOX=bwrap but bwrap is not on PATH (install bubblewrap)")
		}
		s.Mode = mode
	case SandboxNone:
		s.Mode = mode
	default:
		return Sandbox{}, fmt.Errorf("SOAPBENCH_SANDBOX=%q: use bwrap or none", mode)
	}
	if v := getenv("SOAPBENCH_SANDBOX_MEMORY"); v != "" {
		n, err := parseBytes(v)
		if err != nil {
			return Sandbox{}, fmt.Errorf("SOAPBENCH_SANDBOX_MEMORY=%q: %v", v, err)
		}
		s.MemoryBytes = n
	}
	if v := getenv("SOAPBENCH_SANDBOX_DISK"); v != "" {
		n, err := parseBytes(v)
		if err != nil {
			return Sandbox{}, fmt.Errorf("SOAPBENCH_SANDBOX_DISK=%q: %v", v, err)
		}
		s.DiskBytes = n
	}
	if v := getenv("SOAPBENCH_BUILD_CACHE_MAX"); v != "" {
		n, err := parseBytes(v)
		if err != nil {
			return Sandbox{}, fmt.Errorf("SOAPBENCH_BUILD_CACHE_MAX=%q: %v", v, err)
		}
		s.BuildCacheMaxBytes = n
	}
	for _, p := range strings.Split(getenv("SOAPBENCH_SANDBOX_READONLY"), ":") {
		if p != "" {
			s.ReadOnly = append(s.ReadOnly, p)
		}
	}
	for _, name := range strings.Split(getenv("SOAPBENCH_SANDBOX_ENV"), ",") {
		if name = strings.TrimSpace(name); name != "" {
			s.Env = append(s.Env, name)
		}
	}
	return s, nil
}

// buildCache is the worker's sealed cache of built servers: apart from the
// runners' own cache (stack-runners/jvm-host/runner-common.sh), which the
// worker switches off, since a build could write it.
func buildCache(getenv func(string) string) string {
	switch {
	case getenv("SOAPBENCH_BUILD_CACHE") != "":
		return getenv("SOAPBENCH_BUILD_CACHE") + "/sealed"
	case getenv("XDG_CACHE_HOME") != "":
		return getenv("XDG_CACHE_HOME") + "/soapbench/sealed"
	case getenv("HOME") != "":
		return getenv("HOME") + "/.cache/soapbench/sealed"
	}
	return ""
}

func parseBytes(s string) (int64, error) {
	mult := int64(1)
	switch strings.ToLower(s[len(s)-1:]) {
	case "k":
		mult = 1 << 10
	case "m":
		mult = 1 << 20
	case "g":
		mult = 1 << 30
	}
	if mult != 1 {
		s = s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("not a size in bytes (e.g. 4g, 512m, 0 for unlimited)")
	}
	return n * mult, nil
}

// SandboxReport is what confined one verb, as the measurement records it.
type SandboxReport struct {
	Mode string `json:"mode"`
	// MemoryLimitBytes is 0 when memory was unlimited (no writable cgroup).
	MemoryLimitBytes int64 `json:"memoryLimitBytes"`
	// ProcessLimit is the pids cgroup's limit, 0 when there was none.
	ProcessLimit int `json:"processLimit"`
}
