-- The quality of each measurement as the worker reports it, in columns so that results can be
-- filtered and summarised without reading the JSON.
ALTER TABLE measurements
    ADD COLUMN model                 text,
    ADD COLUMN cell_requests         bigint,
    ADD COLUMN rate_per_second       double precision,
    ADD COLUMN keep_alive            boolean,
    ADD COLUMN error_ratio           double precision,
    ADD COLUMN flags                 text[] NOT NULL DEFAULT '{}',
    ADD COLUMN retries               integer NOT NULL DEFAULT 0,
    ADD COLUMN steal_percent         double precision,
    ADD COLUMN other_busy_percent    double precision,
    ADD COLUMN cpu_sharing           text CHECK (cpu_sharing IN ('pinned', 'shared')),
    ADD COLUMN fingerprint           jsonb,
    -- the configHash the worker reports it measured; config_hash is the run's
    ADD COLUMN measured_config_hash  text,
    ADD COLUMN position              integer,
    ADD COLUMN capacity_rate         double precision,
    ADD COLUMN capacity              jsonb,
    ADD COLUMN uncorrected_latency   jsonb;

CREATE INDEX measurements_flagged ON measurements (run_id) WHERE cardinality(flags) > 0;
