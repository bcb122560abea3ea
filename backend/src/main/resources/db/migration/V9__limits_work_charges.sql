-- The address a token was minted from, so the work done with the token also counts against it.
ALTER TABLE api_tokens ADD COLUMN minted_from text;

-- Worker time estimated for each accepted submission, per quota key (token:<id> or address:<ip>);
-- the rolling quota sums the rows of its window.
CREATE TABLE work_charges (
    id              bigserial PRIMARY KEY,
    caller_key      text NOT NULL,
    worker_seconds  bigint NOT NULL CHECK (worker_seconds >= 0),
    charged_at      timestamptz NOT NULL DEFAULT now(),
    subject         text NOT NULL
);

CREATE INDEX work_charges_by_key ON work_charges (caller_key, charged_at);
