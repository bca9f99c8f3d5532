-- Developer troubleshooting (opamp: off by default): an operator turns it on for one user of a tenant,
-- or for every user of it (user_id NULL), for a bounded time; while on, a turn's completion names the
-- check or failure class of each refused or failed call (never a value). Every switch is audited.
CREATE TABLE troubleshooting_switch (
    id          BIGSERIAL     PRIMARY KEY,
    tenant_id   VARCHAR(200)  NOT NULL,
    user_id     VARCHAR(200),
    switched_by VARCHAR(200)  NOT NULL,
    switched_at TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    reason      VARCHAR(1000) NOT NULL
);
CREATE UNIQUE INDEX troubleshooting_switch_tenant ON troubleshooting_switch (tenant_id) WHERE user_id IS NULL;
CREATE UNIQUE INDEX troubleshooting_switch_user ON troubleshooting_switch (tenant_id, user_id) WHERE user_id IS NOT NULL;

-- Append-only: every switch on (with its expiry) and off, who, when and why.
CREATE TABLE troubleshooting_audit (
    id         BIGSERIAL     PRIMARY KEY,
    tenant_id  VARCHAR(200)  NOT NULL,
    user_id    VARCHAR(200),
    switched   VARCHAR(3)    NOT NULL CHECK (switched IN ('on', 'off')),
    expires_at TIMESTAMP WITH TIME ZONE,
    actor      VARCHAR(200)  NOT NULL,
    at         TIMESTAMP WITH TIME ZONE NOT NULL,
    reason     VARCHAR(1000) NOT NULL
);
