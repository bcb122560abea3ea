package runner

import (
	"os"
	"path/filepath"
	"strings"
)

// holdMountPoints makes, in the verb's private /tmp (tmp on the host), the
// mount points of the binds below /tmp and the folders that hold them, owned
// by the worker. Bubblewrap would make them itself, as the sandbox user, who
// could then write beside the mounts: a stacks folder under /tmp would get a
// writable parent inside the sandbox.
func holdMountPoints(tmp string, bw []string) error {
	for i := 0; i+2 < len(bw); i++ {
		if bw[i] != "--bind" && bw[i] != "--ro-bind" {
			continue
		}
		source, dest := bw[i+1], bw[i+2]
		i += 2
		rel, err := filepath.Rel("/tmp", dest)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
			continue
		}
		point := filepath.Join(tmp, rel)
		if fi, err := os.Stat(source); err == nil && !fi.IsDir() {
			if err := os.MkdirAll(filepath.Dir(point), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(point, os.O_CREATE|os.O_RDONLY, 0o444)
			if err != nil {
				return err
			}
			f.Close()
			continue
		}
		if err := os.MkdirAll(point, 0o755); err != nil {
			return err
		}
	}
	return nil
}
