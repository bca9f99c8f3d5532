-- Comparisons and call counts are stored only when their producer's seal verifies (the planner's for
-- a comparison, the executor's for call counts); the id of the key that sealed each is kept beside
-- it. The promotion gate counts only rows that have one: rows stored before seals existed were
-- written by whoever could publish to the topic, so they stay readable but never make the gate pass.
ALTER TABLE shadow_report ADD COLUMN sealed_with VARCHAR(64);
ALTER TABLE shadow_report_calls ADD COLUMN sealed_with VARCHAR(64);
