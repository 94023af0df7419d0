-- Saved searches: a shopper's named marketplace filters. Rows are client-created (client UUIDs, through
-- the outbox), owned by their user (RLS), pulled with (updated_at, id) cursors and tombstoned in
-- deleted_rows like the other user tables. A new listing that matches a saved search creates a
-- 'new_match' notification unless the owner turned new_match_alerts off.
--
-- filters holds the marketplace query keys the server can match:
--   make (brand slug), model (car model slug), price_min, price_max, year_min, year_max, mileage_max,
--   body (array of body styles), fuel (array of fuel types), gearbox
-- plus "query": the marketplace URL query string the client reopens the search with.

create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 80),
  filters jsonb not null default '{}'::jsonb
    check (jsonb_typeof(filters) = 'object' and octet_length(filters::text) <= 4000),
  last_viewed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index saved_searches_user_idx on public.saved_searches (user_id, created_at desc);
create index saved_searches_updated_idx on public.saved_searches (updated_at, id);

create trigger saved_searches_touch before insert or update on public.saved_searches
  for each row execute function public.touch_updated_at();
create trigger saved_searches_log_delete after delete on public.saved_searches
  for each row execute function public.log_deletion();

-- At most 50 saved searches per user: a bound on what one account can make the listing trigger scan.
create or replace function public.limit_saved_searches() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform pg_advisory_xact_lock(hashtext('motorly.saved_searches'), hashtext(new.user_id::text));
  if (select count(*) from public.saved_searches s where s.user_id = new.user_id) >= 50 then
    raise exception 'You can save at most 50 searches. Delete one to save another.'
      using errcode = '23514', hint = 'At most 50 saved searches per user.';
  end if;
  return new;
end $$;
create trigger saved_searches_limit before insert on public.saved_searches
  for each row execute function public.limit_saved_searches();

alter table public.saved_searches enable row level security;
create policy saved_searches_owner on public.saved_searches
  for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- Matching: one listing against one saved search's filters (absent keys match anything).
-- ---------------------------------------------------------------------------------------------
create or replace function public.saved_search_matches(f jsonb, l public.vehicle_listings) returns boolean
language sql stable security definer set search_path = public, pg_temp as $$
  select l.status <> 'sold'
    and (f ->> 'make' is null
         or exists (select 1 from public.brands b where b.id = l.brand_id and b.slug = f ->> 'make'))
    and (f ->> 'model' is null
         or exists (select 1 from public.car_models m where m.id = l.car_model_id and m.slug = f ->> 'model'))
    and (jsonb_typeof(f -> 'price_min') is distinct from 'number' or l.price >= (f ->> 'price_min')::numeric)
    and (jsonb_typeof(f -> 'price_max') is distinct from 'number' or l.price <= (f ->> 'price_max')::numeric)
    and (jsonb_typeof(f -> 'year_min') is distinct from 'number' or l.year >= (f ->> 'year_min')::numeric)
    and (jsonb_typeof(f -> 'year_max') is distinct from 'number' or l.year <= (f ->> 'year_max')::numeric)
    and (jsonb_typeof(f -> 'mileage_max') is distinct from 'number' or l.mileage <= (f ->> 'mileage_max')::numeric)
    and (jsonb_typeof(f -> 'body') is distinct from 'array' or jsonb_array_length(f -> 'body') = 0
         or (f -> 'body') ? l.body_style::text)
    and (jsonb_typeof(f -> 'fuel') is distinct from 'array' or jsonb_array_length(f -> 'fuel') = 0
         or (f -> 'fuel') ? l.fuel_type::text)
    and (f ->> 'gearbox' is null or l.gearbox::text = f ->> 'gearbox')
$$;

-- Statement-level (transition table) so a bulk insert is one pass; one notification per user and
-- listing however many of their searches match. A missing preferences row means the defaults (on).
create or replace function public.notify_saved_search_matches() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  insert into public.notifications (user_id, type, alert_type, title, message, vehicle_listing_id, data)
  select distinct on (s.user_id, n.id)
         s.user_id, 'new_match', 'saved_search',
         'New match: ' || n.title,
         format('%s, %s miles, matches your saved search "%s".',
           public.format_gbp(n.price), to_char(n.mileage, 'FM999,999,990'), s.name),
         n.id,
         jsonb_build_object('car_url', '/marketplace/' || n.id::text, 'saved_search_id', s.id,
           'price', n.price)
    from new_rows n
    join public.saved_searches s on public.saved_search_matches(s.filters, n)
    left join public.user_preferences p on p.user_id = s.user_id
   where coalesce((p.notification_preferences ->> 'new_match_alerts')::boolean, true)
   order by s.user_id, n.id, s.created_at;
  return null;
end $$;

create trigger vehicle_listings_saved_search_match after insert on public.vehicle_listings
  referencing new table as new_rows
  for each statement execute function public.notify_saved_search_matches();

revoke all on function public.limit_saved_searches() from public, anon, authenticated;
revoke all on function public.notify_saved_search_matches() from public, anon, authenticated;
revoke all on function public.saved_search_matches(jsonb, public.vehicle_listings) from public, anon, authenticated;
