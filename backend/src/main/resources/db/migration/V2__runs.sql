CREATE TABLE runs (
    id              uuid PRIMARY KEY,
    slug            text NOT NULL UNIQUE,
    status          text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
    visibility      text NOT NULL CHECK (visibility IN ('public', 'private')),
    owner_token_id  uuid REFERENCES api_tokens (id),
    created_at      timestamptz NOT NULL DEFAULT now(),
    started_at      timestamptz,
    finished_at     timestamptz,
    catalog_id      text,
    file_name       text,
    entry           text NOT NULL,
    hardware_class  text NOT NULL,
    workload        jsonb NOT NULL,
    analysis        jsonb NOT NULL,
    config_hash     text NOT NULL,
    failure         text,
    fingerprint     jsonb,
    worker_id       text
);

CREATE INDEX runs_newest_first ON runs (created_at DESC);

CREATE TABLE run_bundle_files (
    run_id   uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    path     text NOT NULL,
    content  bytea NOT NULL,
    PRIMARY KEY (run_id, path)
);

CREATE TABLE run_samples (
    run_id        uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    operation     text NOT NULL,
    soap_action   text,
    soap_version  text NOT NULL,
    one_way       boolean NOT NULL,
    request       text NOT NULL,
    response      text,
    PRIMARY KEY (run_id, operation)
);

CREATE TABLE run_stacks (
    run_id         uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    position       integer NOT NULL,
    stack_id       text NOT NULL,
    version        text NOT NULL,
    status         text NOT NULL CHECK (status IN ('pending', 'building', 'built', 'measuring', 'done',
                                                   'unsupported', 'build_failed', 'verify_failed', 'failed')),
    reason         text,
    log            text,
    build_seconds  double precision,
    versions       jsonb,
    PRIMARY KEY (run_id, stack_id, version)
);
