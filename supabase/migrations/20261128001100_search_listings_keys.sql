-- Server search (issue 32): the derived values search_listings filters and sorts on, and its indexes.

-- How far a listing's price has come down from its first advertised price: the "biggest reduction"
-- sort's key, kept on the row so it can be indexed (the device computes the same from price history).
alter table public.vehicle_listings add column price_reduction integer not null default 0
  check (price_reduction >= 0);

-- Clients never set it: a new listing has none, a price change recomputes it from the first history
-- row, any other update keeps it. Runs after the dealer column guard (trigger names fire in order), so
-- a dealer who tries to write it is refused there. Seeds (session_replication_role = replica) set it.
create or replace function public.set_listing_price_reduction() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  first_price integer;
begin
  if tg_op = 'INSERT' then
    new.price_reduction := 0;
  elsif new.price is distinct from old.price then
    select h.price into first_price from public.listing_price_history h
     where h.vehicle_listing_id = new.id order by h.changed_at, h.id limit 1;
    new.price_reduction := greatest(0, coalesce(first_price, new.price) - new.price);
  elsif current_user in ('anon', 'authenticated') then
    new.price_reduction := old.price_reduction;
  end if;
  return new;
end $$;
create trigger vehicle_listings_set_price_reduction before insert or update on public.vehicle_listings
  for each row execute function public.set_listing_price_reduction();

-- Existing rows (the catalogue seed runs after migrations, so usually none).
update public.vehicle_listings l set price_reduction = f.first_price - l.price
  from (select distinct on (h.vehicle_listing_id) h.vehicle_listing_id, h.price as first_price
          from public.listing_price_history h order by h.vehicle_listing_id, h.changed_at, h.id) f
 where f.vehicle_listing_id = l.id and f.first_price > l.price;

-- The device's derived fields (src/data/catalogue/listing-costs.ts, listing-derived.ts), in SQL.
-- First registration: the registration date, or mid-year when only the year is known.
create or replace function public.listing_first_registered(registration_date date, year integer) returns date
language sql immutable parallel safe as $$
  select coalesce(registration_date, make_date(year, 7, 1))
$$;

-- 'Metallic Grey' -> 'grey': the colour filter matches the last word.
create or replace function public.listing_colour_key(colour text) returns text
language sql immutable parallel safe as $$
  select coalesce(substring(lower(colour) from '([a-z]+)[^a-z]*$'), '')
$$;

-- London ULEZ, likely status from fuel and first registration (ulez.ts; electric always complies).
create or replace function public.listing_ulez_compliant(fuel_type text, registered date) returns boolean
language sql immutable parallel safe as $$
  select fuel_type = 'electric'
      or registered >= case when fuel_type = 'diesel' then date '2015-09-01' else date '2006-01-01' end
$$;

-- What the next owner pays a year in VED, 2026/27 rates (ved.ts annualTaxFor): cars first registered
-- before April 2017 by the old CO2 bands (an estimate scaled by 200/195), later cars the standard rate
-- plus the expensive-car supplement in years 2 to 6. Null (never within a tax filter) for a bad CO2.
create or replace function public.listing_annual_tax(fuel_type text, co2_gkm integer, registered date,
  list_price integer) returns integer
language sql immutable parallel safe as $$
  select case
    when fuel_type <> 'electric' and co2_gkm < 0 then null
    when registered < date '2017-04-01' then round(200.0 / 195 * case
      when registered < date '2001-03-01' then 220
      else (select b.annual from (values (100, 20), (110, 20), (120, 35), (130, 165), (140, 195), (150, 215),
              (165, 265), (175, 315), (185, 345), (200, 395), (225, 430), (255, 735)) b(max_co2, annual)
             where (case when fuel_type = 'electric' then 0 else co2_gkm end) <= b.max_co2
             order by b.max_co2 limit 1)
    end)::integer
    else 200 + case
      when list_price > case when fuel_type = 'electric' and registered >= date '2025-04-01' then 50000 else 40000 end
       and (registered >= date '2026-04-01'
            or 2027 - extract(year from registered)::integer
               - case when registered > make_date(extract(year from registered)::integer, 4, 1) then 1 else 0 end <= 5)
      then 440 else 0 end
  end
$$;

-- Great-circle miles, as milesBetween() in src/shared/lib/uk/distance.ts.
create or replace function public.miles_between(lat1 double precision, lng1 double precision,
  lat2 double precision, lng2 double precision) returns double precision
language sql immutable parallel safe as $$
  select 2 * 3958.7613 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))
$$;

grant execute on function public.listing_first_registered(date, integer), public.listing_colour_key(text),
  public.listing_ulez_compliant(text, date), public.listing_annual_tax(text, integer, date, integer),
  public.miles_between(double precision, double precision, double precision, double precision)
  to anon, authenticated;

-- Indexes: every sort walks a b-tree over unsold listings (sold ones never match), each order ending in
-- the id so a keyset cursor seeks straight to the next page. Make, model and dealer keep their rows in
-- newest-first order for the default sort; lat/lng answer the radius's bounding box.
create index vehicle_listings_search_listed_idx on public.vehicle_listings (listed_at, id) where status <> 'sold';
create index vehicle_listings_search_price_idx on public.vehicle_listings (price, id) where status <> 'sold';
create index vehicle_listings_search_mileage_idx on public.vehicle_listings (mileage, id) where status <> 'sold';
create index vehicle_listings_search_year_idx on public.vehicle_listings (year, id) where status <> 'sold';
create index vehicle_listings_search_reduction_idx on public.vehicle_listings (price_reduction, listed_at, id)
  where status <> 'sold';
create index vehicle_listings_search_brand_idx on public.vehicle_listings (brand_id, listed_at, id)
  where status <> 'sold';
create index vehicle_listings_search_model_idx on public.vehicle_listings (car_model_id, listed_at, id)
  where status <> 'sold';
create index vehicle_listings_search_dealer_idx on public.vehicle_listings (dealer_id, listed_at, id)
  where status <> 'sold';
create index vehicle_listings_search_geo_idx on public.vehicle_listings (lat, lng) where status <> 'sold';
