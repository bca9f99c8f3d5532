-- Analysts' labels of live-data cases (rule "labelled live-data cases"): what the turn should have
-- planned, stored apart from the planners' plans so the promotion gate's accuracy criteria read the
-- label where one exists instead of taking the legacy plan as the truth. Append-only: a new label
-- is a new row and the newest row counts, so every earlier label, its author and its time stay as
-- the audit trail. The note is masked before it is stored, like every text column.
CREATE TABLE shadow_report_label (
    id               BIGSERIAL     PRIMARY KEY,
    run_key          VARCHAR(210)  NOT NULL,
    iteration        INTEGER       NOT NULL,
    tenant_id        VARCHAR(200)  NOT NULL,
    expected_outcome VARCHAR(20)   NOT NULL CHECK (expected_outcome IN ('actions', 'insufficient', 'help', 'refused')),
    -- The tools in the order the plan should call them, a JSON array of names; NULL when the label
    -- says only the outcome.
    expected_tools   TEXT          CHECK (expected_tools IS NULL OR jsonb_array_length(expected_tools::jsonb) <= 16),
    note             VARCHAR(2000),
    labelled_by      VARCHAR(200)  NOT NULL,
    labelled_at      TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX shadow_report_label_newest ON shadow_report_label (run_key, iteration, id DESC);
CREATE INDEX shadow_report_label_time ON shadow_report_label (labelled_at);
