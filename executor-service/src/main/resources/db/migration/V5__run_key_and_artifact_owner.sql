-- Calls and artifacts are kept under the suite's key of a run (run id, tenant, project, conversation
-- and principal together), never under the caller's run id alone: a run id anyone reuses must not
-- find another run's recorded responses or artifact handles. Rows from before carry their old run id
-- with a prefix no new key has, so nothing new ever matches them (a plan delivered again across the
-- upgrade makes its calls again).
alter table executor_call rename column run_id to run_key;
update executor_call set run_key = 'legacy:' || run_key;

alter table executor_artifact rename column run_id to run_key;
update executor_artifact set run_key = 'legacy:' || run_key;

-- The user an artifact was made for: only that user, in its tenant and conversation, reads it. Null
-- for artifacts kept before this column, which nobody can read any more.
alter table executor_artifact add column user_id text;
