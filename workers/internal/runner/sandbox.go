package runner

import (
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
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
	// ReadOnly are further host paths the verbs see read-only (dependency
	// caches); paths that do not exist are left out.
	ReadOnly []string
	// BuildCache is where runners keep built servers by the hash of their
	// inputs; `build` may write it, the other verbs only read it.
	BuildCache string
}

// The limits of DefaultSandbox.
const (
	DefaultSandboxMemory    = 4 << 30
	DefaultSandboxProcesses = 4096
	DefaultSandboxOpenFiles = 16384
	DefaultBuildCPUSeconds  = 1800
	DefaultSandboxFileBytes = 2 << 30
)

var (
	defaultSandboxOnce sync.Once
	defaultSandbox     Sandbox
	defaultSandboxErr  error
)

// DefaultSandbox is the sandbox named by SOAPBENCH_SANDBOX (bwrap or none;
// unset means bwrap when it is installed, else none with a warning), with
// SOAPBENCH_SANDBOX_MEMORY (bytes, or with a k, m or g suffix; 0 is
// unlimited) and the colon-separated SOAPBENCH_SANDBOX_READONLY added to the
// dependency caches the stacks read: ~/.m2 and the build cache.
func DefaultSandbox() (Sandbox, error) {
	defaultSandboxOnce.Do(func() {
		defaultSandbox, defaultSandboxErr = sandboxFromEnv(os.Getenv, exec.LookPath)
		if defaultSandboxErr == nil && defaultSandbox.Mode == SandboxNone && os.Getenv("SOAPBENCH_SANDBOX") == "" {
			slog.Warn("bwrap is not installed: builds and servers of user WSDLs run without a sandbox (install bubblewrap, or set SOAPBENCH_SANDBOX=none to silence this)")
		}
	})
	return defaultSandbox, defaultSandboxErr
}

func sandboxFromEnv(getenv func(string) string, lookPath func(string) (string, error)) (Sandbox, error) {
	s := Sandbox{
		MemoryBytes:     DefaultSandboxMemory,
		Processes:       DefaultSandboxProcesses,
		OpenFiles:       DefaultSandboxOpenFiles,
		BuildCPUSeconds: DefaultBuildCPUSeconds,
		FileBytes:       DefaultSandboxFileBytes,
		ReadOnly:        dependencyCaches(getenv),
		BuildCache:      buildCache(getenv),
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
	for _, p := range strings.Split(getenv("SOAPBENCH_SANDBOX_READONLY"), ":") {
		if p != "" {
			s.ReadOnly = append(s.ReadOnly, p)
		}
	}
	return s, nil
}

// dependencyCaches are the caches the runners read during a build: Maven's
// local repository and the build cache. `prepare` fills Maven's outside the
// sandbox; builds only read it, so no build can plant a dependency that
// another build picks up.
func dependencyCaches(getenv func(string) string) []string {
	caches := []string{}
	if home := getenv("HOME"); home != "" {
		caches = append(caches, home+"/.m2")
	}
	if c := buildCache(getenv); c != "" {
		caches = append(caches, c)
	}
	return caches
}

// buildCache is the JVM runners' cache of built servers. Builds write it:
// an entry is keyed by the hash of the bundle, samples, version, security
// mode and runner sources, and what a build puts there is the output of the
// stack's own generator and compiler, which run no code from the upload.
func buildCache(getenv func(string) string) string {
	switch {
	case getenv("SOAPBENCH_BUILD_CACHE") != "":
		return getenv("SOAPBENCH_BUILD_CACHE")
	case getenv("XDG_CACHE_HOME") != "":
		return getenv("XDG_CACHE_HOME") + "/soapbench"
	case getenv("HOME") != "":
		return getenv("HOME") + "/.cache/soapbench"
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
