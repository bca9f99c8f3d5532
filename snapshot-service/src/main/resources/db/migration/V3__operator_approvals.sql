-- Operators' approvals of capabilities the import held back (a read whose name says it writes, an MCP
-- tool without annotations). An approval holds for the definition it was given for (its hash): a
-- source that changes the tool needs a new approval. Every approval and revocation is audited.
CREATE TABLE registry_approval (
    connection_id   VARCHAR(64)   NOT NULL REFERENCES registry_connection (id) ON DELETE CASCADE,
    capability      VARCHAR(300)  NOT NULL,
    definition_hash VARCHAR(80)   NOT NULL,
    approved_by     VARCHAR(200)  NOT NULL,
    approved_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    reason          VARCHAR(1000) NOT NULL,
    PRIMARY KEY (connection_id, capability)
);

-- Append-only: never updated or deleted by the service (deleting a connection keeps its trail).
CREATE TABLE registry_approval_audit (
    id              BIGSERIAL     PRIMARY KEY,
    connection_id   VARCHAR(64)   NOT NULL,
    capability      VARCHAR(300)  NOT NULL,
    action          VARCHAR(20)   NOT NULL,
    actor           VARCHAR(200)  NOT NULL,
    at              TIMESTAMP WITH TIME ZONE NOT NULL,
    reason          VARCHAR(1000) NOT NULL,
    definition_hash VARCHAR(80)   NOT NULL
);
