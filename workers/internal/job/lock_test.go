package job

import (
	"context"
	"testing"
	"time"
)

func TestMachineLockAdmitsOneMeasurement(t *testing.T) {
	dir := t.TempDir()
	first, err := lockMachine(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := lockMachine(ctx, dir); err == nil {
		t.Fatal("a second measurement took the lock while the first held it")
	}
	got := make(chan error, 1)
	go func() {
		l, err := lockMachine(context.Background(), dir)
		if err == nil {
			l.unlock()
		}
		got <- err
	}()
	time.Sleep(150 * time.Millisecond)
	first.unlock()
	select {
	case err := <-got:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the waiting measurement did not get the lock once it was free")
	}
}
