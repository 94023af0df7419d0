-- Data API resource limits the embedded stack enforces inside the query (issue 9.7). Rows fetched
-- through to-many embeds are counted as the query runs and the statement is stopped past the cap,
-- so a fan-out GET (brands -> models -> listings -> ...) ends in milliseconds with an error instead
-- of building tens of megabytes of JSON while PGlite's single connection serves nobody else.
-- The cap comes from the request transaction (local_rest.embed_cap); 0 or unset means no cap.
create schema if not exists local_rest;
revoke all on schema local_rest from public;
grant usage on schema local_rest to anon, authenticated, service_role;

create or replace function local_rest.embed_budget() returns boolean
language plpgsql volatile cost 10000 as $$
declare
  cap integer := coalesce(nullif(current_setting('local_rest.embed_cap', true), ''), '0')::integer;
  used integer;
begin
  if cap <= 0 then
    return true;
  end if;
  used := coalesce(nullif(current_setting('local_rest.embed_rows', true), ''), '0')::integer + 1;
  if used > cap then
    raise exception 'Too many embedded rows' using errcode = 'LRE01', detail = cap::text;
  end if;
  perform set_config('local_rest.embed_rows', used::text, true);
  return true;
end $$;
revoke all on function local_rest.embed_budget() from public;
grant execute on function local_rest.embed_budget() to anon, authenticated, service_role;
