-- Who claimed a call: a redelivery takes over a claim whose owner stopped renewing its lease (the
-- process died mid-call) instead of waiting out the claim timeout. Claims from before owners have
-- none and still wait for the timeout.
alter table executor_call add column owner text;

-- One row per executor process, renewed every few seconds while it runs.
create table executor_owner (
    owner      text        primary key,
    renewed_at timestamptz not null
);
