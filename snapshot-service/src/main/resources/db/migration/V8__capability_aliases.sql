-- Aliases an operator set for a registered capability: they replace the ones the import inferred
-- (ranking reads them) and survive refreshes of the connection; removing the row returns to the
-- inferred ones. Who, when and why are kept with each.
CREATE TABLE capability_aliases (
    id            BIGSERIAL     PRIMARY KEY,
    connection_id VARCHAR(64)   NOT NULL REFERENCES registry_connection (id) ON DELETE CASCADE,
    capability    VARCHAR(300)  NOT NULL,
    aliases       TEXT          NOT NULL,
    set_by        VARCHAR(200)  NOT NULL,
    set_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    reason        VARCHAR(1000) NOT NULL,
    UNIQUE (connection_id, capability)
);

-- Append-only: every set and every removal, with the aliases set, who, when and why.
CREATE TABLE capability_aliases_audit (
    id            BIGSERIAL     PRIMARY KEY,
    connection_id VARCHAR(64)   NOT NULL,
    capability    VARCHAR(300)  NOT NULL,
    aliases       TEXT,
    actor         VARCHAR(200)  NOT NULL,
    at            TIMESTAMP WITH TIME ZONE NOT NULL,
    reason        VARCHAR(1000) NOT NULL
);
