-- Admin dashboard (issue 33): per-day figures for a chosen range (7, 30 or 90 days) and the range before it,
-- and the reporters' e-mails for an error report's detail. Both are SECURITY DEFINER (they read auth.users
-- and a private log) and so check public.is_admin() first; anon cannot call them at all.
--
-- Days are UK calendar days (Europe/London), the dates the dashboard prints.

-- When a listing became sold: vehicle_listings keeps only its current status, so status changes are logged
-- here. Outside the exposed schema (no client role can reach it); only the functions below read it.
create schema if not exists private;
create table if not exists private.listing_status_changes (
  id bigint generated always as identity primary key,
  vehicle_listing_id uuid not null references public.vehicle_listings(id) on delete cascade,
  status text not null,
  changed_at timestamptz not null default clock_timestamp()
);
create index if not exists listing_status_changes_sold_idx
  on private.listing_status_changes (changed_at) where status = 'sold';
alter table private.listing_status_changes enable row level security;
revoke all on private.listing_status_changes from public, anon, authenticated;

create or replace function public.log_listing_status_change() returns trigger
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  insert into private.listing_status_changes (vehicle_listing_id, status) values (new.id, new.status);
  return null;
end $$;
revoke all on function public.log_listing_status_change() from public, anon, authenticated;

drop trigger if exists vehicle_listings_status_log_insert on public.vehicle_listings;
create trigger vehicle_listings_status_log_insert after insert on public.vehicle_listings
  for each row when (new.status <> 'active') execute function public.log_listing_status_change();
drop trigger if exists vehicle_listings_status_log_update on public.vehicle_listings;
create trigger vehicle_listings_status_log_update after update of status on public.vehicle_listings
  for each row when (old.status is distinct from new.status) execute function public.log_listing_status_change();

-- Listings already sold before the log existed: their last change is the best date there is.
insert into private.listing_status_changes (vehicle_listing_id, status, changed_at)
select l.id, l.status, l.updated_at from public.vehicle_listings l
 where l.status = 'sold'
   and not exists (select 1 from private.listing_status_changes c where c.vehicle_listing_id = l.id);

-- A report's occurrences: a coalesced burst carries metadata.count (client-written, so bounded here).
create or replace function private.report_occurrences(context jsonb) returns integer
language sql immutable set search_path = pg_catalog, pg_temp as $$
  select case when jsonb_typeof(context -> 'metadata' -> 'count') = 'number'
              then least(greatest(floor((context -> 'metadata' ->> 'count')::numeric), 1), 100000)::integer
              else 1 end
$$;
revoke all on function private.report_occurrences(jsonb) from public, anon, authenticated;

-- Figures per UK day over the last p_days days (today included), sparse: a day without any figure is
-- left out (the client fills the gaps with zeros). `previous` sums the p_days days before them.
create or replace function public.admin_dashboard(p_days integer) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  today date := (clock_timestamp() at time zone 'Europe/London')::date;
  first_day date;
  prev_day date;
  since timestamptz;
  prev_since timestamptz;
  result jsonb;
begin
  perform public.admin_require();
  if p_days is null or p_days not in (7, 30, 90) then
    raise exception 'The range must be 7, 30 or 90 days' using errcode = '22023';
  end if;
  first_day := today - (p_days - 1);
  prev_day := first_day - p_days;
  since := first_day::timestamp at time zone 'Europe/London';
  prev_since := prev_day::timestamp at time zone 'Europe/London';

  with events as (
    select 'signups'::text as metric, u.created_at as at, 1 as n
      from auth.users u where u.created_at >= prev_since
    union all
    select 'listings_added', l.listed_at, 1 from public.vehicle_listings l where l.listed_at >= prev_since
    union all
    select 'listings_sold', c.changed_at, 1 from private.listing_status_changes c
     where c.status = 'sold' and c.changed_at >= prev_since
    union all
    select 'leads', d.created_at, 1 from public.leads d where d.created_at >= prev_since
    union all
    select 'errors_' || e.severity, e.reported_at, private.report_occurrences(e.context)
      from public.error_reports e where e.reported_at >= prev_since
    union all
    select 'sync_failures', e.reported_at, 1
      from public.error_reports e where e.reported_at >= prev_since and e.context ->> 'component' = 'sync'
  ),
  dated as (
    select metric, (at at time zone 'Europe/London')::date as day, n from events
  ),
  per_day as (
    select day, jsonb_object_agg(metric, total) as figures
      from (select day, metric, sum(n) as total from dated where day between first_day and today group by 1, 2) t
     group by day
  ),
  previous as (
    select coalesce(jsonb_object_agg(metric, total), '{}'::jsonb) as figures
      from (select metric, sum(n) as total from dated where day between prev_day and first_day - 1 group by 1) t
  )
  select jsonb_build_object(
    'days', p_days,
    'first_day', first_day,
    'last_day', today,
    'series', coalesce((select jsonb_agg(jsonb_build_object('day', day) || figures order by day) from per_day),
                       '[]'::jsonb),
    'previous', (select figures from previous))
  into result;
  return result;
end $$;

-- The e-mail of each reporter of the given error reports' users (at most 100 ids; unknown ids are left out).
create or replace function public.admin_user_emails(p_user_ids uuid[])
returns table (user_id uuid, email text)
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  perform public.admin_require();
  if coalesce(cardinality(p_user_ids), 0) > 100 then
    raise exception 'At most 100 users at a time' using errcode = '22023';
  end if;
  return query
    select u.id, u.email::text from auth.users u where u.id = any (coalesce(p_user_ids, '{}'::uuid[]));
end $$;

revoke all on function public.admin_dashboard(integer) from public, anon;
grant execute on function public.admin_dashboard(integer) to authenticated, service_role;
revoke all on function public.admin_user_emails(uuid[]) from public, anon;
grant execute on function public.admin_user_emails(uuid[]) to authenticated, service_role;
