-- What an artifact's rows are (the capability's entity), so a row the user chooses becomes a
-- selection of that entity in a later turn. Null for artifacts kept before this column.
alter table executor_artifact add column entity text;
