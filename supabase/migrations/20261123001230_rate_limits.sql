-- Rate limits for what anyone holding the anon key can write: error reports (30 per 15 minutes) and
-- newsletter sign-ups (5 per 15 minutes, see 20261123001240), per client address for anonymous callers
-- and per user id for signed-in ones. Enforced in the database, so they hold on hosted Supabase too.
-- Over the limit: SQLSTATE PT429, which PostgREST answers as HTTP 429 with its error JSON.
--
-- The client address is the first entry of the X-Forwarded-For request header as the Data API passes it
-- in request.headers: Supabase's gateway sets it; the embedded stack sets it from the socket (see
-- supabase/local/rest/client-address.ts), overwriting whatever the client sent.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

-- Outside the exposed schema: no API role can reach it (no schema usage), only the functions below.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

-- One row per counted request, kept only while it is inside its window.
create table private.rate_limit_hits (
  bucket text not null,
  subject text not null,            -- 'user:<uuid>' or 'addr:<client address>'
  hit_at timestamptz not null default clock_timestamp()
);
create index rate_limit_hits_subject_idx on private.rate_limit_hits (bucket, subject, hit_at);
create index rate_limit_hits_expiry_idx on private.rate_limit_hits (bucket, hit_at);
alter table private.rate_limit_hits enable row level security;
revoke all on private.rate_limit_hits from public, anon, authenticated;

-- The caller's address: the first X-Forwarded-For entry; null outside a Data API request.
create or replace function public.request_client_address() returns text
language sql stable set search_path = public, pg_temp as $$
  select nullif(btrim(split_part(
    nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ',', 1)), '')
$$;

-- Counts one request of the caller against bucket; raises PT429 when max_hits are already inside the
-- window. Only API callers (anon, authenticated) are limited: service_role, triggers and the owner's
-- jobs are not. A refused request rolls back and is not counted.
create or replace function public.enforce_rate_limit(bucket text, max_hits integer, per interval, refusal text)
returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  who text;
  recent integer;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return;
  end if;
  who := case when auth.uid() is not null then 'user:' || auth.uid()::text
              else 'addr:' || coalesce(public.request_client_address(), 'unknown') end;

  -- serialise one subject's concurrent requests so two cannot both see max_hits - 1
  perform pg_advisory_xact_lock(hashtext('motorly.rate_limit'), hashtext(bucket || '/' || who));
  delete from private.rate_limit_hits h
   where h.bucket = enforce_rate_limit.bucket and h.subject = who and h.hit_at <= clock_timestamp() - per;
  -- and a few expired rows of subjects that never came back (skip what others hold: nobody waits)
  delete from private.rate_limit_hits h
   where h.ctid = any (array(
     select o.ctid from private.rate_limit_hits o
      where o.bucket = enforce_rate_limit.bucket and o.hit_at <= clock_timestamp() - per
      limit 20 for update skip locked));

  select count(*) into recent from private.rate_limit_hits h
   where h.bucket = enforce_rate_limit.bucket and h.subject = who;
  if recent >= max_hits then
    raise exception '%', refusal
      using errcode = 'PT429',
            hint = format('At most %s per %s minutes.', max_hits, round(extract(epoch from per) / 60));
  end if;
  insert into private.rate_limit_hits (bucket, subject) values (enforce_rate_limit.bucket, who);
end $$;

revoke all on function public.request_client_address() from public, anon, authenticated;
revoke all on function public.enforce_rate_limit(text, integer, interval, text) from public, anon, authenticated;
grant execute on function public.request_client_address() to service_role;

-- ---------------------------------------------------------------------------------------------
-- Error reports: 30 per 15 minutes (direct inserts and apply_mutations alike).
-- ---------------------------------------------------------------------------------------------
create or replace function public.error_reports_rate_limit() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform public.enforce_rate_limit('error_reports', 30, interval '15 minutes',
    'Too many error reports. Please try again later.');
  return new;
end $$;

create trigger error_reports_rate_limit before insert on public.error_reports
  for each row execute function public.error_reports_rate_limit();

revoke all on function public.error_reports_rate_limit() from public, anon, authenticated;
