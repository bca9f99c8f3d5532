-- Reports, call counts and reviews are kept under the suite's key of a run (run id, tenant, project,
-- conversation and principal together), never under the caller's run id alone: a turn that reuses
-- another turn's run id is another run, whose report is stored (not dropped as a duplicate) and whose
-- call counts never attach to the first run. The key is a digest of who ran it, so it is stored, not
-- served. Rows from before carry their old run id with a prefix no new key has.
-- 210: a legacy key is 'legacy:' and a run id of up to 200 characters; a new one is 'run:' and 64 hex digits.
ALTER TABLE shadow_report ADD COLUMN run_key VARCHAR(210);
UPDATE shadow_report SET run_key = 'legacy:' || run_id;
ALTER TABLE shadow_report ALTER COLUMN run_key SET NOT NULL;
ALTER TABLE shadow_report DROP CONSTRAINT shadow_report_run_iteration;
ALTER TABLE shadow_report ADD CONSTRAINT shadow_report_run_iteration UNIQUE (run_key, iteration);
-- Analysts still find a run by the id its chat backend gave it (GET /reports/{runId}).
CREATE INDEX shadow_report_run_id ON shadow_report (run_id);

ALTER TABLE shadow_report_calls RENAME COLUMN run_id TO run_key;
ALTER TABLE shadow_report_calls ALTER COLUMN run_key TYPE VARCHAR(210);
UPDATE shadow_report_calls SET run_key = 'legacy:' || run_key;

ALTER TABLE shadow_report_review RENAME COLUMN run_id TO run_key;
ALTER TABLE shadow_report_review ALTER COLUMN run_key TYPE VARCHAR(210);
UPDATE shadow_report_review SET run_key = 'legacy:' || run_key;
