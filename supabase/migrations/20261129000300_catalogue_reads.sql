-- Issue 32, the screens beside the marketplace: once a device no longer holds every listing, what they
-- counted or compared locally is asked of the server. Each read walks an index of unsold listings, never
-- the whole table. The statements are built by catalogue_read_sql() so that a test can EXPLAIN exactly
-- what each function executes (tests/integration/catalogue-reads.test.ts).

-- A model's cheapest car and its comparables (same model, a year or two either side, similar mileage)
-- each from one index range.
create index vehicle_listings_model_price_idx on public.vehicle_listings (car_model_id, price) where status <> 'sold';
create index vehicle_listings_comparables_idx on public.vehicle_listings (car_model_id, year, mileage)
  include (price, condition) where status <> 'sold';

-- The statement of each read, its arguments as typed literals. It only builds text (it reads nothing), so
-- the wrappers below, which run as their caller under RLS, can execute it.
create or replace function public.catalogue_read_sql(kind text, args jsonb) returns text
language plpgsql immutable set search_path = public, pg_temp as $$
declare
  ids text := (select coalesce(array_agg(e), '{}')::uuid[]::text
    from jsonb_array_elements_text(coalesce(args -> 'ids', '[]')) e);
  brand_ids text := (select coalesce(array_agg(e), '{}')::uuid[]::text
    from jsonb_array_elements_text(coalesce(args -> 'brand_ids', '[]')) e);
  yr int := (args ->> 'year')::int;
  mi int := (args ->> 'mileage')::int;
  spread int := 2 * greatest(15000, coalesce(mi, 0) * 0.3);
begin
  return case kind
  -- Cars for sale and the cheapest price, per model and per brand asked.
  when 'stock_counts' then format($q$select jsonb_build_object(
      'models', coalesce((select jsonb_object_agg(m.id, jsonb_build_object(
          'count', (select count(*) from public.vehicle_listings l where l.car_model_id = m.id and l.status <> 'sold'),
          'from', (select min(l.price) from public.vehicle_listings l where l.car_model_id = m.id and l.status <> 'sold')))
        from (select distinct unnest(%L::uuid[]) id) m), '{}'),
      'brands', coalesce((select jsonb_object_agg(b.id,
          (select count(*) from public.vehicle_listings l where l.brand_id = b.id and l.status <> 'sold'))
        from (select distinct unnest(%L::uuid[]) id) b), '{}'))$q$, ids, brand_ids)
  -- Every model's cheapest car for sale (one index probe per model).
  when 'model_prices' then $q$select coalesce(jsonb_object_agg(m.id, p.price), '{}') from public.car_models m
      cross join lateral (select min(l.price) price from public.vehicle_listings l
        where l.car_model_id = m.id and l.status <> 'sold') p where p.price is not null$q$
  -- A valuation's candidates: the widest window valueCar() (src/shared/lib/uk/valuation.ts) may use, two
  -- years either side and twice the mileage window; it narrows them itself.
  when 'comparables' then format($q$select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'car_model_id', c.car_model_id,
        'year', c.year, 'mileage', c.mileage, 'price', c.price, 'condition', c.condition)), '[]')
      from (select l.id, l.car_model_id, l.year, l.mileage, l.price, l.condition from public.vehicle_listings l
        where l.car_model_id = %L::uuid and l.status <> 'sold' and l.year between %s and %s
          and l.mileage between %s and %s
        order by abs(l.year - %s), abs(l.mileage - %s), l.id limit 2000) c$q$,
      args ->> 'model', yr - 2, yr + 2, mi - spread, mi + spread, yr, mi)
  -- The price indicator's market value (src/shared/lib/uk/price-indicator.ts): the median of the
  -- comparables' prices, each adjusted to the car's year and mileage. The app applies the bands.
  when 'market_values' then format($q$select coalesce(jsonb_object_agg(t.id,
        jsonb_build_object('market_value', round(v.m::numeric), 'comparables', v.n)), '{}')
      from public.vehicle_listings t cross join lateral (
        select count(*) n, percentile_cont(0.5) within group (order by
            o.price * (1 + 0.08 * (t.year - o.year)) * (1 - 0.03 * (t.mileage - o.mileage) / 10000.0)) m
          from public.vehicle_listings o
         where o.car_model_id = t.car_model_id and o.status <> 'sold' and o.id <> t.id
           and o.year between t.year - 1 and t.year + 1
           and o.mileage between t.mileage - greatest(15000, t.mileage * 0.3)
                             and t.mileage + greatest(15000, t.mileage * 0.3)) v
      where t.id = any (%L::uuid[])$q$, ids)
  -- Matching listings listed since each of the user's saved searches was last opened, by the rule the
  -- new_match notifications use (saved_search_matches), among the newest 500 listed since then.
  -- Each answer carries the time it counted from, so a device that opened the search since can tell.
  when 'saved_search_new' then format($q$select coalesce(jsonb_object_agg(s.id, jsonb_build_object('count', (
        select count(*) from public.vehicle_listings l
         where l.id in (select r.id from public.vehicle_listings r
                         where r.status <> 'sold' and r.listed_at > s.last_viewed_at
                         order by r.listed_at desc, r.id desc limit 500)
           and public.saved_search_matches(s.filters, l)), 'since', s.last_viewed_at)), '{}')
      from public.saved_searches s where s.user_id = %L::uuid$q$, args ->> 'user')
  end;
end $$;

create or replace function public.listing_stock_counts(model_ids uuid[] default '{}', brand_ids uuid[] default '{}')
returns jsonb language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  out jsonb;
begin
  if coalesce(cardinality(model_ids), 0) > 500 or coalesce(cardinality(brand_ids), 0) > 200 then
    raise exception 'Ask for at most 500 models and 200 brands at a time' using errcode = '22023';
  end if;
  execute public.catalogue_read_sql('stock_counts', jsonb_build_object('ids', to_jsonb(coalesce(model_ids, '{}')),
    'brand_ids', to_jsonb(coalesce(brand_ids, '{}')))) into out;
  return out;
end $$;

create or replace function public.listing_model_prices() returns jsonb
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  out jsonb;
begin
  execute public.catalogue_read_sql('model_prices', '{}') into out;
  return out;
end $$;

create or replace function public.listing_comparables(car_model uuid, car_year integer, car_mileage integer)
returns jsonb language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  out jsonb;
begin
  if car_model is null or car_year is null or car_mileage is null or car_year not between 1900 and 2100
      or car_mileage not between 0 and 10000000 then
    raise exception 'A model, a year from 1900 to 2100 and a mileage from 0 to 10,000,000 are needed'
      using errcode = '22023';
  end if;
  execute public.catalogue_read_sql('comparables',
    jsonb_build_object('model', car_model, 'year', car_year, 'mileage', car_mileage)) into out;
  return out;
end $$;

create or replace function public.listing_market_values(ids uuid[])
returns jsonb language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  out jsonb;
begin
  if coalesce(cardinality(ids), 0) > 100 then
    raise exception 'Ask for at most 100 listings at a time' using errcode = '22023';
  end if;
  execute public.catalogue_read_sql('market_values', jsonb_build_object('ids', to_jsonb(coalesce(ids, '{}')))) into out;
  return out;
end $$;

-- Definer: saved_search_matches is not callable by clients (it only reads the caller's own searches).
create or replace function public.saved_search_new_counts() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  out jsonb;
begin
  if auth.uid() is null then return '{}'; end if;
  execute public.catalogue_read_sql('saved_search_new', jsonb_build_object('user', auth.uid())) into out;
  return out;
end $$;

revoke all on function public.catalogue_read_sql(text, jsonb),
  public.listing_stock_counts(uuid[], uuid[]), public.listing_model_prices(),
  public.listing_comparables(uuid, integer, integer), public.listing_market_values(uuid[]),
  public.saved_search_new_counts() from public, anon, authenticated;
grant execute on function public.listing_stock_counts(uuid[], uuid[]), public.listing_model_prices(),
  public.listing_comparables(uuid, integer, integer), public.listing_market_values(uuid[]) to anon, authenticated;
grant execute on function public.saved_search_new_counts() to authenticated;
grant execute on function public.catalogue_read_sql(text, jsonb) to anon, authenticated, service_role;
