-- An unsealed row must not stand in for a sealed fact of the same run and iteration, which would be
-- skipped as its duplicate and so never counted: the rows stored under run keys (V8) without a seal
-- move to a prefix no new key has, with their call counts and the reviews of the reports that moved.
-- ('legacy:' keys, from before V8, are apart already; since V9 every new row is sealed.)
UPDATE shadow_report_review v SET run_key = 'unsealed:' || v.run_key
WHERE v.run_key LIKE 'run:%'
  AND EXISTS (SELECT 1 FROM shadow_report r WHERE r.run_key = v.run_key AND r.iteration = v.iteration
              AND r.sealed_with IS NULL);
UPDATE shadow_report SET run_key = 'unsealed:' || run_key WHERE run_key LIKE 'run:%' AND sealed_with IS NULL;
UPDATE shadow_report_calls SET run_key = 'unsealed:' || run_key WHERE run_key LIKE 'run:%' AND sealed_with IS NULL;
