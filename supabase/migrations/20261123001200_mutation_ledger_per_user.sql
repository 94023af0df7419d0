-- Mutation ledger, scoped per user and pruned.
--   * Op ids and (client_id, seq) belong to the user who sent them: another user's op id is not
--     answered as a duplicate, and two users whose devices picked the same client id do not collide.
--   * Entries older than the clients' retry horizon are deleted (the ledger grew without bound):
--     a replay inside the horizon is still a duplicate; one after it is applied as a new op.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

alter table public.mutation_ledger drop constraint mutation_ledger_pkey;
alter table public.mutation_ledger drop constraint mutation_ledger_client_id_seq_key;
-- apply_mutations tells a concurrent duplicate by this constraint's name
alter table public.mutation_ledger add constraint mutation_ledger_pkey primary key (user_id, op_id);
alter table public.mutation_ledger
  add constraint mutation_ledger_user_client_seq_key unique (user_id, client_id, seq);
create index mutation_ledger_applied_idx on public.mutation_ledger (applied_at);

-- The retry horizon: how long a device may hold an op that was applied but never acknowledged (an
-- offline laptop, a phone left in a drawer) and still have its replay recognised. Generous on purpose.
create or replace function public.mutation_ledger_retention() returns interval
language sql immutable set search_path = public, pg_temp as $$
  select interval '30 days'
$$;

-- Deletes up to max_rows expired entries, oldest first; rows another transaction holds are skipped,
-- so concurrent pushes never wait on each other here. apply_mutations calls it with a small batch;
-- a worker or cron may call it with a bigger one. Only expired entries can go, so any signed-in
-- caller may run it.
create or replace function public.prune_mutation_ledger(max_rows integer default 500) returns integer
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  pruned integer;
begin
  delete from public.mutation_ledger m
   where m.ctid = any (array(
     select o.ctid from public.mutation_ledger o
      where o.applied_at < now() - public.mutation_ledger_retention()
      order by o.applied_at
      limit greatest(coalesce(max_rows, 0), 0)
      for update skip locked));
  get diagnostics pruned = row_count;
  return pruned;
end $$;

-- The owner now writes the ledger (the prune above, SECURITY DEFINER): FORCE would subject it to the
-- client policies wherever the owner lacks BYPASSRLS (the rule in 20261122000300_rls_policies.sql).
-- The client roles stay under RLS.
alter table public.mutation_ledger no force row level security;

revoke all on function public.mutation_ledger_retention() from public, anon;
revoke all on function public.prune_mutation_ledger(integer) from public, anon;
grant execute on function public.mutation_ledger_retention() to authenticated, service_role;
grant execute on function public.prune_mutation_ledger(integer) to authenticated, service_role;
