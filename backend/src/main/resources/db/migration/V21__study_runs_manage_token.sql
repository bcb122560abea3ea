-- The secret that lets an anonymous starter cancel their study run (its cells' runs): only its
-- SHA-256 is kept, as for runs.manage_token_sha256. Null for a study run started with an API token
-- (the token is its owner) and for study runs started before study runs could be cancelled.
ALTER TABLE study_runs ADD COLUMN manage_token_sha256 text;
