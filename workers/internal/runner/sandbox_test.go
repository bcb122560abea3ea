package runner

import (
	"os/exec"
	"os/user"
	"strings"
	"testing"
)

func TestSandboxFromEnv(t *testing.T) {
	found := func(string) (string, error) { return "/usr/bin/bwrap", nil }
	missing := func(string) (string, error) { return "", exec.ErrNotFound }
	tests := []struct {
		name     string
		env      map[string]string
		lookPath func(string) (string, error)
		wantMode string
		wantMem  int64
		wantErr  string
	}{
		// bwrap is the default where it is installed.
		{"default with bwrap", nil, found, SandboxBwrap, DefaultSandboxMemory, ""},
		// Without it the worker still runs, unconfined.
		{"default without bwrap", nil, missing, SandboxNone, DefaultSandboxMemory, ""},
		// Asking for bwrap where there is none is a configuration error.
		{"bwrap asked, missing", map[string]string{"SOAPBENCH_SANDBOX": "bwrap"}, missing, "", 0, "bwrap is not on PATH"},
		// An unknown mode names itself.
		{"unknown mode", map[string]string{"SOAPBENCH_SANDBOX": "docker"}, found, "", 0, `SOAPBENCH_SANDBOX="docker"`},
		// Sizes take a suffix.
		{"memory 512m", map[string]string{"SOAPBENCH_SANDBOX_MEMORY": "512m"}, found, SandboxBwrap, 512 << 20, ""},
		// 0 turns the memory limit off.
		{"memory 0", map[string]string{"SOAPBENCH_SANDBOX_MEMORY": "0"}, found, SandboxBwrap, 0, ""},
		// A size that is no number is refused.
		{"memory junk", map[string]string{"SOAPBENCH_SANDBOX_MEMORY": "lots"}, found, "", 0, "SOAPBENCH_SANDBOX_MEMORY"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := sandboxFromEnv(func(k string) string { return tt.env[k] }, tt.lookPath)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || s.Mode != tt.wantMode || s.MemoryBytes != tt.wantMem {
				t.Fatalf("= mode %q memory %d err %v, want %q %d", s.Mode, s.MemoryBytes, err, tt.wantMode, tt.wantMem)
			}
		})
	}
}

func TestSandboxEnvIsAnAllowList(t *testing.T) {
	env := sandboxEnv([]string{"PATH=/usr/bin", "SOAPBENCH_AMQP_URL=amqp://u:secret@h/", "HOME=/root",
		"PGPASSWORD=pw", "LC_ALL=C", "JAVA_HOME=/jdk", "AWS_SECRET_ACCESS_KEY=k", "EXTRA=1"}, []string{"EXTRA"}, "/w/s")
	want := "PATH=/usr/bin LC_ALL=C JAVA_HOME=/jdk EXTRA=1 HOME=/w/s/home TMPDIR=/tmp SOAPBENCH_NO_BUILD_CACHE=1"
	if strings.Join(env, " ") != want {
		t.Errorf("env = %v\nwant %s", env, want)
	}
}

func TestSandboxUser(t *testing.T) {
	lookup := func(name string) (*user.User, error) {
		switch name {
		case DefaultSandboxUser:
			return &user.User{Username: name, Uid: "995", Gid: "994"}, nil
		case "root":
			return &user.User{Username: name, Uid: "0", Gid: "0"}, nil
		}
		return nil, user.UnknownUserError(name)
	}
	tests := []struct {
		name    string
		env     map[string]string
		euid    int
		wantUID int
		wantErr string
	}{
		// A root worker drops to the project's sandbox user.
		{"root worker", nil, 0, 995, ""},
		// A worker that is not root already is unprivileged: it runs the verbs as itself.
		{"unprivileged worker", nil, 1000, -1, ""},
		// Without the user a root worker refuses to sandbox, and says how to make it.
		{"missing user", map[string]string{"SOAPBENCH_SANDBOX_USER": "nobody-here"}, 0, 0, "useradd --system nobody-here"},
		// Root is no sandbox user.
		{"root as the sandbox user", map[string]string{"SOAPBENCH_SANDBOX_USER": "root"}, 0, 0, "must not be root"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := sandboxUser(func(k string) string { return tt.env[k] }, tt.euid, lookup)
			switch {
			case tt.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
			case err != nil:
				t.Fatal(err)
			case tt.wantUID < 0 && u != nil:
				t.Fatalf("user = %+v, want none", u)
			case tt.wantUID >= 0 && (u == nil || u.UID != tt.wantUID):
				t.Fatalf("user = %+v, want uid %d", u, tt.wantUID)
			}
		})
	}
}

func TestWatchedFoldersCountEachOnce(t *testing.T) {
	tests := []struct {
		name string
		c    confinement
		want string
	}{
		// A build's scratch folder lies inside the folder it writes.
		{"scratch inside", confinement{writable: []string{"/w/b"}, scratch: "/w/b/.build-scratch"}, "/w/b"},
		// A server writes only its scratch folder.
		{"scratch alone", confinement{scratch: "/w/.serve-out"}, "/w/.serve-out"},
		// Both apart.
		{"apart", confinement{writable: []string{"/w/b"}, scratch: "/w/s"}, "/w/b /w/s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Join(watchedFolders(tt.c), " "); got != tt.want {
				t.Errorf("watched = %q, want %q", got, tt.want)
			}
		})
	}
}
