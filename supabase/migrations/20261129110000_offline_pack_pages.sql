-- Issue 32, the offline pack's download at two times a raw write: every page of offline_pack_listings found
-- the whole pack again (the widening count, the distance sort of its reach, every whole row), then kept one
-- page of it: 0.2-0.3 s a page on PGlite, which answers one request at a time. Now the pack is found once:
-- offline_pack_reach says how far the nearest max_rows listings reach and how many lie within that distance,
-- and offline_pack_page reads one page of them by id (keyset, never OFFSET) inside that distance: a read of
-- the geo index's box and a top-N by id. offline_pack_listings stays, for a one-call read.

-- The pack's centre (the postcode's outcode), a 400 when no UK postcode area matches.
create or replace function public.offline_pack_origin(postcode text, out lat double precision,
  out lng double precision)
language plpgsql stable security invoker set search_path = public, pg_temp as $$
begin
  select p.lat, p.lng into lat, lng from public.locate_postcode(coalesce(postcode, '')) p;
  if lat is null then
    perform public.search_listings_bad('No UK postcode area matches that postcode',
      'Give a UK postcode or its first half, e.g. M1 1AE or M1');
  end if;
end $$;

-- Half the sides, in degrees, of the box around a centre at latitude `lat` that holds a circle of `miles`.
create or replace function public.offline_pack_box(lat double precision, miles double precision,
  out dlat double precision, out dlng double precision)
language sql immutable set search_path = public, pg_temp as $$
  select miles / 68.7, miles / (69.2 * greatest(0.01, cos(radians(least(89.9, abs(lat) + miles / 68.7)))))
$$;

-- The distance (miles) that holds the nearest max_rows unsold listings within radius (radius itself when
-- fewer lie there), and how many lie within it (a few more than max_rows when several tie at the edge).
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
  -- The same widening circle as offline_pack_listings: the first that holds max_rows, or the radius.
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
  if found < max_rows then
    return query select reach, found;
    return;
  end if;
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

-- One page of the unsold listings within `within` miles of the postcode (offline_pack_reach's distance),
-- by id after after_id and before before_id (either may be null), at most page_rows.
create or replace function public.offline_pack_page(postcode text, within double precision,
  after_id uuid default null, before_id uuid default null, page_rows integer default 1000)
returns setof public.vehicle_listings
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  olat double precision;
  olng double precision;
  dlat double precision;
  dlng double precision;
begin
  if within is null or within < 0 or within > 100 then
    perform public.search_listings_bad('within must be a number of miles from 0 to 100',
      'Ask offline_pack_reach how far the pack reaches');
  end if;
  if page_rows is null or page_rows < 1 or page_rows > 1000 then
    perform public.search_listings_bad('page_rows must be from 1 to 1000');
  end if;
  select o.lat, o.lng into olat, olng from public.offline_pack_origin(postcode) o;
  select b.dlat, b.dlng into dlat, dlng from public.offline_pack_box(olat, within) b;
  return query
    select l.* from public.vehicle_listings l
    where l.status <> 'sold'
      and l.lat between olat - dlat and olat + dlat and l.lng between olng - dlng and olng + dlng
      and public.miles_between(olat, olng, l.lat, l.lng) <= within
      and (after_id is null or l.id > after_id)
      and (before_id is null or l.id < before_id)
    order by l.id
    limit page_rows;
end $$;

revoke execute on function public.offline_pack_origin(text) from public;
grant execute on function public.offline_pack_origin(text) to anon, authenticated;
revoke execute on function public.offline_pack_box(double precision, double precision) from public;
grant execute on function public.offline_pack_box(double precision, double precision) to anon, authenticated;
revoke execute on function public.offline_pack_reach(text, numeric, integer) from public;
grant execute on function public.offline_pack_reach(text, numeric, integer) to anon, authenticated;
revoke execute on function public.offline_pack_page(text, double precision, uuid, uuid, integer) from public;
grant execute on function public.offline_pack_page(text, double precision, uuid, uuid, integer) to anon, authenticated;
