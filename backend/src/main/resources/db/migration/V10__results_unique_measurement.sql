-- A measurement is identified by (run, stack, cell, repetition). A redelivered job measures a
-- repetition again when its first delivery died mid-way; the newer figures replace the older ones
-- instead of being counted twice.
ALTER TABLE measurements
    ADD COLUMN cell_key text GENERATED ALWAYS AS ((data -> 'cell')::text) STORED,
    -- the RunEvent's attempt that sent it: a later attempt's figures win
    ADD COLUMN attempt integer NOT NULL DEFAULT 1;

-- Keep the newest of the duplicates stored before the constraint existed.
DELETE FROM measurements older
USING measurements newer
WHERE older.run_id = newer.run_id
  AND older.stack_id = newer.stack_id
  AND older.version = newer.version
  AND older.cell_key = newer.cell_key
  AND older.repetition = newer.repetition
  AND older.id < newer.id;

ALTER TABLE measurements
    ADD CONSTRAINT measurements_one_per_repetition UNIQUE (run_id, stack_id, version, cell_key, repetition);
