-- Access helpers used by the RLS policies, the column guard for partial-update rights, and the two
-- server-side tables (email_outbox, mutation_ledger) the later migrations build on.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- Role checks. SECURITY DEFINER so policies can consult user_roles / dealer_members without the
-- caller's own RLS on those tables getting in the way (and without policy recursion).
-- ---------------------------------------------------------------------------------------------
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce(
    (select true from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin' limit 1),
    false)
$$;

create or replace function public.is_dealer_member(dealer uuid) returns boolean
language sql stable security definer set search_path = public, pg_temp as $$
  select coalesce(
    (select true from public.dealer_members m
      where m.dealer_id = is_dealer_member.dealer and m.user_id = auth.uid() limit 1),
    false)
$$;

revoke all on function public.is_admin() from public;
revoke all on function public.is_dealer_member(uuid) from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
grant execute on function public.is_dealer_member(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Column guard: some grants are "update these columns only" (a notification's dismissed_at, a lead's
-- status, ...). Column privileges would be undone by a boot-time "grant all", so a trigger enforces it
-- for the client roles instead. Trigger arguments = the columns a client may change.
-- SECURITY INVOKER on purpose: current_user must be the caller's role, not the owner. Writes from
-- SECURITY DEFINER functions (triggers) and service_role are not restricted.
-- ---------------------------------------------------------------------------------------------
create or replace function public.guard_client_columns() returns trigger
language plpgsql set search_path = public, pg_temp as $$
declare
  changed text;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  select string_agg(n.key, ', ' order by n.key) into changed
  from jsonb_each(to_jsonb(new)) n
  join jsonb_each(to_jsonb(old)) o on o.key = n.key
  where n.value is distinct from o.value
    and n.key <> 'updated_at'
    and n.key <> all (tg_argv);
  if changed is not null then
    raise exception 'You may not change % on %', changed, tg_table_name
      using errcode = '42501', hint = 'Allowed: ' || array_to_string(tg_argv, ', ');
  end if;
  return new;
end $$;

-- ---------------------------------------------------------------------------------------------
-- E-mail outbox: rows the price-drop trigger queues; the stack's worker (or a hosted cron/function)
-- renders and sends them. No client access at all.
-- ---------------------------------------------------------------------------------------------
create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users(id) on delete set null,
  to_email text not null,
  template text not null,
  data jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending','sent','failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  updated_at timestamptz not null default now()
);
create index email_outbox_pending_idx on public.email_outbox (created_at) where status = 'pending';

create trigger email_outbox_touch before insert or update on public.email_outbox
  for each row execute function public.touch_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Mutation ledger: one row per client op applied through apply_mutations (exactly-once push).
-- ---------------------------------------------------------------------------------------------
create table public.mutation_ledger (
  op_id uuid primary key,
  client_id text not null,
  seq bigint not null,
  user_id uuid not null references auth.users(id) on delete cascade,
  table_name text not null,
  row_id uuid not null,
  op_type text not null check (op_type in ('create','update','delete')),
  applied_at timestamptz not null default now(),
  unique (client_id, seq)
);
create index mutation_ledger_user_idx on public.mutation_ledger (user_id, applied_at);
