-- Dealer stock editor (issue 33): dealers add cars and edit every field of their own listings, with the
-- photos they upload to Storage (bucket listing-photos, paths {dealer_id}/{listing_id}/{name}).
-- The rules here are the form's rules (src/features/dealer-hub/stock-editor/listing-rules.ts) with the same
-- messages, so a write that slipped past the form (another client, an old tab) is refused with the text
-- the form would have shown. Errors use check_violation (23514): the sync engine parks them for the user.

alter table public.vehicle_listings
  add column variant text not null default '',
  add column previous_owners integer,
  add column service_history text not null default '',
  add column mot_expiry date,
  add column euro_standard integer,
  add column features text[] not null default '{}',
  add column photos text[] not null default '{}';

-- Plain shape checks (the trigger below gives the friendly messages first; these hold even for service_role).
alter table public.vehicle_listings
  add constraint vehicle_listings_service_history_known check (service_history in ('', 'full', 'partial', 'none')),
  add constraint vehicle_listings_previous_owners_range check (previous_owners between 0 and 20),
  add constraint vehicle_listings_euro_standard_range check (euro_standard between 1 and 7),
  add constraint vehicle_listings_photos_max check (coalesce(array_length(photos, 1), 0) <= 20),
  add constraint vehicle_listings_features_max check (coalesce(array_length(features, 1), 0) <= 30);

-- The age identifier a current-format plate (LL NN LLL) carries, or null for another format.
create or replace function public.plate_age_identifier(plate text) returns text
language sql immutable set search_path = public, pg_temp as $$
  select (regexp_match(upper(replace(coalesce(plate, ''), ' ', '')), '^[A-HJ-PR-Y]{2}([0-9]{2})[A-HJ-PR-Z]{3}$'))[1]
$$;

-- Whether a current-format plate's age identifier could belong to a car first registered in `yr`
-- ('24' = Mar-Aug 2024; '74' = Sep 2024 - Feb 2025, so 2024 or 2025).
create or replace function public.plate_agrees_with_year(ident text, yr integer) returns boolean
language sql immutable set search_path = public, pg_temp as $$
  select case
    when ident is null then false
    when ident::int between 2 and 49 then yr = 2000 + ident::int
    when ident::int between 51 and 99 then yr in (2000 + ident::int - 50, 2001 + ident::int - 50)
    else false end
$$;

-- Age identifier for a first-registration date (Mar-Aug: yy; Sep-Feb: yy + 50 of the September's year).
create or replace function public.age_identifier_for(d date) returns text
language sql immutable set search_path = public, pg_temp as $$
  select case
    when extract(month from d) between 3 and 8 then lpad((extract(year from d)::int % 100)::text, 2, '0')
    when extract(month from d) >= 9 then lpad(((extract(year from d)::int % 100) + 50)::text, 2, '0')
    else lpad(((extract(year from d)::int - 1) % 100 + 50)::text, 2, '0') end
$$;

create or replace function public.check_listing_fields() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  model record;
  brand_name text;
  ident text;
  this_year integer := extract(year from (now() at time zone 'Europe/London'))::int;
  plate text := upper(regexp_replace(trim(coalesce(new.registration, '')), '\s+', ' ', 'g'));
  photo text;
  prefix text := new.dealer_id::text || '/' || new.id::text || '/';
  feature text;
  ins boolean := tg_op = 'INSERT';
  -- On update only what changed is checked: seeded rows predate these rules, and a price or status
  -- change must not fail on a field nobody touched.
  car_changed boolean := ins or new.car_model_id is distinct from old.car_model_id
    or new.variant is distinct from old.variant or new.year is distinct from old.year;
  plate_changed boolean := ins or new.registration is distinct from old.registration
    or new.registration_date is distinct from old.registration_date or new.year is distinct from old.year;
begin
  if car_changed then
  select m.id, m.name, m.brand_id, m.co2_gkm, m.insurance_group into model from public.car_models m where m.id = new.car_model_id;
  if model.id is null then
    raise exception 'Choose a model from the list.' using errcode = '23514', hint = 'field:model';
  end if;
  select b.name into brand_name from public.brands b where b.id = model.brand_id;
  -- The make follows the model; the title is built from the catalogue, never typed.
  new.brand_id := model.brand_id;
  new.co2_gkm := model.co2_gkm;
  new.insurance_group := model.insurance_group;
  new.variant := trim(coalesce(new.variant, ''));
  if length(new.variant) > 80 then
    raise exception 'Keep the variant to 80 characters.' using errcode = '23514', hint = 'field:variant';
  end if;
  if new.year is null or new.year < 1950 or new.year > this_year then
    raise exception 'Enter a year between 1950 and %.', this_year using errcode = '23514', hint = 'field:year';
  end if;
  new.title := trim(new.year || ' ' || brand_name || ' ' || model.name || ' ' || new.variant);
  end if;

  if plate_changed then
  if plate = '' then
    raise exception 'Enter the registration.' using errcode = '23514', hint = 'field:registration';
  end if;
  ident := public.plate_age_identifier(plate);
  if ident is not null then
    plate := substr(replace(plate, ' ', ''), 1, 4) || ' ' || substr(replace(plate, ' ', ''), 5);
    if not public.plate_agrees_with_year(ident, new.year) then
      raise exception 'The plate''s age identifier % does not match the year %.', ident, new.year
        using errcode = '23514', hint = 'field:registration';
    end if;
    if new.registration_date is not null and public.age_identifier_for(new.registration_date) <> ident then
      raise exception 'The plate''s age identifier % does not match the first registration date.', ident
        using errcode = '23514', hint = 'field:registration_date';
    end if;
  elsif new.year >= 2002 then
    raise exception 'Enter a registration like AB% CDE.', lpad((new.year % 100)::text, 2, '0')
      using errcode = '23514', hint = 'field:registration';
  elsif plate !~ '^[A-Z0-9]{1,4} ?[A-Z0-9]{1,4}$' then
    raise exception 'Enter the registration as it is on the plate.' using errcode = '23514', hint = 'field:registration';
  end if;
  new.registration := plate;
  if new.registration_date is not null and extract(year from new.registration_date)::int <> new.year then
    raise exception 'The first registration date must be in %.', new.year
      using errcode = '23514', hint = 'field:registration_date';
  end if;
  end if;

  -- The price's rules (range, confirmed cuts) are guard_listing_price's (20261128004150).
  if (ins or new.mileage is distinct from old.mileage) and (new.mileage is null or new.mileage < 0 or new.mileage > 999999) then
    raise exception 'Enter the mileage: 0 to 999,999 miles.' using errcode = '23514', hint = 'field:mileage';
  end if;
  if (ins or new.colour is distinct from old.colour) and (trim(coalesce(new.colour, '')) = '' or length(new.colour) > 40) then
    raise exception 'Enter the colour (up to 40 characters).' using errcode = '23514', hint = 'field:colour';
  end if;
  if (ins or new.doors is distinct from old.doors) and (new.doors is null or new.doors not between 2 and 5) then
    raise exception 'Doors must be 2 to 5.' using errcode = '23514', hint = 'field:doors';
  end if;
  if (ins or new.seats is distinct from old.seats) and (new.seats is null or new.seats not between 2 and 9) then
    raise exception 'Seats must be 2 to 9.' using errcode = '23514', hint = 'field:seats';
  end if;
  if not (ins or new.engine_cc is distinct from old.engine_cc or new.fuel_type is distinct from old.fuel_type) then
    null;
  elsif new.fuel_type = 'electric' then
    new.engine_cc := null;
  elsif new.engine_cc is null or new.engine_cc not between 600 and 8000 then
    raise exception 'Enter the engine size: 600 to 8,000 cc.' using errcode = '23514', hint = 'field:engine_cc';
  end if;
  if new.previous_owners is not null and new.previous_owners not between 0 and 20 then
    raise exception 'Previous owners must be 0 to 20.' using errcode = '23514', hint = 'field:previous_owners';
  end if;
  if new.mot_expiry is not null and (ins or new.mot_expiry is distinct from old.mot_expiry)
     and new.mot_expiry > (now() at time zone 'Europe/London')::date + interval '3 years' then
    raise exception 'An MOT expiry is at most 3 years ahead.' using errcode = '23514', hint = 'field:mot_expiry';
  end if;
  if new.euro_standard is not null and new.euro_standard not between 1 and 7
     and (ins or new.euro_standard is distinct from old.euro_standard) then
    raise exception 'Choose a Euro standard from the list.' using errcode = '23514', hint = 'field:euro_standard';
  end if;
  if (ins or new.description is distinct from old.description) and length(coalesce(new.description, '')) > 5000 then
    raise exception 'Keep the description to 5,000 characters.' using errcode = '23514', hint = 'field:description';
  end if;
  if ins or new.features is distinct from old.features then
  foreach feature in array coalesce(new.features, '{}') loop
    if length(trim(feature)) not between 1 and 60 then
      raise exception 'Each feature is 1 to 60 characters.' using errcode = '23514', hint = 'field:features';
    end if;
  end loop;
  if coalesce(array_length(new.features, 1), 0) > 30 then
    raise exception 'List at most 30 features.' using errcode = '23514', hint = 'field:features';
  end if;
  end if;
  if ins or new.photos is distinct from old.photos then
  if coalesce(array_length(new.photos, 1), 0) > 20 then
    raise exception 'A car can have at most 20 photos.' using errcode = '23514', hint = 'field:photos';
  end if;
  -- Photos live under this listing's own folder of the dealer's prefix, with a plain file name.
  foreach photo in array coalesce(new.photos, '{}') loop
    if left(photo, length(prefix)) <> prefix or substr(photo, length(prefix) + 1) !~ '^[A-Za-z0-9_-]{1,64}\.(jpg|png|webp)$' then
      raise exception 'A photo is not one of this car''s uploads.' using errcode = '23514', hint = 'field:photos';
    end if;
  end loop;
  if (select count(distinct p) from unnest(new.photos) p) <> coalesce(array_length(new.photos, 1), 0) then
    raise exception 'A photo is listed twice.' using errcode = '23514', hint = 'field:photos';
  end if;
  end if;
  return new;
end $$;

-- Runs first on insert and update (alphabetical: before the dealer column guard and the price triggers),
-- for the client roles only: the seed and service jobs write rows the catalogue made.
create trigger vehicle_listings_a_check_fields before insert or update on public.vehicle_listings
  for each row when (current_user in ('anon', 'authenticated')) execute function public.check_listing_fields();

-- A new car takes its dealer's location (what the marketplace's distance search reads).
create or replace function public.place_new_listing() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  select d.outcode, d.lat, d.lng, d.admin_fee into new.outcode, new.lat, new.lng, new.admin_fee
    from public.dealers d where d.id = new.dealer_id;
  new.listed_at := now();
  new.status := coalesce(new.status, 'active');
  return new;
end $$;
create trigger vehicle_listings_a_place_new before insert on public.vehicle_listings
  for each row when (current_user in ('anon', 'authenticated')) execute function public.place_new_listing();

-- Members may now change every field of the car itself; the dealer, the location, the fee, the listing
-- date and the picture seed stay as the server set them.
create or replace function public.guard_dealer_listing_columns() returns trigger
language plpgsql set search_path = public, pg_temp as $$
declare
  changed text;
begin
  if current_user not in ('anon', 'authenticated') or public.is_admin() then
    return new;
  end if;
  select string_agg(n.key, ', ' order by n.key) into changed
  from jsonb_each(to_jsonb(new)) n
  join jsonb_each(to_jsonb(old)) o on o.key = n.key
  where n.value is distinct from o.value
    -- make, title, CO2 and insurance group follow the model (check_listing_fields sets them), never alone
    and not (n.key in ('title', 'brand_id', 'co2_gkm', 'insurance_group')
             and (new.car_model_id, new.variant, new.year) is distinct from (old.car_model_id, old.variant, old.year))
    and n.key not in ('price', 'status', 'updated_at', 'car_model_id', 'variant', 'year',
                      'registration', 'registration_date', 'mileage', 'colour', 'fuel_type', 'body_style',
                      'gearbox', 'seats', 'doors', 'engine_cc', 'condition', 'description', 'previous_owners',
                      'service_history', 'mot_expiry', 'euro_standard', 'features', 'photos');
  if changed is not null then
    raise exception 'You may not change % on vehicle_listings', changed
      using errcode = '42501', hint = 'Dealers may change the car''s details, price and status';
  end if;
  return new;
end $$;

-- Withdrawing a car deletes its listing; one with enquiries stays (deleting would take the buyers'
-- threads with it), and the dealer marks it sold instead.
create or replace function public.keep_listings_with_leads() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if exists (select 1 from public.leads l where l.vehicle_listing_id = old.id) then
    raise exception 'This car has enquiries, so it cannot be withdrawn. Mark it sold instead.'
      using errcode = '23514', hint = 'field:withdraw';
  end if;
  return old;
end $$;
-- For the client roles only (the WHEN sees the caller; inside the definer function current_user is the owner):
-- service-side jobs (the seed, account deletion) still remove what they must.
create trigger vehicle_listings_keep_with_leads before delete on public.vehicle_listings
  for each row when (current_user in ('anon', 'authenticated')) execute function public.keep_listings_with_leads();

revoke all on function public.check_listing_fields() from public, anon, authenticated;
revoke all on function public.place_new_listing() from public, anon, authenticated;
revoke all on function public.keep_listings_with_leads() from public, anon, authenticated;
