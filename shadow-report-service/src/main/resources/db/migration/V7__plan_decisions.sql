-- What each capability plan that ran in an iteration decided: plan, version, decision and reason
-- codes (operator-written codes, never user data), as a JSON array beside the call counts. Null when
-- no plan ran.
ALTER TABLE shadow_report_calls ADD COLUMN plan_decisions TEXT;
