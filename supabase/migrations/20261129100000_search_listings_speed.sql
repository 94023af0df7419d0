-- Server search (issue 32): search_listings at 450,000 listings on PostgreSQL (bench:search p95 was 214 ms
-- and more; target 50 ms). search_listings_run as in 20261129000200 with these changes:
-- * no JIT: each statement is a short walk, but the capped counts' cost estimates crossed jit_above_cost
--   and compiling took 100 ms to 2 s a call (EV + tax + ULEZ).
-- * the page is found by id first (index-only where the filters allow: radius bands sort thousands of
--   nearby rows by listed_at), then only its rows are read whole; a relevance band near a postcode first
--   looks among the newest listings (below). Same rows, same order, same cursors.
-- * on a large market the block sample runs first and counts the full filter as well as the facets, in
--   one grouping-sets pass (before: a second sample scan, and five scans of a materialised copy). When
--   it puts the total (or the facets' base) past 3x the cap, that total (those facets) is the labelled
--   estimate without the capped walk, which at 20% selectivity read 25,000 rows to confirm what the
--   sample showed; nearer the cap the walk decides, as before. So a total is still exact whenever the
--   walk runs and finds at most the cap; only a sample off by more than 3x could label one estimated.
drop index if exists public.vehicle_listings_search_geo_idx;
-- Radius bands and rings sort by distance and listed_at: both come from the index alone (the offline
-- pack's index-only circle counts read it as they read the index it replaces).
create index if not exists vehicle_listings_search_geo_cover_idx on public.vehicle_listings (lat, lng)
  include (listed_at, id) where status <> 'sold';

-- The facet counts as search_listings_facet_sql (the same JSON), in one pass over `src` with grouping sets
-- instead of five scans of a materialised copy, plus `matched` (rows meeting every condition) and
-- `relaxed` (rows in `src`), unscaled: from a sample, the counts behind the estimated total and facets.
create or replace function public.search_listings_sample_sql(src text, scale float8) returns text
language sql immutable as $$
  select format($f$
    with g as (
      select grouping(brand_id, body_style, fuel_type, gearbox, band) gs, brand_id, body_style, fuel_type, gearbox, band,
        count(*) filter (where b and c and d and e) nb, count(*) filter (where a and c and d and e) nbody,
        count(*) filter (where a and b and d and e) nf, count(*) filter (where a and b and c and e) ng,
        count(*) filter (where a and b and c and d) np, count(*) filter (where a and b and c and d and e) nall,
        count(*) nrel
      from (%1$s) s
      group by grouping sets ((brand_id), (body_style), (fuel_type), (gearbox), (band), ())),
    counted as (
      select 'make' f, brand_id::text v, null::int band, nb n from g where gs = 15 and nb > 0
      union all select 'body', body_style, null, nbody from g where gs = 23 and nbody > 0
      union all select 'fuel', fuel_type, null, nf from g where gs = 27 and nf > 0
      union all select 'gearbox', gearbox, null, ng from g where gs = 29 and ng > 0
      union all select 'price', null, band, np from g where gs = 30 and np > 0)
    select jsonb_build_object(
      'matched', coalesce((select nall from g where gs = 31), 0), 'relaxed', coalesce((select nrel from g where gs = 31), 0),
      'make', coalesce((select jsonb_agg(jsonb_build_object('value', br.slug, 'label', br.name,
          'count', round(x.n * %2$s)) order by x.n desc, br.slug)
        from counted x join public.brands br on br.id::text = x.v where x.f = 'make'), '[]'),
      'body', coalesce((select jsonb_agg(jsonb_build_object('value', v, 'count', round(n * %2$s)) order by n desc, v)
        from counted where f = 'body'), '[]'),
      'fuel', coalesce((select jsonb_agg(jsonb_build_object('value', v, 'count', round(n * %2$s)) order by n desc, v)
        from counted where f = 'fuel'), '[]'),
      'gearbox', coalesce((select jsonb_agg(jsonb_build_object('value', v, 'count', round(n * %2$s)) order by n desc, v)
        from counted where f = 'gearbox'), '[]'),
      'price', coalesce((select jsonb_agg(jsonb_build_object('min', (b.edges)[x.band + 1], 'max', (b.edges)[x.band + 2],
          'count', round(x.n * %2$s)) order by x.band)
        from counted x,
          (select array[0, 5000, 10000, 15000, 20000, 30000, 40000, 60000, null] edges) b where x.f = 'price'), '[]'))$f$,
    src, scale)
$$;
grant execute on function public.search_listings_sample_sql(text, float8) to anon, authenticated;

create or replace function public.search_listings_run(filters jsonb, sort text, after text, page_size integer,
  include_counts boolean, plans boolean) returns jsonb
-- Volatile only so that the plans mode may run EXPLAIN (refused in a stable function); it writes nothing.
-- No parallel workers: a page or a capped count is a short index walk, and starting workers costs more.
language plpgsql volatile set search_path = public, pg_temp set max_parallel_workers_per_gather = 0
  set jit = off as $$
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
  aft text;
  want int;
  ids uuid[];
  walk constant int := 1000; -- newest listings a relevance band looks through before its own query
  src text;
  ord text;
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
  sampled jsonb;
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

  -- The page: walk the groups from the cursor's, each in its index order, until page_size + 1 rows. The
  -- inner walk picks ids (and reads no more of each row than its filters need); the outer reads the page.
  aft := sql;
  while g < jsonb_array_length(groups) and not more loop
    want := page_size + 1 - jsonb_array_length(rows);
    ids := null;
    -- Relevance bands near a postcode: the planner cannot estimate a band (a range of a distance
    -- expression) and sorts every listing in a dense one (17,000 within 10 miles of SW1A). Walking the
    -- newest `walk` listings first finds a dense band's page in a few hundred rows; a band that has
    -- fewer than `want` of them falls back to the query below, which gives the same rows.
    if sort = 'relevance' and w ->> 'lat' is not null and g < jsonb_array_length(groups) - 1 then
      sql := format('select array_agg(s.id order by s.o) from (select l.id, row_number() over () o from (select * '
        'from public.vehicle_listings l where l.status <> ''sold'' and (%s) order by l.listed_at desc, l.id desc '
        'limit %s) l where %s and (%s) limit %s) s', case when cur is not null and g = (cur ->> 'g')::int then aft
        else 'true' end, walk, full_where, groups -> g ->> 'cond', want);
      if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
      execute sql into ids;
      if coalesce(array_length(ids, 1), 0) < want then ids := null; end if;
    end if;
    -- A model's or a dealer's stock is a few thousand rows at most: ordering by "price + 0" keeps the
    -- planner from walking the whole price (or mileage, year) index in hope of meeting them early.
    ord := (select string_agg(case when o = 1 and few and e ->> 1 = 'integer' then format('(%s + 0)', e ->> 0) else e ->> 0 end
        || case when (e ->> 2)::boolean then ' desc' else '' end, ', ' order by o)
      from jsonb_array_elements(groups -> g -> 'keys') with ordinality x(e, o));
    sql := format('select to_jsonb(c) - %L as r, c.k_ as k from (select %s, %s, jsonb_build_array(%s) as k_ '
      'from %s join public.vehicle_listings l on l.id = p.id order by %s) c',
      'k_', cols,
      case when w ->> 'lat' is null then 'null::numeric as distance_miles'
        else format('round(public.miles_between(%s, %s, l.lat, l.lng)::numeric, 2) as distance_miles', w ->> 'lat', w ->> 'lng') end,
      (select string_agg(e ->> 0, ', ' order by o) from jsonb_array_elements(groups -> g -> 'keys') with ordinality x(e, o)),
      case when ids is not null then format('unnest(%L::uuid[]) p(id)', ids)
        else format('(select l.id from public.vehicle_listings l where %s and (%s) and (%s) order by %s limit %s) p',
          full_where, groups -> g ->> 'cond', case when cur is not null and g = (cur ->> 'g')::int then aft else 'true' end,
          ord, want) end,
      ord);
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
    select c.reltuples into tuples from pg_class c where c.oid = 'public.vehicle_listings'::regclass;
    relaxed := format('%s and ((%s)::int + (%s)::int + (%s)::int + (%s)::int + (%s)::int) >= 4', w ->> 'base',
      cond ->> 'a', cond ->> 'b', cond ->> 'c', cond ->> 'd', cond ->> 'e');
    -- Estimates come from a fixed block sample (the same blocks each time, so figures hold still).
    pct := least(100, 100 * sample_rows / greatest(tuples, 1));
    src := format('select l.brand_id, l.body_style, l.fuel_type, l.gearbox, width_bucket(l.price, '
      'array[5000, 10000, 15000, 20000, 30000, 40000, 60000]) as band, %s as a, %s as b, %s as c, %s as d, %s as e '
      'from public.vehicle_listings l /*sample*/ where %s', cond ->> 'a', cond ->> 'b', cond ->> 'c', cond ->> 'd',
      cond ->> 'e', relaxed);
    if tuples > small then
      -- Large market: the sample first. Far past the cap it is the answer; nearer, a walk that stops at
      -- cap + 1 decides whether the total (and the facets' base) is exact, as before.
      sql := public.search_listings_sample_sql(
        replace(src, '/*sample*/', format('tablesample system (%s) repeatable (32)', pct)), 100 / pct);
      if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
      execute sql into sampled;
      if (sampled ->> 'matched')::float8 * 100 / pct >= 3 * cap then
        total := cap + 1;
      else
        sql := format('select count(*) from (select 1 from public.vehicle_listings l where %s order by l.listed_at, l.id limit %s) s',
          full_where, cap + 1);
        if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
        execute sql into total;
      end if;
      estimated := total > cap;
      if estimated or (sampled ->> 'relaxed')::float8 * 100 / pct >= 3 * cap then
        facets_estimated := true;
      elsif num_nonnulls(w ->> 'make', w ->> 'body', w ->> 'fuel', w ->> 'gearbox', w ->> 'price') > 0 then
        sql := format('select count(*) from (select 1 from public.vehicle_listings l where %s order by l.listed_at, l.id limit %s) s',
          relaxed, cap + 1);
        if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
        execute sql into relaxed_n;
        facets_estimated := relaxed_n > cap;
      end if;
      if estimated then total := greatest(cap + 1, round((sampled ->> 'matched')::float8 * 100 / pct)); end if;
      if facets_estimated then facets := sampled - 'matched' - 'relaxed'; end if;
    else
      sql := format('select count(*) from public.vehicle_listings l where %s', full_where);
      if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
      execute sql into total;
    end if;
    if not facets_estimated then
      sql := public.search_listings_sample_sql(replace(src, '/*sample*/', ''), 1);
      if plans then execute 'explain (format json) ' || sql into p; explained := explained || p; end if;
      execute sql into facets;
      facets := facets - 'matched' - 'relaxed';
    end if;
  end if;

  return jsonb_build_object('rows', rows, 'total', total, 'total_is_estimate', estimated, 'facets', facets,
    'facets_are_estimates', facets_estimated, 'postcode_error', w -> 'postcode_error',
    'next_cursor', case when more then rtrim(translate(encode(convert_to(jsonb_build_object('v', 1, 'sort', sort,
      'g', last_g, 'k', last_k)::text, 'UTF8'), 'base64'), E'+/\n', '-_'), '=') end)
    || case when plans then jsonb_build_object('plans', explained) else '{}' end;
end $$;
