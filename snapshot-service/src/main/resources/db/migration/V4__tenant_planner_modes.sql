-- Operators switch a tenant's planner mode at runtime (classic, shadow, capability) without a
-- redeploy; a tenant without a row follows the planner's configured default. Changes raise the
-- registry revision, so every replica stamps the new mode on the tenant's next turn.
CREATE TABLE tenant_planner_mode (
    tenant_id  VARCHAR(64)   PRIMARY KEY,
    mode       VARCHAR(20)   NOT NULL CHECK (mode IN ('classic', 'shadow', 'capability')),
    changed_by VARCHAR(200)  NOT NULL,
    changed_at TIMESTAMP WITH TIME ZONE NOT NULL,
    reason     VARCHAR(1000) NOT NULL
);

-- Append-only: every switch and every return to the default, who, when, from what and why.
CREATE TABLE tenant_planner_mode_audit (
    id            BIGSERIAL     PRIMARY KEY,
    tenant_id     VARCHAR(64)   NOT NULL,
    previous_mode VARCHAR(20),
    mode          VARCHAR(20),
    actor         VARCHAR(200)  NOT NULL,
    at            TIMESTAMP WITH TIME ZONE NOT NULL,
    reason        VARCHAR(1000) NOT NULL
);
