-- Issue 33 (account deletion): a buyer who deletes his account no longer takes his enquiries out of the
-- dealers' hubs. His leads stay with the dealer, anonymised: no buyer (user_id null), the name
-- 'Deleted user', and no e-mail, phone or part-exchange registration (a registration identifies the
-- person's car). The thread's messages stay; their sender becomes null once the account is gone.
-- Before, leads.user_id and lead_messages.sender_id cascaded from auth.users and the whole thread vanished.
--
-- A lead without a buyer can only come from here: the insert policy still wants user_id = auth.uid(),
-- and the e-mail rule admits '' only for such a lead. Dealer members see the change live (an UPDATE of
-- a row they read) and on their next catch-up pull (updated_at moves).
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

alter table public.leads alter column user_id drop not null;
alter table public.leads drop constraint if exists leads_user_id_fkey;
alter table public.leads
  add constraint leads_user_id_fkey foreign key (user_id) references auth.users(id) on delete set null;

alter table public.lead_messages alter column sender_id drop not null;
alter table public.lead_messages drop constraint if exists lead_messages_sender_id_fkey;
alter table public.lead_messages
  add constraint lead_messages_sender_id_fkey foreign key (sender_id) references auth.users(id) on delete set null;

alter table public.leads drop constraint if exists leads_email_valid;
alter table public.leads
  add constraint leads_email_valid check (public.is_valid_email(email) or (user_id is null and email = ''));

-- The buyer's side of his leads, anonymised. Runs inside delete_my_account (below) for the caller only.
create or replace function private.anonymise_buyer_leads(buyer uuid) returns void
language sql security definer set search_path = public, pg_temp as $$
  update public.leads
     set user_id = null, name = 'Deleted user', email = '', phone = '', part_exchange_registration = ''
   where user_id = buyer;
$$;
revoke all on function private.anonymise_buyer_leads(uuid) from public, anon, authenticated;

-- As 20261123001900, with the leads kept (anonymised) rather than cascaded away.
create or replace function public.delete_my_account() returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  address text;
begin
  if uid is null then
    raise exception 'Please sign in to delete your account.' using errcode = '42501';
  end if;
  select lower(u.email) into address from auth.users u where u.id = uid;
  perform private.anonymise_buyer_leads(uid);
  delete from public.error_reports where user_id = uid;
  delete from public.newsletter_subscriptions where user_id = uid or lower(email) = address;
  delete from public.email_outbox where user_id = uid or lower(to_email) = address;
  delete from public.security_events where user_id = uid or lower(email) = address;
  delete from private.rate_limit_hits where subject = 'user:' || uid::text;
  delete from auth.users where id = uid;
end $$;

revoke all on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;
