package sampler

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
)

// SystemTimes is the machine-wide CPU time of /proc/stat's "cpu" line, in
// clock ticks summed over every CPU.
type SystemTimes struct {
	// Busy is user + nice + system: time spent running processes. Interrupt
	// time is left out: loopback traffic is charged there, not to a process.
	Busy  uint64
	Steal uint64
	Total uint64
}

// ReadSystem reads the machine's CPU times now.
func ReadSystem() (SystemTimes, error) { return readSystemAt("/proc/stat") }

func readSystemAt(path string) (SystemTimes, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return SystemTimes{}, err
	}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) < 9 || string(f[0]) != "cpu" {
			continue
		}
		// user nice system idle iowait irq softirq steal [guest guest_nice]:
		// guest time is already inside user and nice.
		var v [8]uint64
		for i := range v {
			v[i], err = strconv.ParseUint(string(f[i+1]), 10, 64)
			if err != nil {
				return SystemTimes{}, fmt.Errorf("%s: cpu field %d: %v", path, i+1, err)
			}
		}
		t := SystemTimes{Busy: v[0] + v[1] + v[2], Steal: v[7]}
		for _, x := range v {
			t.Total += x
		}
		return t, nil
	}
	return SystemTimes{}, fmt.Errorf("%s: no cpu line", path)
}

// Disturbance is what happened on the machine besides the measurement.
type Disturbance struct {
	// StealPercent is CPU steal in % of all CPU time over the interval.
	StealPercent float64
	// OtherBusyPercent is CPU used by processes other than the server and
	// the driver, in % of all CPU time over the interval.
	OtherBusyPercent float64
}

// Between is the disturbance from before to after, given the CPU seconds
// the server tree and the driver used in the meantime.
func Between(before, after SystemTimes, serverCPU, driverCPU float64) Disturbance {
	total := float64(after.Total - before.Total)
	if total <= 0 || after.Total < before.Total {
		return Disturbance{}
	}
	steal := float64(after.Steal-before.Steal) / total * 100
	other := float64(after.Busy-before.Busy) - (serverCPU+driverCPU)*clockTicks
	return Disturbance{StealPercent: steal, OtherBusyPercent: max(0, other/total*100)}
}
