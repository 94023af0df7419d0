-- Data API resource limits the embedded stack enforces inside the query (issue 9.7). Rows fetched
-- through to-many embeds are charged against a per-request budget as the query reads them (their
-- size plus a fixed cost per row) and the statement stops once it is spent, so a fan-out GET
-- (brands -> models -> listings -> ...) ends early with an error instead of building tens of
-- megabytes of JSON while PGlite's single connection serves nobody else.
create schema if not exists local_rest;
revoke all on schema local_rest from public;
grant usage on schema local_rest to anon, authenticated, service_role;

drop function if exists local_rest.embed_budget();

create or replace function local_rest.embed_budget_spent(budget integer) returns boolean
language plpgsql volatile as $$
begin
  raise exception 'Too many embedded rows' using errcode = 'LRE01', detail = budget::text;
end $$;

-- A single-expression SQL function: the planner inlines it, so each row costs two C calls, not a
-- PL/pgSQL call (that matters on PGlite, where a fan-out reads thousands of rows before the cut).
create or replace function local_rest.embed_budget(budget integer, row_bytes integer) returns boolean
language sql volatile as $$
  select case
    when set_config('local_rest.embed_used',
           (coalesce(nullif(current_setting('local_rest.embed_used', true), ''), '0')::bigint
            + coalesce(row_bytes, 0) + 64)::text, true)::bigint <= budget then true
    else local_rest.embed_budget_spent(budget)
  end
$$;
revoke all on function local_rest.embed_budget_spent(integer) from public;
revoke all on function local_rest.embed_budget(integer, integer) from public;
grant execute on function local_rest.embed_budget_spent(integer) to anon, authenticated, service_role;
grant execute on function local_rest.embed_budget(integer, integer) to anon, authenticated, service_role;
