-- A started study: the matrix expanded into cells, each either sent as one run or pending.
CREATE TABLE study_runs (
    id               uuid PRIMARY KEY,
    study_id         text NOT NULL,
    owner_token_id   uuid REFERENCES api_tokens (id),
    created_at       timestamptz NOT NULL DEFAULT now(),
    -- the study definition as it was when started, so later edits do not rewrite history
    definition       jsonb NOT NULL
);

CREATE INDEX study_runs_newest_first ON study_runs (study_id, created_at DESC);

CREATE TABLE study_run_cells (
    study_run_id     uuid NOT NULL REFERENCES study_runs (id) ON DELETE CASCADE,
    position         integer NOT NULL,
    cell_id          text NOT NULL,
    size_id          text NOT NULL,
    security         text NOT NULL,
    concurrency      integer NOT NULL,
    method_id        text NOT NULL,
    -- pending: no selected stack supports the security mode yet; sent: run_id is the cell's run
    state            text NOT NULL CHECK (state IN ('pending', 'sent')),
    reason           text,
    run_id           uuid REFERENCES runs (id) ON DELETE SET NULL,
    -- per matrix stack: {"stack": "...", "pending": true|false, "reason": "..."}
    stacks           jsonb NOT NULL,
    PRIMARY KEY (study_run_id, position),
    CHECK (state = 'sent' OR run_id IS NULL)
);
