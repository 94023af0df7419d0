-- Issue 32, the offline pack planned once (20261130140000): the device waited a whole round trip for the
-- plan before it asked any band. Now the plan's bands are band_rows each (the last holds the rest), not
-- evened out, so the first band is the nearest band_rows listings: the device asks it (offline_pack_listings
-- with max_rows = band_rows) beside the plan, and only the later bands after the plan.
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
  for b in 0 .. ceil(total::numeric / band_rows)::integer - 1 loop
    band := b;
    after_id := case when b = 0 then null else keys[b * band_rows] end;
    upto_id := keys[least((b + 1) * band_rows, total)];
    listings := least((b + 1) * band_rows, total) - b * band_rows;
    return next;
  end loop;
end $$;
