-- Server search (issue 32): public.search_listings (the contract is at the top of
-- 20261128001000_search_listings.sql). One page by keyset: each sort is a list of groups (distance
-- bands or rings near a postcode; one group otherwise), each walked in its index order from the cursor.

-- A lat/lng box around a point that holds every point within `miles` (b-tree range on lat, then lng).
create or replace function public.search_listings_box(lat float8, lng float8, miles float8) returns text
language sql immutable as $$
  select format('l.lat between %s and %s and l.lng between %s and %s', lat - miles / 68.7, lat + miles / 68.7,
    lng - miles / (69.2 * greatest(0.01, cos(radians(least(89.9, abs(lat) + miles / 68.7))))),
    lng + miles / (69.2 * greatest(0.01, cos(radians(least(89.9, abs(lat) + miles / 68.7))))))
$$;

-- The sort's groups: {cond, keys: [[expr, type, desc?]...]} in order. `m` is the distance expression.
create or replace function public.search_listings_groups(sort text, lat float8, lng float8) returns jsonb
language plpgsql immutable as $$
declare
  m text := format('public.miles_between(%s, %s, l.lat, l.lng)', lat, lng);
  m2 text := format('round(%s::numeric, 2)', m);
  newest constant jsonb := '[["l.listed_at", "timestamptz", true], ["l.id", "uuid", true]]';
  unknown constant jsonb := jsonb_build_object('cond', 'l.lat is null or l.lng is null', 'keys', newest);
  out jsonb := '[]';
  lo float8 := 0;
  hi float8;
begin
  if sort = 'relevance' and lat is not null then
    foreach hi in array array[10, 25, 50, 100] loop
      out := out || jsonb_build_object('cond', format('%s and %s > %s and %s <= %s',
        public.search_listings_box(lat, lng, hi), m, case when lo = 0 then -1 else lo end, m, hi), 'keys', newest);
      lo := hi;
    end loop;
    return out || jsonb_build_object('cond', m || ' > 100', 'keys', newest) || unknown;
  elsif sort = 'distance' and lat is not null then
    foreach hi in array array[1, 2, 5, 10, 25, 50, 100, 200, 400] loop
      out := out || jsonb_build_object('cond', format('%s and %s > %s and %s <= %s',
        public.search_listings_box(lat, lng, hi), m2, case when lo = 0 then -1 else lo end, m2, hi),
        'keys', jsonb_build_array(jsonb_build_array(m2, 'numeric', false)) || newest);
      lo := hi;
    end loop;
    return out || jsonb_build_object('cond', m2 || ' > 400',
      'keys', jsonb_build_array(jsonb_build_array(m2, 'numeric', false)) || newest) || unknown;
  end if;
  return jsonb_build_array(jsonb_build_object('cond', 'true', 'keys', case sort
    when 'price-asc' then '[["l.price", "integer", false], ["l.id", "uuid", false]]'
    when 'price-desc' then '[["l.price", "integer", true], ["l.id", "uuid", true]]'
    when 'mileage' then '[["l.mileage", "integer", false], ["l.id", "uuid", false]]'
    when 'newest' then '[["l.year", "integer", true], ["l.id", "uuid", true]]'
    when 'reduction' then '[["l.price_reduction", "integer", true], ["l.listed_at", "timestamptz", true], ["l.id", "uuid", true]]'
    else newest end::jsonb));
end $$;

-- Rows after the cursor's key values `k` in a group's order: a row comparison (one index seek) when
-- every key runs the same way, else the expanded lexicographic form.
create or replace function public.search_listings_after(keys jsonb, k jsonb) returns text
language plpgsql immutable as $$
declare
  n int := jsonb_array_length(keys);
  same boolean := (select count(distinct e -> 2) = 1 from jsonb_array_elements(keys) e);
  lits text[];
  lit text;
  ors text[] := '{}';
  i int;
begin
  if jsonb_typeof(k) <> 'array' or jsonb_array_length(k) <> n then raise exception 'bad cursor'; end if;
  for i in 0 .. n - 1 loop
    if jsonb_typeof(k -> i) not in ('string', 'number') then raise exception 'bad cursor'; end if;
    -- Casting here validates the value: a malformed one fails now, not inside the query.
    execute format('select quote_literal(%L::%s)', k ->> i, keys -> i ->> 1) into strict lit;
    lits[i + 1] := format('%s::%s', lit, keys -> i ->> 1);
  end loop;
  if same then
    return format('(%s) %s (%s)', (select string_agg(e ->> 0, ', ' order by o) from jsonb_array_elements(keys)
      with ordinality x(e, o)), case when (keys -> 0 ->> 2)::boolean then '<' else '>' end, array_to_string(lits, ', '));
  end if;
  for i in 0 .. n - 1 loop
    ors := ors || (select concat_ws(' and ', string_agg(format('%s = %s', keys -> j ->> 0, lits[j + 1]), ' and '),
      format('%s %s %s', keys -> i ->> 0, case when (keys -> i ->> 2)::boolean then '<' else '>' end, lits[i + 1]))
      from generate_series(0, i - 1) j);
  end loop;
  return '(' || array_to_string(ors, ') or (') || ')';
end $$;

grant execute on function public.search_listings_box(float8, float8, float8),
  public.search_listings_groups(text, float8, float8), public.search_listings_after(jsonb, jsonb)
  to anon, authenticated;
