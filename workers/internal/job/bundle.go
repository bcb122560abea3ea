package job

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/samples"
)

// writeBundle writes the bundle's files below dir. Every path must be
// relative, '/'-separated and stay inside dir; the entry must be one of them.
func writeBundle(dir string, b message.Bundle) error {
	entryFound := false
	for _, f := range b.Files {
		local, err := safePath(f.Path)
		if err != nil {
			return err
		}
		content, err := base64.StdEncoding.DecodeString(f.ContentBase64)
		if err != nil {
			return fmt.Errorf("bundle file %q: content is not base64: %v", f.Path, err)
		}
		target := filepath.Join(dir, local)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		// O_EXCL: a second file with the same path must not overwrite the first.
		out, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return fmt.Errorf("bundle file %q: %v", f.Path, err)
		}
		_, err = out.Write(content)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		if f.Path == b.Entry {
			entryFound = true
		}
	}
	if !entryFound {
		return fmt.Errorf("bundle entry %q is not among the bundle's files", b.Entry)
	}
	return nil
}

// safePath turns a bundle path into a local relative path, refusing
// absolute paths, backslashes, '..' and empty segments.
func safePath(p string) (string, error) {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\\") {
		return "", fmt.Errorf("bundle path %q: must be relative and '/'-separated", p)
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return "", fmt.Errorf("bundle path %q: empty, '.' or '..' segment", p)
		}
	}
	local := filepath.FromSlash(p)
	if !filepath.IsLocal(local) {
		return "", fmt.Errorf("bundle path %q: leaves the bundle folder", p)
	}
	return local, nil
}

// toSamples converts the job's samples.
func toSamples(in []message.Sample) []samples.Sample {
	out := make([]samples.Sample, len(in))
	for i, s := range in {
		out[i] = samples.Sample{
			Operation: s.Operation, SOAPAction: s.SOAPAction, SOAPVersion: s.SOAPVersion,
			OneWay: s.OneWay, Request: []byte(s.Request), Response: []byte(s.Response),
		}
	}
	return out
}
