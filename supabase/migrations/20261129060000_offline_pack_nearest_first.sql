-- Issue 32, the offline pack at the UK market's size: offline_pack_listings sorted every unsold listing in
-- the radius by distance on each page, and around Manchester at 100 miles that is ~230,000 of 450,000
-- listings (6 s a page on PostgreSQL: over the API roles' 8 s statement_timeout with the first page's
-- count, so the pack kept nothing). Now it widens a circle from 1 mile by half each time, counting at most
-- max_rows listings inside (an index-only read of vehicle_listings_search_geo_idx), and sorts only the
-- listings inside the first circle that holds max_rows, or inside the radius. The rows are the same: the
-- nearest max_rows all lie inside that circle, and everything outside it is farther than anything inside.
create or replace function public.offline_pack_listings(postcode text, radius numeric, max_rows integer default 5000)
returns setof public.vehicle_listings
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  olat double precision;
  olng double precision;
  reach double precision;
  dlat double precision;
  dlng double precision;
  found integer;
begin
  if radius is null or radius <= 0 or radius > 100 then
    perform public.search_listings_bad('radius must be a number of miles above 0 and at most 100',
      'An offline pack keeps the cars within 1 to 100 miles of a postcode');
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 5000 then
    perform public.search_listings_bad('max_rows must be from 1 to 5000', 'An offline pack holds at most 5,000 cars');
  end if;
  select p.lat, p.lng into olat, olng from public.locate_postcode(coalesce(postcode, '')) p;
  if olat is null then
    perform public.search_listings_bad('No UK postcode area matches that postcode',
      'Give a UK postcode or its first half, e.g. M1 1AE or M1');
  end if;
  reach := least(radius, 1);
  loop
    dlat := reach / 68.7;
    dlng := reach / (69.2 * greatest(0.01, cos(radians(least(89.9, abs(olat) + dlat)))));
    exit when reach >= radius;
    select count(*) into found from (
      select 1 from public.vehicle_listings l
      where l.status <> 'sold'
        and l.lat between olat - dlat and olat + dlat and l.lng between olng - dlng and olng + dlng
        and public.miles_between(olat, olng, l.lat, l.lng) <= reach
      limit max_rows) inside;
    exit when found >= max_rows;
    reach := least(radius, reach * 1.5);
  end loop;
  return query
    select l.* from public.vehicle_listings l
    where l.status <> 'sold'
      and l.lat between olat - dlat and olat + dlat and l.lng between olng - dlng and olng + dlng
      and public.miles_between(olat, olng, l.lat, l.lng) <= reach
    order by public.miles_between(olat, olng, l.lat, l.lng), l.id
    limit max_rows;
end $$;

revoke execute on function public.offline_pack_listings(text, numeric, integer) from public;
grant execute on function public.offline_pack_listings(text, numeric, integer) to anon, authenticated;
