-- Issue 31, the next holes of hole 7's kind (writes without a bound): every table a client may insert
-- into now has one. Lead messages, search interactions (20261128000200), enquiries (5 an hour), error
-- reports (30 per 15 minutes), the newsletter and sync health (their RPCs) already had theirs, and
-- saved searches their 50 per user (20261123001500); one row per user holds user_preferences and
-- user_preference_profiles; personalized_recommendations take no client insert at all (20261128000700).
-- New here:
--   * price_alerts: at most 50 per user (the app sets one per listing; the device checks first);
--   * bookmarks: at most 1,000 per user;
--   * vehicle_listings (dealers and admins): at most 100 in one request and 500 per user per hour; each
--     new listing is matched against every saved search and notifies their owners.
-- Row caps answer 23514 (HTTP 400) with a sentence for the UI and a hint, as the saved-search cap does;
-- the listing limits answer PT429 (HTTP 429) with the SPEC §8 sentence, as 20261128000200's do. Only API
-- callers (anon, authenticated) are held: the service role, triggers, seeds and jobs are not. Triggers, so
-- REST and apply_mutations are held alike. Creating and deleting the same rows (toggling a bookmark is the
-- app's normal flow; bench:sync and ledger-plans.test.ts do it hundreds of times) stays unlimited.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

-- Raises 23514 with `refusal` when the user already holds max_rows rows (`held`, counted by the caller
-- under its own per-user lock, so two concurrent inserts cannot both see max_rows - 1).
create or replace function public.enforce_rows_per_user(what text, held bigint, max_rows integer, refusal text)
returns void
language plpgsql set search_path = public, pg_temp as $$
begin
  if held >= max_rows then
    raise exception '%', refusal using errcode = '23514', hint = format('At most %s %s per user.', max_rows, what);
  end if;
end $$;

revoke all on function public.enforce_rows_per_user(text, bigint, integer, text) from public, anon, authenticated;

-- The triggers fire for the API roles only (WHEN current_user ...: the service role, seeds, jobs and
-- SECURITY DEFINER code skip them at no cost, which matters for bulk catalogue loads).

-- ---------------------------------------------------------------------------------------------
-- Price alerts
-- ---------------------------------------------------------------------------------------------
create or replace function public.limit_price_alerts() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform pg_advisory_xact_lock(hashtext('motorly.price_alerts'), hashtext(new.user_id::text));
  perform public.enforce_rows_per_user('price alerts',
    (select count(*) from public.price_alerts a where a.user_id = new.user_id), 50,
    'You can set at most 50 price alerts. Delete one to set another.');
  return new;
end $$;

create trigger price_alerts_limit before insert on public.price_alerts
  for each row when (current_user in ('anon', 'authenticated')) execute function public.limit_price_alerts();

-- ---------------------------------------------------------------------------------------------
-- Bookmarks: a bookmark names exactly one of a car model or a listing, and each kind has a unique
-- (user_id, ...) index to count through.
-- ---------------------------------------------------------------------------------------------
create or replace function public.limit_bookmarks() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform pg_advisory_xact_lock(hashtext('motorly.bookmarks'), hashtext(new.user_id::text));
  perform public.enforce_rows_per_user('bookmarks',
    (select count(*) from public.bookmarks b where b.user_id = new.user_id and b.car_model_id is not null)
    + (select count(*) from public.bookmarks b where b.user_id = new.user_id and b.vehicle_listing_id is not null),
    1000, 'You can save at most 1,000 cars. Remove one to save another.');
  return new;
end $$;

create trigger bookmarks_limit before insert on public.bookmarks
  for each row when (current_user in ('anon', 'authenticated')) execute function public.limit_bookmarks();

-- ---------------------------------------------------------------------------------------------
-- Listings (dealer and admin tools)
-- ---------------------------------------------------------------------------------------------
create or replace function public.limit_listing_inserts() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform public.enforce_rows_per_request('vehicle_listings', 100, 'Too many attempts. Please try again later.');
  perform public.enforce_rate_limit('vehicle_listings', 500, interval '1 hour',
    'Too many attempts. Please try again later.');
  return new;
end $$;

create trigger vehicle_listings_insert_limit before insert on public.vehicle_listings
  for each row when (current_user in ('anon', 'authenticated')) execute function public.limit_listing_inserts();

revoke all on function public.limit_price_alerts() from public, anon, authenticated;
revoke all on function public.limit_bookmarks() from public, anon, authenticated;
revoke all on function public.limit_listing_inserts() from public, anon, authenticated;
