package job

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"time"

	"soapbench.dev/workers/internal/message"
)

// Publish sends one event and returns once the broker has confirmed it.
type Publish func(ctx context.Context, ev message.RunEvent) error

// emitter numbers the events of one attempt of one run.
type emitter struct {
	mu       sync.Mutex
	runID    string
	workerID string
	attempt  int
	seq      int
	publish  Publish
	// redact hides the worker's paths in the payload's text fields.
	redact func(string) string
	// journal reserves every seq before its event goes out.
	journal *Journal
}

func (e *emitter) emit(ctx context.Context, kind message.EventKind, payload any) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	// A stopped job sends nothing more, whatever the publisher would do.
	if err := ctx.Err(); err != nil {
		return err
	}
	e.seq++
	if err := e.journal.ReserveSeq(e.seq); err != nil {
		return fmt.Errorf("journal: %v", err)
	}
	if err := e.publish(ctx, message.RunEvent{
		SchemaVersion: message.SchemaVersion,
		RunID:         e.runID, WorkerID: e.workerID, Seq: e.seq, Attempt: e.attempt,
		Kind: kind, At: time.Now().UTC(), Payload: redactPayload(payload, e.redact),
	}); err != nil {
		return err
	}
	// A journal that fails here only costs a resumed delivery a rebuild.
	switch p := payload.(type) {
	case message.StackFailedPayload:
		_ = e.journal.RecordFailed(refKey(message.StackRef{ID: p.Stack, Version: p.Version}), p.Security)
	case message.VerifyFailedPayload:
		_ = e.journal.RecordFailed(refKey(message.StackRef{ID: p.Stack, Version: p.Version}), p.Security)
	case message.InteropCellPayload:
		// Only confirmed cells are recorded: one lost in flight is sent again.
		_ = e.journal.RecordCell(interopCellKey(p.Client, p.Server, p.Security))
	}
	return nil
}

// redactText hides the worker's paths in s, as emit does in a payload.
func (e *emitter) redactText(s string) string {
	if e.redact == nil {
		return s
	}
	return e.redact(s)
}

// redactPayload is a copy of payload, a struct, with redact applied to its
// string fields (reasons, logs, operations); anything else as it is.
func redactPayload(payload any, redact func(string) string) any {
	v := reflect.ValueOf(payload)
	if redact == nil || v.Kind() != reflect.Struct {
		return payload
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	for i := range c.NumField() {
		if f := c.Field(i); f.Kind() == reflect.String && f.CanSet() {
			f.SetString(redact(f.String()))
		}
	}
	return c.Interface()
}
