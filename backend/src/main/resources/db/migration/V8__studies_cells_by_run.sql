-- The Run view names the study run a run belongs to; it looks the cell up by its run.
CREATE INDEX study_run_cells_by_run ON study_run_cells (run_id);
