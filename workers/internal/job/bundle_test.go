package job

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"soapbench.dev/workers/internal/message"
)

func file(path, content string) message.BundleFile {
	return message.BundleFile{Path: path, ContentBase64: base64.StdEncoding.EncodeToString([]byte(content))}
}

func TestWriteBundle(t *testing.T) {
	tests := []struct {
		name    string
		bundle  message.Bundle
		wantErr string // "" when the bundle must be written
	}{
		// An entry WSDL importing a schema from a subfolder.
		{"nested files", message.Bundle{Entry: "svc.wsdl", Files: []message.BundleFile{file("svc.wsdl", "<d/>"), file("xsd/types.xsd", "<s/>")}}, ""},
		// Climbing out of the bundle.
		{"dot-dot", message.Bundle{Entry: "svc.wsdl", Files: []message.BundleFile{file("svc.wsdl", ""), file("../evil.xsd", "")}}, "'..' segment"},
		// Climbing out from inside a subfolder.
		{"inner dot-dot", message.Bundle{Entry: "svc.wsdl", Files: []message.BundleFile{file("svc.wsdl", ""), file("a/../../evil", "")}}, "'..' segment"},
		// An absolute path.
		{"absolute", message.Bundle{Entry: "svc.wsdl", Files: []message.BundleFile{file("/etc/cron.d/x", "")}}, "must be relative"},
		// Windows separators are not '/'-separated paths.
		{"backslash", message.Bundle{Entry: "svc.wsdl", Files: []message.BundleFile{file(`..\evil`, "")}}, "must be relative"},
		// Two files with one path must not overwrite each other.
		{"duplicate", message.Bundle{Entry: "svc.wsdl", Files: []message.BundleFile{file("svc.wsdl", "a"), file("svc.wsdl", "b")}}, "file exists"},
		// Content that is not base64.
		{"bad base64", message.Bundle{Entry: "svc.wsdl", Files: []message.BundleFile{{Path: "svc.wsdl", ContentBase64: "%%%"}}}, "not base64"},
		// The entry must be one of the files.
		{"missing entry", message.Bundle{Entry: "other.wsdl", Files: []message.BundleFile{file("svc.wsdl", "")}}, "not among the bundle's files"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "bundle")
			os.MkdirAll(dir, 0o755)
			err := writeBundle(dir, tt.bundle)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("writeBundle() = %v", err)
				}
				for _, f := range tt.bundle.Files {
					if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f.Path))); err != nil {
						t.Errorf("%s not written: %v", f.Path, err)
					}
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("writeBundle() = %v, want an error containing %q", err, tt.wantErr)
			}
			if _, err := os.Stat(filepath.Join(root, "evil.xsd")); err == nil {
				t.Error("a file was written outside the bundle folder")
			}
		})
	}
}
