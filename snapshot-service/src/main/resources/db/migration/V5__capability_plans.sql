-- Declarative capability plans (docs/plans.md), per tenant and project. Every version stays: a turn
-- records the version that ran, and an analyst reading an old report can see what that version said.
-- The newest version of a name is the one snapshots carry. Registrations raise the registry revision.
CREATE TABLE capability_plan (
    tenant_id     VARCHAR(200)  NOT NULL,
    project_id    VARCHAR(200)  NOT NULL,
    name          VARCHAR(200)  NOT NULL,
    version       INTEGER       NOT NULL CHECK (version >= 1),
    definition    TEXT          NOT NULL,
    registered_by VARCHAR(200)  NOT NULL,
    registered_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (tenant_id, project_id, name, version)
);
