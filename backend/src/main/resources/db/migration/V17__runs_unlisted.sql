-- A third visibility: an unlisted run is seen by anyone with its link and never listed; a private
-- run is seen by its owner's token only.
ALTER TABLE runs DROP CONSTRAINT runs_visibility_check;
ALTER TABLE runs ADD CONSTRAINT runs_visibility_check CHECK (visibility IN ('public', 'unlisted', 'private'));
