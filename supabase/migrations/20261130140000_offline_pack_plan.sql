-- Issue 32, the offline pack at two times a raw write, at 450,000 listings: each of the pack's six
-- offline_pack_slice calls worked out the reach again (some 20-28 ms of a 45 ms call on PostgreSQL), and the
-- reach held every listing tied at its edge (7,311 within 5.87 miles of M1 at 450,000: the seed's listings
-- sit at 174 points), so the slices sent 7,311 rows for a pack that keeps 5,000, and which 5,000 it kept was
-- whichever landed first. Now the pack is planned once: offline_pack_plan finds the nearest max_rows
-- listings (by distance, then id) and cuts them into bands of at most band_rows, each named by the keys of
-- its first-excluded and last listing; offline_pack_band reads one band: the listings whose (distance, id)
-- lies after the one and up to the other, a read of the geo index's box, then rows by id.

-- The nearest max_rows unsold listings within radius of the postcode, as bands of at most band_rows: each
-- band holds the listings after after_id (null: from the nearest) up to upto_id, in (distance, id) order.
create or replace function public.offline_pack_plan(postcode text, radius numeric, max_rows integer default 5000,
  band_rows integer default 1000)
returns table (band integer, after_id uuid, upto_id uuid, listings integer)
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  olat double precision;
  olng double precision;
  reach double precision;
  dlat double precision;
  dlng double precision;
  keys uuid[];
  total integer;
  per integer;
begin
  if band_rows is null or band_rows < 1 or band_rows > 1000 then
    perform public.search_listings_bad('band_rows must be from 1 to 1000');
  end if;
  -- Checks the radius, max_rows and the postcode (400s), and says how far the nearest max_rows reach.
  select r.within into reach from public.offline_pack_reach(postcode, radius, max_rows) r;
  select o.lat, o.lng into olat, olng from public.offline_pack_origin(postcode) o;
  select b.dlat, b.dlng into dlat, dlng from public.offline_pack_box(olat, reach) b;
  select coalesce(array_agg(x.id order by x.d, x.id), '{}') into keys from (
    select k.id, public.miles_between(olat, olng, k.lat, k.lng) as d from public.vehicle_listings k
    where k.status <> 'sold'
      and k.lat between olat - dlat and olat + dlat and k.lng between olng - dlng and olng + dlng
      and public.miles_between(olat, olng, k.lat, k.lng) <= reach
    order by 2, 1
    limit max_rows) x;
  total := cardinality(keys);
  if total = 0 then
    return;
  end if;
  -- Bands of even size: 5,000 in bands of at most 900 is six of 834 or fewer.
  per := ceil(total::numeric / ceil(total::numeric / band_rows));
  for b in 0 .. ceil(total::numeric / per)::integer - 1 loop
    band := b;
    after_id := case when b = 0 then null else keys[b * per] end;
    upto_id := keys[least((b + 1) * per, total)];
    listings := least((b + 1) * per, total) - b * per;
    return next;
  end loop;
end $$;

-- One band of a plan: the unsold listings whose (distance from the postcode, id) comes after after_id's
-- (null: from the nearest) and up to upto_id's. At most 1,000 rows (a plan's bands hold at most 1,000).
create or replace function public.offline_pack_band(postcode text, after_id uuid default null,
  upto_id uuid default null)
returns setof public.vehicle_listings
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  olat double precision;
  olng double precision;
  after_miles double precision;
  upto_miles double precision;
  dlat double precision;
  dlng double precision;
begin
  select o.lat, o.lng into olat, olng from public.offline_pack_origin(postcode) o;
  if upto_id is not null then
    select public.miles_between(olat, olng, l.lat, l.lng) into upto_miles from public.vehicle_listings l
    where l.id = upto_id;
  end if;
  if upto_miles is null or upto_miles > 100 then
    perform public.search_listings_bad('upto_id must be a listing within 100 miles of the postcode',
      'Ask offline_pack_plan for the pack''s bands');
  end if;
  if after_id is not null then
    select public.miles_between(olat, olng, l.lat, l.lng) into after_miles from public.vehicle_listings l
    where l.id = after_id;
    if after_miles is null or (after_miles, after_id) >= (upto_miles, upto_id) then
      perform public.search_listings_bad('after_id must be a listing nearer the postcode than upto_id',
        'Ask offline_pack_plan for the pack''s bands');
    end if;
  end if;
  select b.dlat, b.dlng into dlat, dlng from public.offline_pack_box(olat, upto_miles) b;
  return query
    select l.* from public.vehicle_listings l
    where l.status <> 'sold'
      and l.id in (
        select k.id from public.vehicle_listings k
        where k.status <> 'sold'
          and k.lat between olat - dlat and olat + dlat and k.lng between olng - dlng and olng + dlng
          and (public.miles_between(olat, olng, k.lat, k.lng), k.id) <= (upto_miles, upto_id)
          and (after_id is null or (public.miles_between(olat, olng, k.lat, k.lng), k.id) > (after_miles, after_id)))
    limit 1000;
end $$;

revoke execute on function public.offline_pack_plan(text, numeric, integer, integer) from public;
grant execute on function public.offline_pack_plan(text, numeric, integer, integer) to anon, authenticated;
revoke execute on function public.offline_pack_band(text, uuid, uuid) from public;
grant execute on function public.offline_pack_band(text, uuid, uuid) to anon, authenticated;
