-- The capability planner's cost and note per iteration: prompt tokens it sent to a model (null when
-- none was asked) and, when its plan was not made as configured, why (masked like every text column).
ALTER TABLE shadow_report ADD COLUMN prompt_tokens INTEGER;
ALTER TABLE shadow_report ADD COLUMN planner_note TEXT;
