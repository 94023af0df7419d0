-- Bench-only table for the RxDB peer in `npm run bench:sync` (bench/rxdb-peer.ts). RxDB's Supabase
-- replication plugin (rxdb/plugins/replication-supabase) keeps its own columns on the server: `_deleted`
-- (it never hard-deletes, it writes _deleted = true) and `_modified` (set by the server on every write; its
-- pull checkpoint is (_modified, id)). Motorly's tables have neither, so the plugin's writes go here: a
-- copy of bookmarks' shape, owned by its user under RLS like bookmarks, capped per user so an account
-- cannot grow it without bound. The app never reads or writes it.
create table public.rxdb_bench_bookmarks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  vehicle_listing_id uuid not null references public.vehicle_listings(id) on delete cascade,
  note text not null default '' constraint rxdb_bench_bookmarks_note_max_2000_chars check (length(note) <= 2000),
  "_deleted" boolean not null default false,
  "_modified" timestamptz not null default now()
);
create index rxdb_bench_bookmarks_modified_idx on public.rxdb_bench_bookmarks ("_modified", id);
create index rxdb_bench_bookmarks_user_idx on public.rxdb_bench_bookmarks (user_id);

-- What Supabase's moddatetime extension does (the plugin's documented setup), in plain plpgsql so it
-- also runs where that extension is absent; on insert too, so a client cannot backdate a row.
create or replace function public.rxdb_bench_touch_modified() returns trigger
language plpgsql set search_path = pg_catalog, public as $$
begin
  new."_modified" := now();
  return new;
end $$;
create trigger rxdb_bench_bookmarks_touch before insert or update on public.rxdb_bench_bookmarks
  for each row execute function public.rxdb_bench_touch_modified();

-- At most 5,000 rows per user (a bench run writes about 1,000).
create or replace function public.rxdb_bench_limit_rows() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform pg_advisory_xact_lock(hashtext('motorly.rxdb_bench_bookmarks'), hashtext(new.user_id::text));
  if (select count(*) from public.rxdb_bench_bookmarks b where b.user_id = new.user_id) >= 5000 then
    raise exception 'At most 5000 bench rows per user.' using errcode = '23514';
  end if;
  return new;
end $$;
create trigger rxdb_bench_bookmarks_limit before insert on public.rxdb_bench_bookmarks
  for each row execute function public.rxdb_bench_limit_rows();

alter table public.rxdb_bench_bookmarks enable row level security;
create policy rxdb_bench_bookmarks_owner on public.rxdb_bench_bookmarks
  for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Hosted Supabase streams postgres_changes only for tables in this publication (the plugin's setup step);
-- the embedded stack streams every public table with an id (supabase/local/sql/10-realtime-triggers.sql).
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.rxdb_bench_bookmarks;
  end if;
end $$;
