-- The head WSDL of an A/B of two WSDLs in one run is kept beside the base's files, so that the run
-- loses nothing it was given; 'base' for every other file.
ALTER TABLE run_bundle_files ADD COLUMN side text NOT NULL DEFAULT 'base' CHECK (side IN ('base', 'head'));
ALTER TABLE run_bundle_files DROP CONSTRAINT run_bundle_files_pkey;
ALTER TABLE run_bundle_files ADD PRIMARY KEY (run_id, side, path);
