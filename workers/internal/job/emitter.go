package job

import (
	"context"
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
}

func (e *emitter) emit(ctx context.Context, kind message.EventKind, payload any) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.seq++
	return e.publish(ctx, message.RunEvent{
		SchemaVersion: message.SchemaVersion,
		RunID:         e.runID, WorkerID: e.workerID, Seq: e.seq, Attempt: e.attempt,
		Kind: kind, At: time.Now().UTC(), Payload: redactPayload(payload, e.redact),
	})
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
