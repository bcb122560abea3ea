-- One row per ingested worker event; the key makes redelivered events no-ops.
CREATE TABLE run_events (
    run_id       uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    worker_id    text NOT NULL,
    attempt      integer NOT NULL,
    seq          integer NOT NULL,
    kind         text NOT NULL,
    at           timestamptz NOT NULL,
    payload      jsonb NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, worker_id, attempt, seq)
);

CREATE TABLE workers (
    worker_id       text PRIMARY KEY,
    hardware_class  text NOT NULL,
    fingerprint     jsonb NOT NULL,
    current_run_id  text,
    stacks          jsonb,
    last_seen_at    timestamptz NOT NULL
);
