-- A connection's runtime mode: off (enabled = false), shadow (planned and compared, never called) or
-- live. Switched at runtime through the admin API; every switch goes to an append-only trail, like
-- the planner modes'. Existing connections keep what they were (live, or off when disabled).
ALTER TABLE registry_connection ADD COLUMN shadow BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE connection_mode_audit (
    id            BIGSERIAL     PRIMARY KEY,
    connection_id VARCHAR(64)   NOT NULL,
    tenant_id     VARCHAR(200)  NOT NULL,
    previous_mode VARCHAR(10)   NOT NULL CHECK (previous_mode IN ('off', 'shadow', 'live')),
    mode          VARCHAR(10)   NOT NULL CHECK (mode IN ('off', 'shadow', 'live')),
    actor         VARCHAR(200)  NOT NULL,
    at            TIMESTAMP WITH TIME ZONE NOT NULL,
    reason        VARCHAR(1000) NOT NULL
);
CREATE INDEX connection_mode_audit_connection ON connection_mode_audit (connection_id, id);
