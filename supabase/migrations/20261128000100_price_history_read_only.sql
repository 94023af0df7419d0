-- Issue 31 hole 3: listing_price_history is read-only to clients; only the listing triggers write it.
-- The merge trigger (BEFORE INSERT, SECURITY DEFINER) updated the matching row as the owner and then
-- cancelled the insert, so the insert's RLS check never ran: an anonymous POST /rest/v1/listing_price_history
-- replaced a row's id and price, and the price-drop figures and alerts read this table.
--
-- Now the client roles hold no write privilege on the table. Privileges are checked before any trigger
-- runs, so this holds for REST and for apply_mutations alike (SECURITY INVOKER: it writes as the caller).
-- The merge also refuses a client's own insert, should a grant ever come back: the listing triggers'
-- inserts reach it nested (trigger depth 2), a client's direct insert at depth 1.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

revoke all on public.listing_price_history from anon, authenticated;
grant select on public.listing_price_history to anon, authenticated;

create or replace function public.merge_listing_price_history() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if pg_trigger_depth() < 2 and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    raise exception 'permission denied for table listing_price_history' using errcode = '42501';
  end if;
  -- One price per listing per instant: the later row replaces the earlier (see 20261122000400).
  update public.listing_price_history h
     set id = new.id, price = new.price
   where h.vehicle_listing_id = new.vehicle_listing_id and h.changed_at = new.changed_at;
  if found then
    return null;
  end if;
  return new;
end $$;

revoke all on function public.merge_listing_price_history() from public, anon, authenticated;
