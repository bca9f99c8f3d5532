-- The calls the executor made, by run, iteration and action: a redelivered plan event finds its
-- calls here and does not make them again. A row is claimed before the call and done after it.
create table executor_call (
    run_id      text        not null,
    iteration   integer     not null,
    action_id   text        not null,
    state       text        not null check (state in ('claimed', 'done')),
    claimed_at  timestamptz not null,
    done_at     timestamptz,
    response    text,
    primary key (run_id, iteration, action_id)
);

create index executor_call_claimed_at on executor_call (claimed_at);
