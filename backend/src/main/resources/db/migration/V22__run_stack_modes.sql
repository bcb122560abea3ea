-- Each security mode's own outcome for a stack of a run: a stack verified in plain and refused in
-- sign is both, where run_stacks keeps one status per stack (the first failure stands). The worker
-- reports every mode apart; a failure that concerns the whole stack (no such stack, no version) has
-- no mode and stays in run_stacks alone.
CREATE TABLE run_stack_modes (
    run_id   uuid NOT NULL,
    stack_id text NOT NULL,
    version  text NOT NULL,
    security text NOT NULL,
    status   text NOT NULL CHECK (status IN ('verified', 'unsupported', 'build_failed', 'verify_failed', 'failed')),
    reason   text,
    PRIMARY KEY (run_id, stack_id, version, security),
    FOREIGN KEY (run_id, stack_id, version) REFERENCES run_stacks (run_id, stack_id, version) ON DELETE CASCADE
);
