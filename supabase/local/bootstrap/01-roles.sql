-- Supabase's API roles and grants. Roles are cluster-wide on a real server, so create them only when
-- missing. Grants follow Supabase: the API roles may touch everything in public; RLS decides.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end $$;

-- A non-superuser connection must be a member of the API roles to `set role` to them.
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end $$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;

-- Default privileges only (not "grant ... on all tables"): this file runs on every boot and must not
-- undo revokes that migrations make, exactly like Supabase, which grants once at project creation.
-- Tables: clients get SELECT only (RLS decides rows); each write a client makes is granted by its
-- migration (20261128000700_client_write_grants.sql), so a table added later is not writable by default.
alter default privileges in schema public grant select on tables to anon, authenticated;
alter default privileges in schema public grant all on tables to service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
