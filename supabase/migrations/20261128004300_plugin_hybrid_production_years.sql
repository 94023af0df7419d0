-- Issue 34: a plug-in hybrid is a fuel type of its own (tax, ULEZ, running costs and filters tell it from a
-- self-charging hybrid), and each model carries the years it was sold new in the UK ([from, to or null]).
-- Existing rows stay valid: 'hybrid' is still allowed, and hybrids with a battery become plug-in hybrids.
alter table public.car_models drop constraint if exists car_models_fuel_type_check;
alter table public.car_models add constraint car_models_fuel_type_check
  check (fuel_type in ('petrol','diesel','electric','hybrid','plugin_hybrid'));
alter table public.vehicle_listings drop constraint if exists vehicle_listings_fuel_type_check;
alter table public.vehicle_listings add constraint vehicle_listings_fuel_type_check
  check (fuel_type in ('petrol','diesel','electric','hybrid','plugin_hybrid'));

update public.car_models set fuel_type = 'plugin_hybrid' where fuel_type = 'hybrid' and battery_kwh is not null;
update public.vehicle_listings l set fuel_type = 'plugin_hybrid'
  from public.car_models m where m.id = l.car_model_id and m.fuel_type = 'plugin_hybrid' and l.fuel_type = 'hybrid';

-- A JSON array of [from, to] year pairs (to null while on sale); null when not known.
create or replace function public.valid_production_years(v jsonb) returns boolean
language sql immutable parallel safe set search_path = public, pg_temp as $$
  select v is null or (jsonb_typeof(v) = 'array' and jsonb_array_length(v) between 1 and 10 and not exists (
    select 1 from jsonb_array_elements(v) s
    where jsonb_typeof(s) <> 'array' or jsonb_array_length(s) <> 2
       or jsonb_typeof(s -> 0) <> 'number' or (s ->> 0)::numeric not between 1885 and 2100
       or (jsonb_typeof(s -> 1) <> 'null' and (jsonb_typeof(s -> 1) <> 'number'
           or (s ->> 1)::numeric < (s ->> 0)::numeric or (s ->> 1)::numeric > 2100))))
$$;
alter table public.car_models add column if not exists production_years jsonb
  check (public.valid_production_years(production_years));

-- The marketplace's server search knows the new fuel: search_listings_filters as in 20261128001200, with
-- 'plugin_hybrid' in the fuel vocabulary (the only change).
create or replace function public.search_listings_filters(f jsonb) returns jsonb
language plpgsql stable set search_path = public, pg_temp as $$
declare
  known constant text[] := array['postcode', 'radius', 'make', 'model', 'price_mode', 'price_min', 'price_max',
    'monthly_max', 'year_min', 'year_max', 'mileage_max', 'body', 'fuel', 'gearbox', 'colour', 'seats', 'ins_max',
    'tax_max', 'ulez', 'dealer'];
  slug constant text := '^[a-z0-9-]{1,60}$';
  unknown text;
  base text[] := array['l.status <> ''sold'''];
  c_make text; c_body text; c_fuel text; c_gear text; c_price text;
  words text[];
  n bigint; lo bigint; hi bigint;
  make text; model text; brand uuid; models uuid[]; radius numeric; dlat float8; dlng float8;
  olat float8; olng float8; perr text;
  monthly boolean;
begin
  f := coalesce(f, '{}'::jsonb);
  if jsonb_typeof(f) <> 'object' then perform public.search_listings_bad('filters must be a JSON object'); end if;
  select string_agg(k, ', ' order by k) into unknown from jsonb_object_keys(f) k where k <> all (known);
  if unknown is not null then
    perform public.search_listings_bad(format('Unknown filter: %s', unknown),
      format('Filters are: %s', array_to_string(known, ', ')));
  end if;

  make := public.search_listings_text(f, 'make', slug);
  model := public.search_listings_text(f, 'model', slug);
  if model is not null and make is null then perform public.search_listings_bad('Filter model needs make'); end if;
  if make is not null then
    select b.id into brand from public.brands b where b.slug = make;
    if model is not null then
      -- The model's id as a literal, so the planner sees how many listings it has.
      select coalesce(array_agg(m.id), '{}') into models from public.car_models m where m.brand_id = brand and m.slug = model;
      c_make := format('l.car_model_id = any (%L::uuid[])', models);
    else
      c_make := format('l.brand_id = %L', coalesce(brand, '00000000-0000-0000-0000-000000000000'::uuid));
    end if;
  end if;

  -- Price: cash limits, or a monthly budget as the highest cash price it buys (listing-costs.ts:
  -- 10% deposit, 48 months at 9.9% APR), as the app's price_mode does.
  if f ? 'price_mode' and public.search_listings_text(f, 'price_mode', '^(cash|monthly)$') is null then
    perform public.search_listings_bad('Filter price_mode is not valid');
  end if;
  n := public.search_listings_int(f, 'monthly_max', 1, 100000);
  lo := public.search_listings_int(f, 'price_min', 0, 100000000);
  hi := public.search_listings_int(f, 'price_max', 0, 100000000);
  monthly := n is not null or f ->> 'price_mode' = 'monthly';
  if monthly then
    if n is not null then
      dlat := power(1.099::float8, 1::float8 / 12) - 1; -- the monthly rate
      c_price := format('l.price <= %s', floor(n / (0.9 * (dlat / (1 - power(1 + dlat, -48::float8))))));
    end if;
  elsif lo is not null or hi is not null then
    c_price := concat_ws(' and ', 'l.price >= ' || lo, 'l.price <= ' || hi);
  end if;

  words := public.search_listings_words(f, 'body', array['sedan', 'suv', 'hatchback', 'coupe', 'wagon', 'convertible']);
  if words is not null then c_body := format('l.body_style = any (%L::text[])', words); end if;
  words := public.search_listings_words(f, 'fuel', array['petrol', 'diesel', 'electric', 'hybrid', 'plugin_hybrid']);
  if words is not null then c_fuel := format('l.fuel_type = any (%L::text[])', words); end if;
  if public.search_listings_text(f, 'gearbox', '^(manual|automatic)$') is not null then
    c_gear := format('l.gearbox = %L', f ->> 'gearbox');
  end if;

  n := public.search_listings_int(f, 'year_min', 1900, 2100);
  if n is not null then base := base || ('l.year >= ' || n); end if;
  n := public.search_listings_int(f, 'year_max', 1900, 2100);
  if n is not null then base := base || ('l.year <= ' || n); end if;
  n := public.search_listings_int(f, 'mileage_max', 0, 10000000);
  if n is not null then base := base || ('l.mileage <= ' || n); end if;
  n := public.search_listings_int(f, 'seats', 1, 9);
  if n is not null then base := base || ('l.seats >= ' || n); end if;
  n := public.search_listings_int(f, 'ins_max', 1, 50);
  if n is not null then base := base || ('l.insurance_group <= ' || n); end if;
  n := public.search_listings_int(f, 'tax_max', 0, 100000);
  if n is not null then
    base := base || format('public.listing_annual_tax(l.fuel_type, l.co2_gkm, '
      || 'public.listing_first_registered(l.registration_date, l.year), '
      || '(select m.price_from from public.car_models m where m.id = l.car_model_id)) <= %s', n);
  end if;
  words := public.search_listings_words(f, 'colour', null, '^[a-z]{1,40}$');
  if words is not null then base := base || format('public.listing_colour_key(l.colour) = any (%L::text[])', words); end if;
  if f ? 'ulez' and jsonb_typeof(f -> 'ulez') not in ('boolean', 'null') then
    perform public.search_listings_bad('Filter ulez must be true or false');
  end if;
  if (f ->> 'ulez')::boolean then
    base := base || 'public.listing_ulez_compliant(l.fuel_type, public.listing_first_registered(l.registration_date, l.year))'::text;
  end if;
  if public.search_listings_text(f, 'dealer', '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') is not null then
    base := base || format('l.dealer_id = %L', f ->> 'dealer');
  end if;

  -- Postcode and radius: the outcode's centroid; a radius is a lat/lng box on the b-tree, then the exact
  -- great-circle distance. An unknown area is reported and ignored (the app shows its message).
  if f ? 'radius' and f -> 'radius' <> 'null'::jsonb then
    if jsonb_typeof(f -> 'radius') <> 'number' or (f ->> 'radius')::numeric <= 0 or (f ->> 'radius')::numeric > 500 then
      perform public.search_listings_bad('Filter radius must be a number of miles above 0 and at most 500');
    end if;
    radius := (f ->> 'radius')::numeric;
  end if;
  if f ? 'postcode' and f -> 'postcode' <> 'null'::jsonb then
    if jsonb_typeof(f -> 'postcode') <> 'string' then perform public.search_listings_bad('Filter postcode must be a string'); end if;
    select p.lat, p.lng, p.error into olat, olng, perr from public.locate_postcode(f ->> 'postcode') p;
  elsif radius is not null then
    perform public.search_listings_bad('Filter radius needs a postcode');
  end if;
  if olat is not null and radius is not null then
    dlat := radius / 68.7;
    dlng := radius / (69.2 * greatest(0.01, cos(radians(least(89.9, abs(olat) + dlat)))));
    base := base || format('l.lat between %s and %s and l.lng between %s and %s and public.miles_between(%s, %s, l.lat, l.lng) <= %s',
      olat - dlat, olat + dlat, olng - dlng, olng + dlng, olat, olng, radius);
  end if;

  return jsonb_build_object('base', array_to_string(base, ' and '), 'make', c_make, 'body', c_body,
    'fuel', c_fuel, 'gearbox', c_gear, 'price', c_price, 'lat', olat, 'lng', olng,
    'postcode_error', perr);
end $$;
