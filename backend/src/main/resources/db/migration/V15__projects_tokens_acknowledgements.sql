-- A CI project is claimed by the first project token minted for it. From then on only the
-- project's tokens mint more of them, submit runs under its name and acknowledge its regressions,
-- so that nobody else can put runs into its history or silence its gate.
CREATE TABLE projects (
    name        text PRIMARY KEY,
    claimed_at  timestamptz NOT NULL DEFAULT now()
);

-- A token scoped to a project acts for that project only; NULL for a token of no project.
ALTER TABLE api_tokens ADD COLUMN project text REFERENCES projects (name);

-- A regression the project accepts (a deliberate change): the gate reports it with the reason
-- and does not fail on it. It covers the runs of one commit or of one branch, optionally one
-- stack and one metric only. Withdrawn acknowledgements are kept, with the time, for the record.
CREATE TABLE acknowledgements (
    id            uuid PRIMARY KEY,
    project       text NOT NULL REFERENCES projects (name),
    commit_sha    text,
    branch        text,
    stack         text,
    metric        text,
    reason        text NOT NULL,
    token_id      uuid NOT NULL REFERENCES api_tokens (id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    withdrawn_at  timestamptz,
    CHECK (commit_sha IS NOT NULL OR branch IS NOT NULL)
);

CREATE INDEX acknowledgements_by_project ON acknowledgements (project) WHERE withdrawn_at IS NULL;
