-- An A/A comparison (planner.shadow.baseline): the legacy path against a second run of itself. Its
-- agreement rate is the "no difference" baseline; it is kept apart from the capability comparisons.
ALTER TABLE shadow_report ADD COLUMN baseline BOOLEAN NOT NULL DEFAULT FALSE;
