-- Query-driven sync (issue 32, device side): search_listings' rows carry every column a device stores for a
-- listing (src/data/pull-columns.ts), so a page of results is written to the local store as whole rows and
-- the listing screen, cards (photos) and offline use need no second request. search_listings_run as in
-- 20261128001400 with the longer column list (the only change).
create or replace function public.search_listings_run(filters jsonb, sort text, after text, page_size integer,
  include_counts boolean, plans boolean) returns jsonb
-- Volatile only so that the plans mode may run EXPLAIN (refused in a stable function); it writes nothing.
-- No parallel workers: a page or a capped count is a short index walk, and starting workers costs more.
language plpgsql volatile set search_path = public, pg_temp set max_parallel_workers_per_gather = 0 as $$
declare
  small constant float8 := 25000; -- below this many listings every count is exact
  cap constant int := 5000;       -- above it, counts over a large market are estimated
  sample_rows constant float8 := 8000;
  cols constant text := 'l.id, l.created_at, l.updated_at, l.dealer_id, l.car_model_id, l.brand_id, l.title, '
    'l.price, l.admin_fee, l.year, l.registration_date, l.registration, l.mileage, l.colour, l.fuel_type, '
    'l.body_style, l.gearbox, l.seats, l.doors, l.engine_cc, l.co2_gkm, l.insurance_group, l.condition, l.status, '
    'l.description, l.image_seed, l.outcode, l.lat, l.lng, l.listed_at, l.variant, l.previous_owners, '
    'l.service_history, l.mot_expiry, l.euro_standard, l.features, l.photos, l.price_reduction';
  w jsonb := public.search_listings_filters(filters);
  cond jsonb := jsonb_build_object('a', coalesce(w ->> 'make', 'true'), 'b', coalesce(w ->> 'body', 'true'),
    'c', coalesce(w ->> 'fuel', 'true'), 'd', coalesce(w ->> 'gearbox', 'true'), 'e', coalesce(w ->> 'price', 'true'));
  full_where text;
  few boolean := coalesce(w ->> 'make', '') like 'l.car_model_id%' or (w ->> 'base') like '%l.dealer_id = %';
  relaxed text;
  groups jsonb;
  g int := 0;
  cur jsonb;
  sql text;
  rec record;
  rows jsonb := '[]';
  last_k jsonb;
  last_g int;
  more boolean := false;
  total bigint;
  relaxed_n bigint;
  estimated boolean := false;
  facets jsonb;
  facets_estimated boolean := false;
  tuples float8;
  pct float8;
  explained jsonb := '[]';
  p jsonb;
begin
  if plans and current_user in ('anon', 'authenticated') then
    raise exception 'permission denied for search plans' using errcode = '42501';
  end if;
  if sort is null or sort not in ('relevance', 'price-asc', 'price-desc', 'mileage', 'newest', 'reduction', 'distance') then
    perform public.search_listings_bad(format('Unknown sort: %s', sort),
      'Sorts are: relevance, price-asc, price-desc, mileage, newest, reduction, distance');
  end if;
  if page_size is null or page_size < 1 or page_size > 100 then
    perform public.search_listings_bad('page_size must be from 1 to 100');
  end if;
  groups := public.search_listings_groups(sort, (w ->> 'lat')::float8, (w ->> 'lng')::float8);
  full_where := format('%s and (%s) and (%s) and (%s) and (%s) and (%s)', w ->> 'base', cond ->> 'a', cond ->> 'b',
    cond ->> 'c', cond ->> 'd', cond ->> 'e');

  if after is not null then
    begin
      cur := convert_from(decode(rpad(translate(after, '-_', '+/'), (length(after) + 3) / 4 * 4, '='), 'base64'), 'UTF8')::jsonb;
      if cur ->> 'v' <> '1' or cur ->> 'sort' is distinct from sort or jsonb_typeof(cur -> 'g') <> 'number' then
        raise exception 'bad cursor';
      end if;
      g := (cur ->> 'g')::int;
      if g < 0 or g >= jsonb_array_length(groups) then raise exception 'bad cursor'; end if;
      sql := public.search_listings_after(groups -> g -> 'keys', cur -> 'k');
    exception when others then
      perform public.search_listings_bad('The cursor is not valid for this search',
        'Pass next_cursor from the previous page of the same sort, or leave it out for the first page');
    end;
  end if;

  -- The page: walk the groups from the cursor's, each in its index order, until page_size + 1 rows.
  while g < jsonb_array_length(groups) and not more loop
    sql := format('select to_jsonb(c) - %L as r, c.k_ as k from (select %s, %s, jsonb_build_array(%s) as k_ '
      'from public.vehicle_listings l where %s and (%s) and (%s) order by %s limit %s) c',
      'k_', cols,
      case when w ->> 'lat' is null then 'null::numeric as distance_miles'
        else format('round(public.miles_between(%s, %s, l.lat, l.lng)::numeric, 2) as distance_miles', w ->> 'lat', w ->> 'lng') end,
      (select string_agg(e ->> 0, ', ' order by o) from jsonb_array_elements(groups -> g -> 'keys') with ordinality x(e, o)),
      full_where, groups -> g ->> 'cond', case when cur is not null and g = (cur ->> 'g')::int then sql else 'true' end,
      -- A model's or a dealer's stock is a few thousand rows at most: ordering by "price + 0" keeps the
      -- planner from walking the whole price (or mileage, year) index in hope of meeting them early.
      (select string_agg(case when o = 1 and few and e ->> 1 = 'integer' then format('(%s + 0)', e ->> 0) else e ->> 0 end
           || case when (e ->> 2)::boolean then ' desc' else '' end, ', ' order by o)
         from jsonb_array_elements(groups -> g -> 'keys') with ordinality x(e, o)),
      page_size + 1 - jsonb_array_length(rows));
    if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
    for rec in execute sql loop
      if jsonb_array_length(rows) = page_size then more := true; exit; end if;
      rows := rows || rec.r;
      last_k := rec.k;
      last_g := g;
    end loop;
    g := g + 1;
  end loop;

  if include_counts then
    -- Exact when cheap: every count on a small market; on a large one a count that stops at cap + 1
    -- (walking an index), and facets exact when the rows they count are no more than cap.
    select c.reltuples into tuples from pg_class c where c.oid = 'public.vehicle_listings'::regclass;
    sql := case when tuples > small
      then format('select count(*) from (select 1 from public.vehicle_listings l where %s order by l.listed_at, l.id limit %s) s',
        full_where, cap + 1)
      else format('select count(*) from public.vehicle_listings l where %s', full_where) end;
    if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
    execute sql into total;
    estimated := tuples > small and total > cap;
    relaxed := format('%s and ((%s)::int + (%s)::int + (%s)::int + (%s)::int + (%s)::int) >= 4', w ->> 'base',
      cond ->> 'a', cond ->> 'b', cond ->> 'c', cond ->> 'd', cond ->> 'e');
    if estimated then
      facets_estimated := true;
    elsif tuples > small and num_nonnulls(w ->> 'make', w ->> 'body', w ->> 'fuel', w ->> 'gearbox', w ->> 'price') > 0 then
      sql := format('select count(*) from (select 1 from public.vehicle_listings l where %s order by l.listed_at, l.id limit %s) s',
        relaxed, cap + 1);
      if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
      execute sql into relaxed_n;
      facets_estimated := relaxed_n > cap;
    end if;
    -- Estimates come from a fixed block sample (the same blocks each time, so figures hold still).
    pct := least(100, 100 * sample_rows / greatest(tuples, 1));
    sql := format('select l.brand_id, l.body_style, l.fuel_type, l.gearbox, width_bucket(l.price, '
      'array[5000, 10000, 15000, 20000, 30000, 40000, 60000]) as band, %s as a, %s as b, %s as c, %s as d, %s as e '
      'from public.vehicle_listings l %s where %s', cond ->> 'a', cond ->> 'b', cond ->> 'c', cond ->> 'd', cond ->> 'e',
      case when facets_estimated then format('tablesample system (%s) repeatable (32)', pct) else '' end, relaxed);
    sql := public.search_listings_facet_sql(sql, case when facets_estimated then 100 / pct else 1 end);
    if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
    execute sql into facets;
    if estimated then
      sql := format('select count(*) from public.vehicle_listings l tablesample system (%s) repeatable (32) where %s',
        pct, full_where);
      if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
      execute sql into total;
      total := greatest(cap + 1, round(total * 100 / pct));
    end if;
  end if;

  return jsonb_build_object('rows', rows, 'total', total, 'total_is_estimate', estimated, 'facets', facets,
    'facets_are_estimates', facets_estimated, 'postcode_error', w -> 'postcode_error',
    'next_cursor', case when more then rtrim(translate(encode(convert_to(jsonb_build_object('v', 1, 'sort', sort,
      'g', last_g, 'k', last_k)::text, 'UTF8'), 'base64'), E'+/\n', '-_'), '=') end)
    || case when plans then jsonb_build_object('plans', explained) else '{}' end;
end $$;
