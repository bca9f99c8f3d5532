-- The capability registry: connections per tenant and project, their capabilities, the tenants'
-- role grants, and one revision number every change raises (snapshots are cached by it).
CREATE TABLE registry_connection (
    id          VARCHAR(64)  PRIMARY KEY,
    tenant_id   VARCHAR(200) NOT NULL,
    project_id  VARCHAR(200) NOT NULL,
    kind        VARCHAR(20)  NOT NULL,
    enabled     BOOLEAN      NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE registry_capability (
    connection_id VARCHAR(64)  NOT NULL REFERENCES registry_connection (id) ON DELETE CASCADE,
    name          VARCHAR(300) NOT NULL,
    definition    TEXT         NOT NULL,
    PRIMARY KEY (connection_id, name)
);

CREATE TABLE registry_role_grant (
    tenant_id  VARCHAR(200) NOT NULL,
    role       VARCHAR(200) NOT NULL,
    permission VARCHAR(200) NOT NULL,
    PRIMARY KEY (tenant_id, role, permission)
);

CREATE TABLE registry_revision (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    revision BIGINT  NOT NULL
);
INSERT INTO registry_revision (id, revision) VALUES (1, 0);

-- Content-addressed snapshots: the canonical JSON body under its sha256, stored once.
CREATE TABLE snapshot_body (
    hash             VARCHAR(80)  PRIMARY KEY,
    body             BYTEA        NOT NULL,
    tenant_id        VARCHAR(200) NOT NULL,
    project_id       VARCHAR(200) NOT NULL,
    capability_count INTEGER      NOT NULL,
    stored_at        TIMESTAMP WITH TIME ZONE NOT NULL
);
