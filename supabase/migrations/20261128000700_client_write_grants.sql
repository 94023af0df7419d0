-- Issue 31, the next hole of hole 3's kind (client write privileges nobody needs): the client roles held
-- every privilege on every table (Supabase's "grant all", RLS deciding), so a single missing or loose
-- policy, or a SECURITY DEFINER trigger that skips RLS (hole 3), was enough to write. anon could INSERT,
-- UPDATE, DELETE and TRUNCATE notifications, deleted_rows, user_roles, ... (TRUNCATE skips RLS entirely).
--
-- Now each client role holds only the writes the app makes (src/data/outbox.ts through apply_mutations,
-- which is SECURITY INVOKER and so needs the same privileges; anonymous error reports through REST, see
-- src/sync/push.ts) and the admin/dealer tools' writes (RLS still narrows those to admins and dealers).
-- Everything else is written by SECURITY DEFINER functions and triggers, the service role or the server.
-- SELECT is unchanged: RLS decides reads. TRUNCATE, REFERENCES and TRIGGER: nobody.
-- A table created later gets no client write privilege unless its migration grants one (default
-- privileges below; service_role keeps its defaults).
--
-- Functions: the SECURITY DEFINER trigger functions still open to the client roles are closed (a trigger
-- fires whatever its function's EXECUTE grants say), log_deletion's search_path lists pg_temp last, the
-- admins-only check is no RPC of its own, and the ledger prune takes at most 500 rows from a client call.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

do $$
declare t record;
begin
  for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
  loop
    execute format('revoke insert, update, delete, truncate, references, trigger on public.%I from public, anon, authenticated',
      t.relname);
  end loop;
end $$;

-- The allow-list (rls-matrix.test.ts shows who, under RLS, may use each).
-- Catalogue and dealer tools: admins (and dealers, their own listings' price and status) through RLS.
grant insert, update, delete on public.brands, public.car_models, public.dealers, public.reviews,
  public.dealer_members, public.vehicle_listings to authenticated;
-- A shopper's own rows (the outbox).
grant insert, update, delete on public.bookmarks, public.price_alerts, public.saved_searches,
  public.user_preferences, public.user_preference_profiles, public.search_interactions to authenticated;
grant insert, update on public.leads to authenticated;                    -- enquiry; dealer moves status
grant insert on public.lead_messages to authenticated;
grant update, delete on public.notifications to authenticated;            -- mark read, dismiss
grant update on public.personalized_recommendations to authenticated;     -- clicked, shown_count
grant insert on public.mutation_ledger to authenticated;                  -- apply_mutations' own rows
grant insert on public.error_reports to anon, authenticated;
grant update on public.error_reports to authenticated;                    -- admins resolve
grant insert, update, delete on public.rxdb_bench_bookmarks to authenticated;   -- bench:sync's RxDB peer

-- personalized_recommendations are made by ml-recommendations with the service role; the client never
-- inserts one, so its insert policy goes with the privilege.
drop policy if exists personalized_recommendations_owner_insert on public.personalized_recommendations;

alter default privileges in schema public
  revoke insert, update, delete, truncate, references, trigger on tables from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------
alter function public.log_deletion() set search_path = public, pg_temp;
revoke all on function public.log_deletion() from public, anon, authenticated;
revoke all on function public.rxdb_bench_limit_rows() from public, anon, authenticated;

-- Only the admin RPCs (SECURITY DEFINER, running as the owner) call it.
revoke all on function public.admin_require() from public, anon, authenticated;
grant execute on function public.admin_require() to service_role;

-- apply_mutations (SECURITY INVOKER) calls it with 100, so signed-in users keep EXECUTE; a direct call
-- may not ask for one huge delete.
create or replace function public.prune_mutation_ledger(max_rows integer default 500) returns integer
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  cap constant integer := case when coalesce(auth.role(), '') in ('anon', 'authenticated') then 500
                               else 2147483647 end;
  pruned integer;
begin
  delete from public.mutation_ledger m
   where m.ctid = any (array(
     select o.ctid from public.mutation_ledger o
      where o.applied_at < now() - public.mutation_ledger_retention()
      order by o.applied_at
      limit least(greatest(coalesce(max_rows, 0), 0), cap)
      for update skip locked));
  get diagnostics pruned = row_count;
  return pruned;
end $$;
revoke all on function public.prune_mutation_ledger(integer) from public, anon;
grant execute on function public.prune_mutation_ledger(integer) to authenticated, service_role;
