-- Marketplace triggers: listing price history, lead routing + rate limit, price-drop alerts (in-app
-- notification + queued e-mail). SECURITY DEFINER with a pinned search_path so they work the same
-- whoever changes the row (dealer, admin, service role, seed).

-- ---------------------------------------------------------------------------------------------
-- Price history
-- ---------------------------------------------------------------------------------------------
-- Statement-level with transition tables: one INSERT ... SELECT per statement keeps bulk loads (the
-- catalogue seed inserts 10,000+ listings at once) fast.
create or replace function public.record_listing_price_inserts() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  insert into public.listing_price_history (vehicle_listing_id, price, changed_at)
  select n.id, n.price, n.listed_at from new_rows n;
  return null;
end $$;

create or replace function public.record_listing_price_changes() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  insert into public.listing_price_history (vehicle_listing_id, price, changed_at)
  select n.id, n.price, now() from new_rows n join old_rows o on o.id = n.id
   where n.price is distinct from o.price;
  return null;
end $$;

create trigger vehicle_listings_price_history_insert after insert on public.vehicle_listings
  referencing new table as new_rows
  for each statement execute function public.record_listing_price_inserts();
create trigger vehicle_listings_price_history_update after update on public.vehicle_listings
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.record_listing_price_changes();

-- One price per listing per instant: a second history row for the same (listing, changed_at) replaces the
-- first. Two price changes in one transaction keep the last price, and a catalogue seed that inserts a
-- listing and then its own history (initial price at listed_at) keeps the seed's row instead of a
-- duplicate from the insert trigger above.
create or replace function public.merge_listing_price_history() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  update public.listing_price_history h
     set id = new.id, price = new.price
   where h.vehicle_listing_id = new.vehicle_listing_id and h.changed_at = new.changed_at;
  if found then
    return null;
  end if;
  return new;
end $$;

create trigger listing_price_history_merge before insert on public.listing_price_history
  for each row execute function public.merge_listing_price_history();

-- ---------------------------------------------------------------------------------------------
-- Leads: route to the listing's dealer (the client's dealer_id is ignored) and rate-limit enquiries
-- to 5 per user per rolling hour (SPEC §9). 'PT429' makes PostgREST answer HTTP 429.
-- ---------------------------------------------------------------------------------------------
create or replace function public.prepare_lead() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  listing_dealer uuid;
  recent integer;
begin
  select l.dealer_id into listing_dealer from public.vehicle_listings l where l.id = new.vehicle_listing_id;
  if listing_dealer is null then
    raise exception 'The listing for this enquiry does not exist'
      using errcode = '23503', detail = format('vehicle_listing_id %s not found', new.vehicle_listing_id);
  end if;
  new.dealer_id := listing_dealer;
  new.created_at := now();   -- the rate limit counts by created_at, so a client cannot back-date it

  -- serialise one user's concurrent enquiries so two inserts cannot both see 4
  perform pg_advisory_xact_lock(hashtext('motorly.leads'), hashtext(new.user_id::text));
  select count(*) into recent from public.leads
   where user_id = new.user_id and created_at > now() - interval '1 hour';
  if recent >= 5 then
    raise exception 'Too many enquiries. Please try again later.'
      using errcode = 'PT429', hint = 'At most 5 enquiries per hour.';
  end if;
  return new;
end $$;

create trigger leads_prepare before insert on public.leads
  for each row execute function public.prepare_lead();

-- ---------------------------------------------------------------------------------------------
-- Price-drop alerts
-- ---------------------------------------------------------------------------------------------
-- '£18,495' / '£18,495.50' (en-GB grouping, pence only when present).
create or replace function public.format_gbp(amount numeric) returns text
language sql immutable set search_path = public, pg_temp as $$
  select '£' || case when amount = trunc(amount)
                     then to_char(amount, 'FM999,999,999,990')
                     else to_char(amount, 'FM999,999,999,990.00') end
$$;

create or replace function public.notify_price_drop() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  alert record;
  prefs jsonb;
  recipient text;
  outbox_id uuid;
  listing_path text := '/marketplace/' || new.id::text;
begin
  update public.price_alerts set current_price = new.price where vehicle_listing_id = new.id;

  for alert in
    select a.id, a.user_id, a.target_price from public.price_alerts a
     where a.vehicle_listing_id = new.id and a.is_active and new.price <= a.target_price
     order by a.created_at, a.id
  loop
    insert into public.notifications (user_id, type, alert_type, title, message, vehicle_listing_id, data)
    values (alert.user_id, 'price_drop', 'price_drop',
      'Price drop: ' || new.title,
      format('Now %s (was %s) — below your %s target.',
        public.format_gbp(new.price), public.format_gbp(old.price), public.format_gbp(alert.target_price)),
      new.id,
      jsonb_build_object('car_url', listing_path, 'old_price', old.price, 'new_price', new.price,
        'target_price', alert.target_price));

    update public.price_alerts
       set times_triggered = times_triggered + 1, last_triggered_at = now()
     where id = alert.id;

    -- a missing preferences row means the defaults (both true)
    select p.notification_preferences into prefs from public.user_preferences p where p.user_id = alert.user_id;
    select u.email into recipient from auth.users u where u.id = alert.user_id;
    if recipient is not null
       and coalesce((prefs ->> 'email_notifications')::boolean, true)
       and coalesce((prefs ->> 'price_drop_alerts')::boolean, true) then
      insert into public.email_outbox (user_id, to_email, template, data)
      values (alert.user_id, recipient, 'price_drop_alert', jsonb_build_object(
        'car_name', new.title,
        'old_price', old.price,
        'new_price', new.price,
        'discount', round((old.price - new.price) * 100.0 / old.price, 1),
        'savings', old.price - new.price,
        'car_url', listing_path,          -- the site's origin is not known in SQL; the sender prefixes it
        'unsubscribe_url', '/account'))
      returning id into outbox_id;
      perform pg_notify('email_outbox', outbox_id::text);
    end if;
  end loop;
  return null;
end $$;

create trigger vehicle_listings_price_drop after update of price on public.vehicle_listings
  for each row when (new.price < old.price)
  execute function public.notify_price_drop();

-- Trigger functions are not for calling directly.
revoke all on function public.record_listing_price_inserts() from public, anon, authenticated;
revoke all on function public.record_listing_price_changes() from public, anon, authenticated;
revoke all on function public.merge_listing_price_history() from public, anon, authenticated;
revoke all on function public.prepare_lead() from public, anon, authenticated;
revoke all on function public.notify_price_drop() from public, anon, authenticated;
