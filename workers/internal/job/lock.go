package job

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// machineLock is held for every warm-up and measurement, so that two
// workers sharing a machine (and a work root) never load it at once.
type machineLock struct{ f *os.File }

func lockMachine(ctx context.Context, workRoot string) (*machineLock, error) {
	if err := os.MkdirAll(workRoot, 0o755); err != nil {
		return nil, fmt.Errorf("work folder: %v", err)
	}
	f, err := os.OpenFile(filepath.Join(workRoot, "measure.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("measure lock: %v", err)
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return &machineLock{f: f}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, fmt.Errorf("measure lock: %v", err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// unlock releases the lock; closing the file drops the flock.
func (l *machineLock) unlock() { l.f.Close() }
