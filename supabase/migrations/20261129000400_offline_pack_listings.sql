-- Issue 32, the offline pack: "Keep cars within N miles of POSTCODE on this device". The nearest unsold
-- listings within the radius, at most max_rows (5,000), as whole rows: PostgREST's select= picks the
-- columns a device stores, and the device pages through the set by id (id=gt.<last>&order=id&limit=1000),
-- so each page is one bounded read of the radius's bounding box (vehicle_listings_search_geo_idx).
-- Runs as the caller: RLS on vehicle_listings decides what is in the pack.
create or replace function public.offline_pack_listings(postcode text, radius numeric, max_rows integer default 5000)
returns setof public.vehicle_listings
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  olat double precision;
  olng double precision;
  dlat double precision;
  dlng double precision;
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
  dlat := radius / 68.7;
  dlng := radius / (69.2 * greatest(0.01, cos(radians(least(89.9, abs(olat) + dlat)))));
  return query
    select l.* from public.vehicle_listings l
    where l.status <> 'sold'
      and l.lat between olat - dlat and olat + dlat and l.lng between olng - dlng and olng + dlng
      and public.miles_between(olat, olng, l.lat, l.lng) <= radius
    order by public.miles_between(olat, olng, l.lat, l.lng), l.id
    limit max_rows;
end $$;

revoke execute on function public.offline_pack_listings(text, numeric, integer) from public;
grant execute on function public.offline_pack_listings(text, numeric, integer) to anon, authenticated;
