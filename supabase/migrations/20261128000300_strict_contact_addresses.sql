-- Issue 31 hole 9: contact e-mail addresses and phone numbers are validated strictly. A lead's e-mail
-- 'a@b.co?bcc=x%40evil.example' was accepted (the old rule only wanted something@something.something),
-- and the Dealer Hub put it into a mailto: link, so a dealer's reply silently copied a stranger.
--
-- An address is now an RFC 5322 dot-atom local part without the characters that mean something in a
-- URL ('?' starts mailto headers, '#' a fragment, '%' an escape), '@', and a host name of letter-digit-
-- hyphen labels ending in an alphabetic top-level domain; at most 64 + 254 characters. Phone numbers
-- hold digits, spaces, '+', '(', ')', '.' and '-' only (nothing a tel: link would read as a parameter).
-- Every column that stores a contact address gets the rule: leads (the buyer's e-mail and phone),
-- dealers (e-mail and phone, empty = none) and the newsletter list. Existing rows that break it are
-- repaired first (the address before any '?' or '#', else the buyer's account address; a dealer's
-- address is emptied; a number is cut before its first other character), and only what cannot be
-- repaired is removed, so the migration never fails on old data. A violation answers 400 / 23514
-- naming the constraint; the newsletter sign-up answers 'Invalid email format' (22023) as before.
-- Not here: auth.users (GoTrue's own rule), security_events.email (records what was typed at sign-in),
-- email_outbox.to_email (copied from auth.users by the server).
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

create or replace function public.is_valid_email(address text) returns boolean
language sql immutable parallel safe set search_path = pg_catalog as $$
  select address is not null
     and length(address) <= 254
     and length(split_part(address, '@', 1)) <= 64
     and address ~ '^[A-Za-z0-9!$&''*+/=^_`{|}~-]+(\.[A-Za-z0-9!$&''*+/=^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$'
$$;

create or replace function public.is_valid_phone(phone text) returns boolean
language sql immutable parallel safe set search_path = pg_catalog as $$
  select phone is not null and phone ~ '^[0-9 +().-]*$'
$$;

-- ---------------------------------------------------------------------------------------------
-- Leads
-- ---------------------------------------------------------------------------------------------
update public.leads
   set email = btrim(split_part(split_part(email, '?', 1), '#', 1))
 where not public.is_valid_email(email)
   and public.is_valid_email(btrim(split_part(split_part(email, '?', 1), '#', 1)));
update public.leads l
   set email = u.email::text
  from auth.users u
 where u.id = l.user_id and not public.is_valid_email(l.email) and public.is_valid_email(u.email::text);
delete from public.leads where not public.is_valid_email(email);
update public.leads set phone = btrim(substring(phone from '^[0-9 +().-]*')) where not public.is_valid_phone(phone);

alter table public.leads drop constraint if exists leads_email_format;
alter table public.leads
  add constraint leads_email_valid check (public.is_valid_email(email)),
  add constraint leads_phone_valid check (public.is_valid_phone(phone));

-- ---------------------------------------------------------------------------------------------
-- Dealers ('' = no address / number)
-- ---------------------------------------------------------------------------------------------
update public.dealers set email = '' where email <> '' and not public.is_valid_email(email);
update public.dealers set phone = btrim(substring(phone from '^[0-9 +().-]*')) where not public.is_valid_phone(phone);
alter table public.dealers
  add constraint dealers_email_valid check (email = '' or public.is_valid_email(email)),
  add constraint dealers_phone_valid check (public.is_valid_phone(phone));

-- ---------------------------------------------------------------------------------------------
-- Newsletter: an address that cannot be mailed safely is dropped from the list.
-- ---------------------------------------------------------------------------------------------
delete from public.newsletter_subscriptions where not public.is_valid_email(email);
alter table public.newsletter_subscriptions drop constraint if exists newsletter_subscriptions_email_check;
alter table public.newsletter_subscriptions
  add constraint newsletter_subscriptions_email_valid check (public.is_valid_email(email));

-- The sign-up checks with the same rule (unchanged otherwise: 20261123001240).
create or replace function public.subscribe_newsletter(email text) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  address text := lower(btrim(subscribe_newsletter.email));
begin
  if not public.is_valid_email(address) then
    raise exception 'Invalid email format' using errcode = '22023';
  end if;
  perform public.enforce_rate_limit('newsletter_subscriptions', 5, interval '15 minutes',
    'Too many sign-ups. Please try again later.');
  insert into public.newsletter_subscriptions (email, user_id)
  values (address, auth.uid())
  on conflict do nothing;
end $$;

revoke all on function public.subscribe_newsletter(text) from public;
grant execute on function public.subscribe_newsletter(text) to anon, authenticated, service_role;
