// Package fingerprint describes the machine a worker measures on, so that
// results from different machines are never compared blindly.
package fingerprint

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"soapbench.dev/workers/internal/message"
)

// PinnedMinCores is the core count from which server and driver could run on
// disjoint CPU sets; below it they share every core.
const PinnedMinCores = 4

// Take reads the fingerprint of this machine. pinned says whether the
// worker actually places server and driver on disjoint CPU sets.
func Take(ctx context.Context, pinned bool) message.Fingerprint {
	cores := runtime.NumCPU()
	fp := message.Fingerprint{
		CPUModel:    cpuModel(readFile("/proc/cpuinfo")),
		Cores:       cores,
		Governor:    strings.TrimSpace(readFile("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")),
		MemoryBytes: memTotal(readFile("/proc/meminfo")),
		Kernel:      strings.TrimSpace(readFile("/proc/sys/kernel/osrelease")),
		JDK:         firstLine(command(ctx, "java", "-version")),
		GCC:         firstLine(command(ctx, "gcc", "-dumpfullversion")),
		CPUSharing:  "shared",
	}
	if pinned && cores >= PinnedMinCores {
		fp.CPUSharing = "pinned"
	}
	return fp
}

func readFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(b)
}

func cpuModel(cpuinfo string) string {
	sc := bufio.NewScanner(strings.NewReader(cpuinfo))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func memTotal(meminfo string) int64 {
	sc := bufio.NewScanner(strings.NewReader(meminfo))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "MemTotal:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// command runs a version command; `java -version` writes to stderr.
func command(ctx context.Context, name string, args ...string) string {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return ""
	}
	return out.String()
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(line)
}
