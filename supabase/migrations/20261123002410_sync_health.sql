-- Sync health (SPEC: "sync health (ops parked as needing attention, reported by clients)"): each
-- client reports how many of its ops are parked in "needs attention", one row per device and account.
-- Clients write only through report_sync_health (signed out too, rate limited); admins read all rows
-- through admin_sync_health; a signed-in user reads their own rows.
create table if not exists public.sync_health_reports (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null,                -- the device's sync client id
  user_id uuid references auth.users(id) on delete cascade,   -- null: reported while signed out
  parked_count integer not null check (parked_count between 0 and 100000),
  reported_at timestamptz not null default clock_timestamp(),
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create unique index if not exists sync_health_reports_client_idx
  on public.sync_health_reports (client_id, coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid));
create index if not exists sync_health_reports_parked_idx
  on public.sync_health_reports (reported_at) where parked_count > 0;

drop trigger if exists sync_health_reports_touch on public.sync_health_reports;
create trigger sync_health_reports_touch before insert or update on public.sync_health_reports
  for each row execute function public.touch_updated_at();

alter table public.sync_health_reports enable row level security;
revoke all on public.sync_health_reports from public, anon, authenticated;
grant select on public.sync_health_reports to anon, authenticated;   -- anon reads nothing (no policy)
grant all on public.sync_health_reports to service_role;

drop policy if exists sync_health_reports_read on public.sync_health_reports;
create policy sync_health_reports_read on public.sync_health_reports
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- The caller's device reports its parked-op count. A device that never had a parked op writes nothing.
create or replace function public.report_sync_health(p_client_id uuid, p_parked_count integer) returns void
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  if p_client_id is null or p_parked_count is null or p_parked_count < 0 or p_parked_count > 100000 then
    raise exception 'Invalid sync health report' using errcode = '22023';
  end if;
  perform public.enforce_rate_limit('sync_health', 60, interval '15 minutes',
    'Too many sync health reports. Please try again later.');
  update public.sync_health_reports r
     set parked_count = p_parked_count, reported_at = clock_timestamp()
   where r.client_id = p_client_id and r.user_id is not distinct from auth.uid();
  if not found and p_parked_count > 0 then
    insert into public.sync_health_reports (client_id, user_id, parked_count)
    values (p_client_id, auth.uid(), p_parked_count)
    on conflict do nothing;
  end if;
end $$;
revoke all on function public.report_sync_health(uuid, integer) from public;
grant execute on function public.report_sync_health(uuid, integer) to anon, authenticated, service_role;

-- Dashboard figures: devices whose latest report (within p_days) has parked ops, their total, the
-- newest report of any device, and the devices with the most recent parked reports.
create or replace function public.admin_sync_health(p_days integer default 30) returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  since timestamptz := clock_timestamp() - make_interval(days => greatest(1, least(coalesce(p_days, 30), 365)));
begin
  perform public.admin_require();
  return jsonb_build_object(
    'clients_with_parked', (select count(*) from public.sync_health_reports r
                             where r.parked_count > 0 and r.reported_at >= since),
    'total_parked', (select coalesce(sum(r.parked_count), 0) from public.sync_health_reports r
                      where r.parked_count > 0 and r.reported_at >= since),
    'last_report_at', (select max(r.reported_at) from public.sync_health_reports r),
    'clients', coalesce((
      select jsonb_agg(c order by c.reported_at desc)
        from (select r.client_id, u.email::text as email, r.parked_count, r.reported_at
                from public.sync_health_reports r
                left join auth.users u on u.id = r.user_id
               where r.parked_count > 0 and r.reported_at >= since
               order by r.reported_at desc
               limit 20) c), '[]'::jsonb));
end $$;
revoke all on function public.admin_sync_health(integer) from public, anon;
grant execute on function public.admin_sync_health(integer) to authenticated, service_role;

-- Hosted Supabase: the dashboard and /admin/errors hear new rows live.
do $$
declare t text;
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime' and not puballtables) then
    foreach t in array array['sync_health_reports', 'error_reports'] loop
      if not exists (select 1 from pg_publication_tables
                      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t) then
        execute format('alter publication supabase_realtime add table public.%I', t);
      end if;
    end loop;
  end if;
end $$;
