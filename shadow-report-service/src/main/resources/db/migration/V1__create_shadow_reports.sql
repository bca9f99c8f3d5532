-- One row per shadow comparison (run and iteration). Every text column holds masked values only:
-- masking happens in the service before the row is written.
CREATE TABLE shadow_report (
    event_id              VARCHAR(200) PRIMARY KEY,
    run_id                VARCHAR(200) NOT NULL,
    iteration             INTEGER      NOT NULL,
    turn_id               VARCHAR(200) NOT NULL,
    conversation_id       VARCHAR(200) NOT NULL,
    tenant_id             VARCHAR(200) NOT NULL,
    project_id            VARCHAR(200) NOT NULL,
    mode                  VARCHAR(20)  NOT NULL,
    occurred_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    stored_at             TIMESTAMP WITH TIME ZONE NOT NULL,
    snapshot_hash         VARCHAR(80)  NOT NULL,
    snapshot_size_bytes   BIGINT       NOT NULL,
    question              TEXT         NOT NULL,
    candidates            TEXT         NOT NULL,
    classic_plan          TEXT         NOT NULL,
    capability_plan       TEXT         NOT NULL,
    agreement             BOOLEAN      NOT NULL,
    capability_latency_ms BIGINT       NOT NULL,
    fallback_reason       TEXT,
    CONSTRAINT shadow_report_run_iteration UNIQUE (run_id, iteration)
);

CREATE INDEX shadow_report_tenant_time ON shadow_report (tenant_id, occurred_at DESC);
