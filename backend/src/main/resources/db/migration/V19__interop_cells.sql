-- The cells of an interop run (workload mode `interop`): one per client x server x security mode,
-- as the worker's interop_cell events report them. A repeated event (a redelivered job's) rewrites
-- the same cell instead of adding one. Figures are null where the cell was not measured.
CREATE TABLE interop_cells (
    run_id                uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    client_stack          text NOT NULL,
    client_version        text NOT NULL,
    server_stack          text NOT NULL,
    server_version        text NOT NULL,
    security              text NOT NULL,
    outcome               text NOT NULL CHECK (outcome IN ('pass', 'fail', 'unsupported')),
    reason                text NOT NULL DEFAULT '',
    requests              integer,
    errors                integer,
    throughput_rps        double precision,
    p50_ms                double precision,
    p99_ms                double precision,
    client_cpu_seconds    double precision,
    client_peak_rss_bytes bigint,
    reported_at           timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, client_stack, client_version, server_stack, server_version, security)
);
