-- Issue 32, the offline pack in one round trip: the device asked offline_pack_plan for the bands' edges, and
-- the bands only once it answered, a second round trip (150 ms at the bench's RTT) before most of the pack
-- could land, and the bands then landed together, behind the writer. offline_pack_ranks names a band by its
-- ranks in the pack's order (distance, then id), so the device asks every band at once, with the progress
-- total (offline_pack_reach) after them. Each call orders the nearest to_rank listings afresh (a read of the
-- geo index's box holding them: the nearest band's is small), so a listing that moves between two calls could
-- shift a band's edge: the device asks each band with a few ranks of overlap at its inner edges and writes a
-- listing once.
-- The old plan and band functions stay for app versions still cached on devices.
create or replace function public.offline_pack_ranks(postcode text, radius numeric, from_rank integer,
  to_rank integer, max_rows integer default 5000)
returns setof public.vehicle_listings
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  olat double precision;
  olng double precision;
  reach double precision;
  dlat double precision;
  dlng double precision;
  keys uuid[];
begin
  if from_rank is null or to_rank is null or from_rank < 0 or to_rank <= from_rank or to_rank - from_rank > 1200 then
    perform public.search_listings_bad('from_rank and to_rank must name 1 to 1200 ranks, from_rank first',
      'A band of the offline pack is the listings ranked after from_rank up to to_rank');
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 5000 then
    perform public.search_listings_bad('max_rows must be from 1 to 5000', 'An offline pack holds at most 5,000 cars');
  end if;
  -- Checks the radius and the postcode (400s), and says how far the nearest to_rank reach: a near band reads a
  -- small circle, only the last band the whole pack's.
  select r.within into reach from public.offline_pack_reach(postcode, radius, least(to_rank, max_rows)) r;
  if from_rank >= max_rows then
    return;
  end if;
  select o.lat, o.lng into olat, olng from public.offline_pack_origin(postcode) o;
  select b.dlat, b.dlng into dlat, dlng from public.offline_pack_box(olat, reach) b;
  -- A bounded set (the nearest max_rows at most), so skipping from_rank of them is no OFFSET paging.
  select coalesce(array_agg(x.id), '{}') into keys from (
    select k.id from public.vehicle_listings k
    where k.status <> 'sold'
      and k.lat between olat - dlat and olat + dlat and k.lng between olng - dlng and olng + dlng
      and public.miles_between(olat, olng, k.lat, k.lng) <= reach
    order by public.miles_between(olat, olng, k.lat, k.lng), k.id
    limit least(to_rank, max_rows) - from_rank offset from_rank) x;
  return query select l.* from public.vehicle_listings l where l.id = any(keys) and l.status <> 'sold';
end $$;

revoke execute on function public.offline_pack_ranks(text, numeric, integer, integer, integer) from public;
grant execute on function public.offline_pack_ranks(text, numeric, integer, integer, integer) to anon, authenticated;
