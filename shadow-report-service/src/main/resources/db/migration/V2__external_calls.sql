-- What each run's iteration sent to remote systems, as the executor observed it: calls sent and
-- refused, and which planner's plan ran. Counts only; one row per run and iteration.
CREATE TABLE shadow_report_calls (
    run_id      VARCHAR(200) NOT NULL,
    iteration   INTEGER      NOT NULL,
    tenant_id   VARCHAR(200) NOT NULL,
    planned_by  VARCHAR(20)  NOT NULL,
    sent        INTEGER      NOT NULL,
    denied      INTEGER      NOT NULL,
    observed_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (run_id, iteration)
);
