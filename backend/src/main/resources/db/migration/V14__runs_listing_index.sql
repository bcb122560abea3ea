-- The runs list's filters and order from the index alone: counting the runs a filter matches (for
-- "page 3 of 1,250") and finding a page's rows need no visit to the runs' wide rows (workload,
-- analysis).
CREATE INDEX runs_listing ON runs (created_at DESC, id) INCLUDE (visibility, owner_token_id, status, catalog_id, file_name);
