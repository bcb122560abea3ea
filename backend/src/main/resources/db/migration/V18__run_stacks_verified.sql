-- `verified`: the server answered every operation correctly. A compatibility check (workload mode
-- `check`) ends a verified stack `done`; a measured run goes on to `measuring`.
ALTER TABLE run_stacks DROP CONSTRAINT run_stacks_status_check;
ALTER TABLE run_stacks ADD CONSTRAINT run_stacks_status_check
    CHECK (status IN ('pending', 'building', 'built', 'verified', 'measuring', 'done', 'unsupported',
                      'build_failed', 'verify_failed', 'failed', 'cancelled'));
