package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// Bubblewrap resolves the folders it binds as the sandbox user, so every
// folder above them must let that user pass.

// CheckReachable says which of paths (the work folder, the stacks' folder)
// the sandbox user cannot reach, for a worker to refuse to start rather than
// fail every build.
func (sb Sandbox) CheckReachable(paths ...string) error {
	if sb.Mode != SandboxBwrap || sb.User == nil {
		return nil
	}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return err
		}
		if err := sb.reachable(abs, abs); err != nil {
			return err
		}
	}
	return nil
}

// checkReachable names a bound path the sandbox user cannot reach: bubblewrap
// resolves the sources as that user, and its own message does not say why.
func (sb Sandbox) checkReachable(bw []string) error {
	if sb.User == nil {
		return nil
	}
	for i := 0; i+2 < len(bw); i++ {
		if bw[i] == "--bind" || bw[i] == "--ro-bind" {
			if err := sb.reachable(bw[i+1], filepath.Dir(bw[i+1])); err != nil {
				return err
			}
		}
	}
	return nil
}

// reachable checks that the sandbox user may pass through dir and every
// folder above it, on the way to path.
func (sb Sandbox) reachable(path, dir string) error {
	for ; ; dir = filepath.Dir(dir) {
		fi, err := os.Stat(dir)
		if err == nil && !traversable(fi, sb.User) {
			return fmt.Errorf("sandbox: %s is out of reach of the sandbox user %s: %s is not searchable by others (chmod o+x)", path, sb.User.Name, dir)
		}
		if dir == "/" || dir == "." {
			return nil
		}
	}
}

// traversable reports whether the sandbox user may pass through a folder.
func traversable(fi os.FileInfo, u *SandboxUser) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	mode := fi.Mode().Perm()
	switch {
	case int(st.Uid) == u.UID:
		return mode&0o100 != 0
	case int(st.Gid) == u.GID:
		return mode&0o010 != 0
	}
	return mode&0o001 != 0
}

// MkdirTemp is os.MkdirTemp for work folders whose builds run sandboxed: the
// folder is searchable by others (0711), since bubblewrap reaches the
// folders it binds as the sandbox user; nobody else may list it.
func MkdirTemp(pattern string) (string, error) {
	dir, err := os.MkdirTemp("", pattern)
	if err != nil {
		return "", err
	}
	return dir, os.Chmod(dir, 0o711)
}
