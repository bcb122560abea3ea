CREATE TABLE dispatch_outbox (
    id               bigserial PRIMARY KEY,
    run_id           uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    exchange         text NOT NULL,
    routing_key      text NOT NULL,
    message_type     text NOT NULL,
    payload          text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_error       text,
    sent_at          timestamptz
);

CREATE INDEX dispatch_outbox_unsent ON dispatch_outbox (next_attempt_at) WHERE sent_at IS NULL;
