-- Issue 32, the offline pack at two times a raw write: the device asked offline_pack_reach first and its
-- pages only once that answered, so every pack began with a whole round trip (150 ms at the bench's RTT)
-- before the first listing was asked for. offline_pack_slice takes the radius instead of the reach's
-- distance and finds the reach itself (a read of the geo index's box, ~20 ms on PGlite at 10,800), so the
-- device asks its id slices at once, beside offline_pack_reach (now asked only for the progress total).
-- Same listings as offline_pack_reach + offline_pack_page; same 400s for bad input.
create or replace function public.offline_pack_slice(postcode text, radius numeric, after_id uuid default null,
  before_id uuid default null, page_rows integer default 1000, max_rows integer default 5000)
returns setof public.vehicle_listings
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  reach double precision;
begin
  select r.within into reach from public.offline_pack_reach(postcode, radius, max_rows) r;
  return query select * from public.offline_pack_page(postcode, reach, after_id, before_id, page_rows);
end $$;

revoke execute on function public.offline_pack_slice(text, numeric, uuid, uuid, integer, integer) from public;
grant execute on function public.offline_pack_slice(text, numeric, uuid, uuid, integer, integer) to anon, authenticated;
