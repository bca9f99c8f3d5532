-- Comparisons and call counts are stored only when their producer's seal verifies (the planner's for
-- a comparison, the executor's for call counts); the id of the key that sealed each is kept beside
-- it. The promotion gate counts only rows that have one: rows stored before seals existed were
-- written by whoever could publish to the topic, so they stay readable but never make the gate pass.
ALTER TABLE shadow_report ADD COLUMN sealed_with VARCHAR(64);
ALTER TABLE shadow_report_calls ADD COLUMN sealed_with VARCHAR(64);

-- An unsealed row must not stand in for a sealed fact of the same run and iteration, which would be
-- skipped as its duplicate and so never counted: the rows stored under run keys (V8) before seals
-- move to a prefix no new key has, with their call counts and reviews. ('legacy:' keys, from
-- before V8, are apart already.)
UPDATE shadow_report SET run_key = 'unsealed:' || run_key WHERE run_key LIKE 'run:%';
UPDATE shadow_report_calls SET run_key = 'unsealed:' || run_key WHERE run_key LIKE 'run:%';
UPDATE shadow_report_review SET run_key = 'unsealed:' || run_key WHERE run_key LIKE 'run:%';
