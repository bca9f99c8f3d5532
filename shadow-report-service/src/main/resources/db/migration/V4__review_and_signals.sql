-- What each comparison says at a glance, computed from both plans when it is stored: how the plans
-- diverge (none, outcome, tools, arguments), whether the capability planner's model needed its one
-- correction or ended invalid, and whether the capability plan found calls where classic gave up
-- (premature insufficient avoided) or gave up where classic found calls. Reports stored before this
-- migration are 'unclassified' when they diverge.
ALTER TABLE shadow_report ADD COLUMN divergence_kind VARCHAR(20) NOT NULL DEFAULT 'unclassified';
ALTER TABLE shadow_report ADD COLUMN corrected BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE shadow_report ADD COLUMN invalid_plan BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE shadow_report ADD COLUMN premature_avoided BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE shadow_report ADD COLUMN capability_gave_up BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE shadow_report ADD COLUMN proposal_outside_route BOOLEAN NOT NULL DEFAULT FALSE;
-- Set in the same transaction as the review itself, so the review queue is one indexed scan.
ALTER TABLE shadow_report ADD COLUMN reviewed BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE shadow_report SET divergence_kind = 'none' WHERE agreement;
CREATE INDEX shadow_report_unreviewed ON shadow_report (tenant_id, occurred_at) WHERE NOT agreement AND NOT reviewed;

-- A reviewer's verdict on one report (one per run and iteration; a second review replaces the first).
-- The note is masked before it is stored, like every text column.
CREATE TABLE shadow_report_review (
    run_id      VARCHAR(200)  NOT NULL,
    iteration   INTEGER       NOT NULL,
    tenant_id   VARCHAR(200)  NOT NULL,
    verdict     VARCHAR(20)   NOT NULL CHECK (verdict IN ('expected', 'improvement', 'regression', 'noise')),
    note        VARCHAR(2000),
    reviewer    VARCHAR(200)  NOT NULL,
    reviewed_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (run_id, iteration)
);
