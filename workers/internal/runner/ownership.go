package runner

import (
	"os"
	"path/filepath"
)

// A verb writes only folders the worker hands to the sandbox user for the
// verb's life, and takes back when it is over.

// makeScratch makes dir afresh with home/ and tmp/, owned by the sandbox user.
func makeScratch(dir string, u *SandboxUser) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	for _, d := range []string{dir, filepath.Join(dir, "home"), filepath.Join(dir, "tmp"), filepath.Join(dir, "locks")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
	}
	return handTo(dir, u)
}

func writeOwned(path string, u *SandboxUser) error {
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		return err
	}
	if u != nil {
		return os.Lchown(path, u.UID, u.GID)
	}
	return nil
}

// handTo gives dir and everything in it to the sandbox user; nil leaves it
// to the worker's own user, which then is the sandbox's.
func handTo(dir string, u *SandboxUser) error {
	if u == nil {
		return nil
	}
	return chownTree(dir, u.UID, u.GID)
}

// takeBack returns dir to the worker once the verb is over, so that nothing
// a build wrote stays writable by a later verb of the same user; dir itself
// is opened to the sandbox user again, whatever the build did to it.
func takeBack(dir string, u *SandboxUser) error {
	if u == nil {
		return nil
	}
	if err := chownTree(dir, os.Getuid(), os.Getgid()); err != nil {
		return err
	}
	return os.Chmod(dir, 0o755)
}

func chownTree(dir string, uid, gid int) error {
	return filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
}
