-- Enquiries (SPEC §1, §9) and the Dealer Hub: what the contact form sends besides name, e-mail, phone
-- and message; the rate-limit message in the spec's words; dealer members may change only the price and
-- status of their dealer's listings; a lead moves through new -> contacted -> closed.

-- ---------------------------------------------------------------------------------------------
-- Leads: part exchange and finance interest, and sane sizes for what a buyer types.
-- ---------------------------------------------------------------------------------------------
alter table public.leads
  add column part_exchange boolean not null default false,
  add column part_exchange_registration text not null default '',
  add column part_exchange_mileage integer check (part_exchange_mileage between 0 and 1000000),
  add column finance_interest boolean not null default false;

alter table public.leads
  add constraint leads_name_length check (length(btrim(name)) between 1 and 100),
  add constraint leads_email_format check (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
  add constraint leads_phone_length check (length(phone) <= 30),
  add constraint leads_message_length check (length(message) <= 2000),
  add constraint leads_part_exchange_registration_length check (length(part_exchange_registration) <= 10);

-- ---------------------------------------------------------------------------------------------
-- Rate limit: same rule as before (5 per user per rolling hour, HTTP 429 via 'PT429'), with the
-- message SPEC §8 gives for rate limits, so clients can show the server's words as they are.
-- ---------------------------------------------------------------------------------------------
create or replace function public.prepare_lead() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  listing_dealer uuid;
  recent integer;
begin
  select l.dealer_id into listing_dealer from public.vehicle_listings l where l.id = new.vehicle_listing_id;
  if listing_dealer is null then
    raise exception 'The listing for this enquiry does not exist'
      using errcode = '23503', detail = format('vehicle_listing_id %s not found', new.vehicle_listing_id);
  end if;
  new.dealer_id := listing_dealer;
  new.created_at := now();   -- the rate limit counts by created_at, so a client cannot back-date it

  -- serialise one user's concurrent enquiries so two inserts cannot both see 4
  perform pg_advisory_xact_lock(hashtext('motorly.leads'), hashtext(new.user_id::text));
  select count(*) into recent from public.leads
   where user_id = new.user_id and created_at > now() - interval '1 hour';
  if recent >= 5 then
    raise exception 'Too many attempts. Please try again later.'
      using errcode = 'PT429', hint = 'At most 5 enquiries per hour.';
  end if;
  return new;
end $$;
revoke all on function public.prepare_lead() from public, anon, authenticated;

-- A dealer works a lead through new, contacted and closed (the older viewing_booked and lost stay
-- valid for existing rows, but clients may only move to the three the hub shows).
create or replace function public.check_lead_status_change() returns trigger
language plpgsql set search_path = public, pg_temp as $$
begin
  if current_user in ('anon', 'authenticated') and new.status is distinct from old.status
     and new.status not in ('new', 'contacted', 'closed') then
    raise exception 'A lead''s status can be new, contacted or closed' using errcode = '22023';
  end if;
  return new;
end $$;
create trigger leads_status_change before update on public.leads
  for each row execute function public.check_lead_status_change();

-- ---------------------------------------------------------------------------------------------
-- Listings: a dealer member (not an admin) may change only price and status of his dealer's listings.
-- SECURITY INVOKER so current_user is the caller's role; is_admin() is SECURITY DEFINER itself.
-- ---------------------------------------------------------------------------------------------
create or replace function public.guard_dealer_listing_columns() returns trigger
language plpgsql set search_path = public, pg_temp as $$
declare
  changed text;
begin
  if current_user not in ('anon', 'authenticated') or public.is_admin() then
    return new;
  end if;
  select string_agg(n.key, ', ' order by n.key) into changed
  from jsonb_each(to_jsonb(new)) n
  join jsonb_each(to_jsonb(old)) o on o.key = n.key
  where n.value is distinct from o.value
    and n.key not in ('price', 'status', 'updated_at');
  if changed is not null then
    raise exception 'You may not change % on vehicle_listings', changed
      using errcode = '42501', hint = 'Dealers may change price and status';
  end if;
  return new;
end $$;
create trigger vehicle_listings_guard_dealer_columns before update on public.vehicle_listings
  for each row execute function public.guard_dealer_listing_columns();
