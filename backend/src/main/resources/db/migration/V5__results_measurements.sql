CREATE TABLE measurements (
    id                  bigserial PRIMARY KEY,
    run_id              uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    stack_id            text NOT NULL,
    version             text NOT NULL,
    operation           text,
    security            text NOT NULL,
    connections         integer NOT NULL,
    repetition          integer NOT NULL,
    requests            bigint NOT NULL,
    throughput          double precision NOT NULL,
    server_cpu_seconds  double precision NOT NULL,
    peak_rss_bytes      bigint NOT NULL,
    config_hash         text NOT NULL,
    -- HdrHistogram V2 compressed encoding, microseconds
    histogram           bytea NOT NULL,
    -- the measurement as reported, without the histogram
    data                jsonb NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX measurements_by_run ON measurements (run_id, id);
