-- Selectable artifacts: a collection result's complete rows, for one tenant and conversation, under
-- an unguessable handle; one per call (run, iteration, action), however often its plan is delivered.
create table executor_artifact (
    handle           text        primary key,
    run_id           text        not null,
    iteration        integer     not null,
    action_id        text        not null,
    tenant_id        text        not null,
    conversation_id  text        not null,
    tool             text        not null,
    collection_path  text        not null,
    row_count        integer     not null,
    rows             text        not null,
    created_at       timestamptz not null,
    unique (run_id, iteration, action_id)
);

create index executor_artifact_created_at on executor_artifact (created_at);
