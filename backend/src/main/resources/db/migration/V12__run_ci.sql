-- Where a run submitted from a pipeline comes from: the project, branch and commit it measured and
-- the CI job that sent it. A run has one or none.
CREATE TABLE run_ci (
    run_id     uuid PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
    project    text NOT NULL,
    branch     text,
    commit_sha text,
    ci_url     text
);

CREATE INDEX run_ci_project_branch ON run_ci (project, branch);
