-- Issue 32, the offline pack at two times a raw write: offline_pack_reach widened its circle from 1 mile by
-- half again each step, counting each circle afresh, even when the whole radius holds fewer than max_rows
-- listings (the default seed around Manchester: 12 counts, some 13 ms on PGlite, asked once per id slice and
-- once for the progress total). Now the radius is counted first, reading at most max_rows listings: when it
-- holds fewer, that count is the answer in one read; otherwise the circle widens as before. Same answers.
create or replace function public.offline_pack_reach(postcode text, radius numeric, max_rows integer default 5000)
returns table (within double precision, listings integer)
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  olat double precision;
  olng double precision;
  reach double precision;
  dlat double precision;
  dlng double precision;
  found integer;
  edge double precision;
begin
  if radius is null or radius <= 0 or radius > 100 then
    perform public.search_listings_bad('radius must be a number of miles above 0 and at most 100',
      'An offline pack keeps the cars within 1 to 100 miles of a postcode');
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 5000 then
    perform public.search_listings_bad('max_rows must be from 1 to 5000', 'An offline pack holds at most 5,000 cars');
  end if;
  select o.lat, o.lng into olat, olng from public.offline_pack_origin(postcode) o;
  -- The whole radius first, reading at most max_rows listings: fewer there, and that is the answer.
  select b.dlat, b.dlng into dlat, dlng from public.offline_pack_box(olat, radius) b;
  select count(*) into found from (
    select 1 from public.vehicle_listings l
    where l.status <> 'sold'
      and l.lat between olat - dlat and olat + dlat and l.lng between olng - dlng and olng + dlng
      and public.miles_between(olat, olng, l.lat, l.lng) <= radius
    limit max_rows) inside;
  if found < max_rows then
    return query select radius::double precision, found;
    return;
  end if;
  -- The radius holds max_rows: the same widening circle as before, the first that holds them.
  reach := least(radius, 1);
  loop
    select b.dlat, b.dlng into dlat, dlng from public.offline_pack_box(olat, reach) b;
    select count(*) into found from (
      select 1 from public.vehicle_listings l
      where l.status <> 'sold'
        and l.lat between olat - dlat and olat + dlat and l.lng between olng - dlng and olng + dlng
        and public.miles_between(olat, olng, l.lat, l.lng) <= reach
      limit max_rows) inside;
    exit when found >= max_rows or reach >= radius;
    reach := least(radius, reach * 1.5);
  end loop;
  select b.dlat, b.dlng into dlat, dlng from public.offline_pack_box(olat, reach) b;
  select d into edge from (
    select public.miles_between(olat, olng, l.lat, l.lng) as d from public.vehicle_listings l
    where l.status <> 'sold'
      and l.lat between olat - dlat and olat + dlat and l.lng between olng - dlng and olng + dlng
      and public.miles_between(olat, olng, l.lat, l.lng) <= reach
    order by 1 offset max_rows - 1 limit 1) nth;
  select b.dlat, b.dlng into dlat, dlng from public.offline_pack_box(olat, edge) b;
  return query
    select edge, count(*)::integer from public.vehicle_listings l
    where l.status <> 'sold'
      and l.lat between olat - dlat and olat + dlat and l.lng between olng - dlng and olng + dlng
      and public.miles_between(olat, olng, l.lat, l.lng) <= edge;
end $$;
