-- Price guards (issue 33): a typo must never publish a silly price nor fire anyone's price alert.
--
-- * Every writer (dealer, admin, service role): a price under £100 or over £5,000,000 is refused.
-- * A client (anon/authenticated, admins included) that cuts a price by more than 30%, or sets one
--   under £500, must send `confirmed_price` equal to the new price in the same write: the hub asks
--   "are you sure?" first, then sends it. Plain REST and apply_mutations both carry it as a column.
--   `confirmed_price` is write-only: the trigger reads it and stores null, so it never lingers to
--   confirm a later write.
-- * This is a BEFORE trigger, so a refused write raises before the AFTER price-drop trigger
--   (vehicle_listings_price_drop) and the price-history trigger run: only accepted prices notify.
--   Its name sorts first among the BEFORE triggers (PostgreSQL fires them by name): the flag is
--   cleared before guard_dealer_listing_columns compares old and new, so sending it is no column change.
-- Errors are check violations (23514, permanent for the sync engine) whose message starts with a
-- stable key the app maps to its own sentence (src/sync/sync-errors.ts).

-- Always null at rest (the trigger clears it), so seed rows never carry it: hence the explicit default.
alter table public.vehicle_listings add column if not exists confirmed_price integer default null;

create or replace function public.guard_listing_price() returns trigger
language plpgsql set search_path = public, pg_temp as $$
declare
  confirmed integer := new.confirmed_price;
  is_client boolean := current_user in ('anon', 'authenticated');
begin
  new.confirmed_price := null;
  if tg_op = 'UPDATE' and new.price is not distinct from old.price then
    return new;
  end if;
  if new.price < 100 or new.price > 5000000 then
    raise exception 'listing_price_out_of_range: a price must be between £100 and £5,000,000'
      using errcode = '23514', hint = 'Enter the price in whole pounds, from £100 to £5,000,000.';
  end if;
  if is_client and confirmed is distinct from new.price
     and (new.price < 500 or (tg_op = 'UPDATE' and new.price::bigint * 10 < old.price::bigint * 7)) then
    raise exception 'listing_price_needs_confirmation: a cut of more than 30%% or a price under £500 must be confirmed'
      using errcode = '23514',
            hint = 'Send confirmed_price equal to the new price to confirm it.';
  end if;
  return new;
end $$;
revoke all on function public.guard_listing_price() from public, anon, authenticated;

drop trigger if exists vehicle_listings_a_price_guard on public.vehicle_listings;
create trigger vehicle_listings_a_price_guard before insert or update on public.vehicle_listings
  for each row execute function public.guard_listing_price();

-- ---------------------------------------------------------------------------------------------------
-- Listing views: counted on the server, read by the listing's dealer only (as aggregates).
-- One row per counted view. Cheap inflation is capped: a signed-in viewer counts once per listing per
-- day and at most 300 listings a day; anonymous views count at most 20 per listing per hour (their
-- `viewer` is 'anon:<hour>:<n>'); the listing's own dealer members never count.
-- ---------------------------------------------------------------------------------------------------
create table if not exists public.listing_views (
  vehicle_listing_id uuid not null references public.vehicle_listings(id) on delete cascade,
  day date not null default current_date,
  viewer text not null,
  created_at timestamptz not null default now(),
  primary key (vehicle_listing_id, day, viewer)
);
create index if not exists listing_views_viewer_idx on public.listing_views (viewer, day);

alter table public.listing_views enable row level security;
revoke all on public.listing_views from public, anon, authenticated;
grant all on public.listing_views to service_role;

-- Counts one view of a listing for the caller; true when it was counted.
create or replace function public.record_listing_view(p_listing_id uuid) returns boolean
language plpgsql volatile security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  listing_dealer uuid;
  hour_key text := 'anon:' || to_char(now() at time zone 'utc', 'HH24') || ':';
  taken integer;
begin
  select l.dealer_id into listing_dealer from public.vehicle_listings l where l.id = p_listing_id;
  if listing_dealer is null then
    return false;
  end if;
  if uid is null then
    -- serialise anonymous counts of one listing so the hourly cap holds under concurrency
    perform pg_advisory_xact_lock(hashtext('motorly.listing_views'), hashtext(p_listing_id::text));
    select count(*) into taken from public.listing_views v
     where v.vehicle_listing_id = p_listing_id and v.day = current_date and v.viewer like hour_key || '%';
    if taken >= 20 then
      return false;
    end if;
    insert into public.listing_views (vehicle_listing_id, viewer) values (p_listing_id, hour_key || (taken + 1));
    return true;
  end if;
  if exists (select 1 from public.dealer_members m where m.dealer_id = listing_dealer and m.user_id = uid) then
    return false;
  end if;
  perform pg_advisory_xact_lock(hashtext('motorly.listing_views.user'), hashtext(uid::text));
  select count(*) into taken from public.listing_views v where v.viewer = uid::text and v.day = current_date;
  if taken >= 300 then
    return false;
  end if;
  insert into public.listing_views (vehicle_listing_id, viewer) values (p_listing_id, uid::text)
  on conflict do nothing;
  return found;
end $$;
revoke all on function public.record_listing_view(uuid) from public;
grant execute on function public.record_listing_view(uuid) to anon, authenticated, service_role;

-- Per listing of one dealer: views and saves (bookmarks), for that dealer's members and admins only.
create or replace function public.dealer_listing_performance(p_dealer_id uuid)
returns table (vehicle_listing_id uuid, views integer, saves integer)
language plpgsql stable security definer set search_path = public, pg_temp as $$
begin
  if not (public.is_dealer_member(p_dealer_id) or public.is_admin()) then
    raise exception 'Only members of this dealer may read its figures' using errcode = '42501';
  end if;
  return query
    select l.id,
           (select count(*)::integer from public.listing_views v where v.vehicle_listing_id = l.id),
           (select count(*)::integer from public.bookmarks b where b.vehicle_listing_id = l.id)
      from public.vehicle_listings l
     where l.dealer_id = p_dealer_id;
end $$;
revoke all on function public.dealer_listing_performance(uuid) from public, anon;
grant execute on function public.dealer_listing_performance(uuid) to authenticated, service_role;
