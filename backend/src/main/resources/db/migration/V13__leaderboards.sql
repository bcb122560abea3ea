-- The official runs behind the leaderboards: runs the service schedules itself, with each board's
-- fixed workload (docs/leaderboards.md). Every attempt is kept, cancelled and failed ones too.
CREATE TABLE leaderboard_runs (
    run_id           uuid PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    board_id         text NOT NULL,
    -- first, period, stack-version, operator, retry
    reason           text NOT NULL,
    -- what the live workers' heartbeats said of each stack's versions when the run was scheduled:
    -- a later change schedules the board again
    stack_versions   jsonb NOT NULL,
    -- the board's workload as scheduled; a change starts a new segment of the board's history
    workload_sha256  text NOT NULL,
    scheduled_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX leaderboard_runs_newest_first ON leaderboard_runs (board_id, scheduled_at DESC);

-- Boards waiting for an idle worker, one row per board, oldest served first.
CREATE TABLE leaderboard_requests (
    board_id      text PRIMARY KEY,
    reason        text NOT NULL,
    requested_at  timestamptz NOT NULL DEFAULT now()
);
