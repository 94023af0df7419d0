-- Admin area RPCs (issue 13). Each is SECURITY DEFINER (it reads tables a client cannot, e.g. auth.users,
-- pg_class) and so checks public.is_admin() itself first; anon cannot even call them.

create or replace function public.admin_require() returns void
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  if not public.is_admin() then
    raise exception 'permission denied: admins only' using errcode = '42501';
  end if;
end $$;

-- Dashboard counts.
create or replace function public.admin_counts() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  perform public.admin_require();
  return jsonb_build_object(
    'users', (select count(*) from auth.users),
    'listings', (select count(*) from public.vehicle_listings),
    'reviews', (select count(*) from public.reviews),
    'leads', (select count(*) from public.leads));
end $$;

-- Web-vitals p75 per metric from the /api/web-vitals beacons.
create or replace function public.admin_web_vitals()
returns table (metric text, p75 double precision, samples bigint)
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  perform public.admin_require();
  return query
    select m.metric, percentile_cont(0.75) within group (order by m.value), count(*)
    from public.performance_metrics m
    where m.source = 'web-vitals'
    group by m.metric
    order by m.metric;
end $$;

-- RLS self-check: every table in public and whether row level security is on.
create or replace function public.admin_rls_status()
returns table (table_name text, rls_enabled boolean)
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  perform public.admin_require();
  return query
    select c.relname::text, c.relrowsecurity
    from pg_catalog.pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    order by c.relname;
end $$;

-- Users by e-mail (for granting admin) and the current admins.
create or replace function public.admin_users(p_query text default '')
returns table (user_id uuid, email text, is_admin boolean)
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  perform public.admin_require();
  return query
    select u.id, u.email::text, exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = 'admin')
    from auth.users u
    where coalesce(p_query, '') = '' and exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = 'admin')
       or coalesce(p_query, '') <> '' and position(lower(p_query) in lower(u.email)) > 0
    order by u.email
    limit 50;
end $$;

-- Grant or revoke admin. Refuses non-admins and never leaves the app without an admin.
create or replace function public.admin_set_role(p_user_id uuid, p_is_admin boolean) returns void
language plpgsql volatile security definer set search_path = public, pg_temp as $$
begin
  perform public.admin_require();
  if p_user_id is null or not exists (select 1 from auth.users u where u.id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  -- Serialise role changes so two admins revoking each other cannot both pass the check.
  lock table public.user_roles in share row exclusive mode;
  if p_is_admin then
    insert into public.user_roles (user_id, role) values (p_user_id, 'admin') on conflict do nothing;
  else
    if not exists (select 1 from public.user_roles r where r.role = 'admin' and r.user_id <> p_user_id) then
      raise exception 'The last admin cannot be revoked' using errcode = '22023';
    end if;
    delete from public.user_roles r where r.user_id = p_user_id and r.role = 'admin';
  end if;
  insert into public.security_events (event_type, user_id, details)
    values (case when p_is_admin then 'admin_granted' else 'admin_revoked' end, p_user_id,
            jsonb_build_object('by', auth.uid()));
end $$;

do $$
declare f text;
begin
  foreach f in array array['admin_require()', 'admin_counts()', 'admin_web_vitals()', 'admin_rls_status()',
                           'admin_users(text)', 'admin_set_role(uuid, boolean)'] loop
    execute format('revoke all on function public.%s from public, anon', f);
    execute format('grant execute on function public.%s to authenticated, service_role', f);
  end loop;
end $$;
