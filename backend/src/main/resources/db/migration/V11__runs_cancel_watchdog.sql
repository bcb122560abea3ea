-- Runs can be cancelled by their owner: `cancelling` while the worker has not confirmed,
-- `cancelled` once it has (or did not answer in time).
ALTER TABLE runs DROP CONSTRAINT runs_status_check;
ALTER TABLE runs ADD CONSTRAINT runs_status_check
    CHECK (status IN ('queued', 'running', 'cancelling', 'cancelled', 'completed', 'failed'));

ALTER TABLE runs
    -- SHA-256 (hex) of the secret returned once to an anonymous submitter, who cancels with it
    ADD COLUMN manage_token_sha256 text,
    ADD COLUMN cancel_requested_at timestamptz;

CREATE INDEX runs_in_progress ON runs (status) WHERE status IN ('running', 'cancelling');

-- What a worker said it was doing in its last heartbeat, for the watchdog's failure reason.
ALTER TABLE workers ADD COLUMN step text;

-- A stack without an outcome when its run is cancelled is `cancelled`; what it measured is kept.
ALTER TABLE run_stacks DROP CONSTRAINT run_stacks_status_check;
ALTER TABLE run_stacks ADD CONSTRAINT run_stacks_status_check
    CHECK (status IN ('pending', 'building', 'built', 'measuring', 'done', 'unsupported', 'build_failed',
                      'verify_failed', 'failed', 'cancelled'));
