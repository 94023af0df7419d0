-- Issue 31, the next hole of hole 5's kind (client text in product messages): the price-drop trigger put
-- the listing's title, which a dealer types, into the alert e-mail's subject and the in-app notification's
-- title, and the saved-search trigger put it into every matching shopper's 'New match' notification. A
-- dealer could write a phishing line ("URGENT: verify your account at ...") as a title and reach everyone
-- watching that listing, or everyone whose saved search it matches.
--
-- Product messages now name the car from the catalogue only: '<year> <brand> <model>' from the listing's
-- car model and that model's brand (names an admin keeps) and the listing's year (a number). No dealer
-- text goes into an e-mail or a notification any more. The one piece of user text left in a product
-- message is the shopper's own saved-search name, quoted and attributed, in a notification to that shopper.
-- Messages already queued or stored with a title are rewritten the same way.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

-- '2022 Ford Focus'. Null model: a neutral phrase (the foreign key makes that unreachable today).
create or replace function public.catalogue_car_name(model_id uuid, year integer) returns text
language sql stable set search_path = public, pg_temp as $$
  select coalesce(
    (select concat_ws(' ', year::text, b.name, m.name)
       from public.car_models m join public.brands b on b.id = m.brand_id
      where m.id = model_id),
    'A car you are watching')
$$;

revoke all on function public.catalogue_car_name(uuid, integer) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Price drops (replaces 20261122000400's version; only the car's name changed)
-- ---------------------------------------------------------------------------------------------
create or replace function public.notify_price_drop() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  alert record;
  prefs jsonb;
  recipient text;
  outbox_id uuid;
  listing_path text := '/marketplace/' || new.id::text;
  car_name constant text := public.catalogue_car_name(new.car_model_id, new.year);
begin
  update public.price_alerts set current_price = new.price where vehicle_listing_id = new.id;

  for alert in
    select a.id, a.user_id, a.target_price from public.price_alerts a
     where a.vehicle_listing_id = new.id and a.is_active and new.price <= a.target_price
     order by a.created_at, a.id
  loop
    insert into public.notifications (user_id, type, alert_type, title, message, vehicle_listing_id, data)
    values (alert.user_id, 'price_drop', 'price_drop',
      'Price drop: ' || car_name,
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
        'car_name', car_name,
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

-- ---------------------------------------------------------------------------------------------
-- Saved-search matches (replaces 20261123001500's version; only the car's name changed)
-- ---------------------------------------------------------------------------------------------
create or replace function public.notify_saved_search_matches() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  insert into public.notifications (user_id, type, alert_type, title, message, vehicle_listing_id, data)
  select distinct on (s.user_id, n.id)
         s.user_id, 'new_match', 'saved_search',
         'New match: ' || public.catalogue_car_name(n.car_model_id, n.year),
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

revoke all on function public.notify_price_drop() from public, anon, authenticated;
revoke all on function public.notify_saved_search_matches() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Messages already made with a dealer's title
-- ---------------------------------------------------------------------------------------------
-- E-mails not sent yet: their car_url names the listing.
update public.email_outbox o
   set data = jsonb_set(o.data, '{car_name}', to_jsonb(public.catalogue_car_name(l.car_model_id, l.year)))
  from public.vehicle_listings l
 where o.template = 'price_drop_alert' and o.status = 'pending'
   and o.data ->> 'car_url' = '/marketplace/' || l.id::text;
-- A pending alert whose listing is gone keeps no dealer text either.
update public.email_outbox o
   set data = jsonb_set(o.data, '{car_name}', to_jsonb('A car you are watching'::text))
 where o.template = 'price_drop_alert' and o.status = 'pending'
   and not exists (select 1 from public.vehicle_listings l where o.data ->> 'car_url' = '/marketplace/' || l.id::text);

update public.notifications t
   set title = case t.type when 'price_drop' then 'Price drop: ' else 'New match: ' end
               || public.catalogue_car_name(l.car_model_id, l.year)
  from public.vehicle_listings l
 where l.id = t.vehicle_listing_id and t.type in ('price_drop', 'new_match')
   and t.title is distinct from case t.type when 'price_drop' then 'Price drop: ' else 'New match: ' end
                                || public.catalogue_car_name(l.car_model_id, l.year);
update public.notifications t
   set title = case t.type when 'price_drop' then 'Price drop' else 'New match' end
 where t.type in ('price_drop', 'new_match') and t.vehicle_listing_id is null
   and t.title not in ('Price drop', 'New match');
