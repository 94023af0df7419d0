-- Issue 33 (leads and notifications): a new enquiry reaches every member of the dealer, and each message
-- in the thread reaches the other side, through the same table and realtime path as price drops
-- (public.notifications, whose INSERTs the bell hears live) and, where the recipient's preferences allow,
-- by e-mail through the same outbox and mailbox (public.email_outbox -> pg_notify -> the sender).
--
-- Like the price-drop and saved-search messages (20261128000600), these name the car from the catalogue
-- only: no buyer name, message text or dealer-typed words go into a notification or an e-mail, so
-- nobody can use an enquiry to put a phishing line into someone else's inbox, and deleting a buyer's
-- account leaves no personal data of theirs in the dealers' notifications.
--
-- type stays one of the spec's values ('other'); alert_type says which: new_lead, lead_message (the buyer
-- wrote again) or lead_reply (the dealer answered). data.lead_url is the page that opens the thread.
-- E-mail: sent unless email_notifications or lead_alerts is false (a missing row or key means yes);
-- only a JSON false turns one off, so an odd stored value can never make the trigger (and so the
-- enquiry) fail. At most one e-mail per recipient and lead every 15 minutes; the bell gets every one.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

create or replace function private.queue_lead_email(recipient_id uuid, template text, lead_id uuid, data jsonb)
returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  prefs jsonb;
  address text;
  outbox_id uuid;
begin
  select p.notification_preferences into prefs from public.user_preferences p where p.user_id = recipient_id;
  if prefs -> 'email_notifications' = 'false'::jsonb or prefs -> 'lead_alerts' = 'false'::jsonb then
    return;
  end if;
  select u.email into address from auth.users u where u.id = recipient_id;
  if address is null then
    return;
  end if;
  if exists (select 1 from public.email_outbox o
              where o.user_id = recipient_id and o.template in ('new_lead', 'lead_message', 'lead_reply')
                and o.data ->> 'lead_id' = lead_id::text and o.created_at > now() - interval '15 minutes') then
    return;
  end if;
  insert into public.email_outbox (user_id, to_email, template, data)
  values (recipient_id, address, template, data || jsonb_build_object('lead_id', lead_id, 'unsubscribe_url', '/account'))
  returning id into outbox_id;
  perform pg_notify('email_outbox', outbox_id::text);
end $$;

-- One notification (and maybe an e-mail) to one recipient about one lead.
create or replace function private.notify_lead_event(recipient_id uuid, kind text, lead public.leads) returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  car_name text;
  lead_url text;
  title text;
  body text;
begin
  select public.catalogue_car_name(l.car_model_id, l.year) into car_name
    from public.vehicle_listings l where l.id = lead.vehicle_listing_id;
  car_name := coalesce(car_name, 'a car');
  if kind = 'lead_reply' then
    lead_url := '/my-leads?lead=' || lead.id::text;
    title := 'Dealer reply: ' || car_name;
    body := 'The dealer has replied to your enquiry. Open My leads to read it and answer.';
  elsif kind = 'lead_message' then
    lead_url := '/dealer/dashboard?lead=' || lead.id::text;
    title := 'New message: ' || car_name;
    body := 'The buyer has written again about this car. Open the lead in the Dealer Hub to reply.';
  else
    lead_url := '/dealer/dashboard?lead=' || lead.id::text;
    title := 'New enquiry: ' || car_name;
    body := 'A buyer has sent an enquiry about this car. Open the lead in the Dealer Hub to reply.';
  end if;

  insert into public.notifications (user_id, type, alert_type, title, message, vehicle_listing_id, data)
  values (recipient_id, 'other', kind, title, body, lead.vehicle_listing_id,
          jsonb_build_object('lead_url', lead_url, 'lead_id', lead.id));
  perform private.queue_lead_email(recipient_id, kind, lead.id,
    jsonb_build_object('car_name', car_name, 'lead_url', lead_url));
end $$;

-- A new lead: every member of its dealer (not the buyer, should a member enquire about his own car).
create or replace function public.notify_new_lead() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  member uuid;
begin
  for member in
    select m.user_id from public.dealer_members m
     where m.dealer_id = new.dealer_id and m.user_id is distinct from new.user_id
     order by m.user_id
  loop
    perform private.notify_lead_event(member, 'new_lead', new);
  end loop;
  return null;
end $$;

-- A message: from the buyer, to every member of the dealer; from the dealer's side, to the buyer.
create or replace function public.notify_lead_message() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  lead public.leads;
  member uuid;
begin
  select * into lead from public.leads l where l.id = new.lead_id;
  if lead.id is null then
    return null;
  end if;
  if new.sender_id is not distinct from lead.user_id then
    for member in
      select m.user_id from public.dealer_members m
       where m.dealer_id = lead.dealer_id and m.user_id is distinct from new.sender_id
       order by m.user_id
    loop
      perform private.notify_lead_event(member, 'lead_message', lead);
    end loop;
  elsif lead.user_id is not null then
    perform private.notify_lead_event(lead.user_id, 'lead_reply', lead);
  end if;
  return null;
end $$;

drop trigger if exists leads_notify_dealer on public.leads;
create trigger leads_notify_dealer after insert on public.leads
  for each row execute function public.notify_new_lead();
drop trigger if exists lead_messages_notify on public.lead_messages;
create trigger lead_messages_notify after insert on public.lead_messages
  for each row execute function public.notify_lead_message();

revoke all on function private.queue_lead_email(uuid, text, uuid, jsonb) from public, anon, authenticated;
revoke all on function private.notify_lead_event(uuid, text, public.leads) from public, anon, authenticated;
revoke all on function public.notify_new_lead() from public, anon, authenticated;
revoke all on function public.notify_lead_message() from public, anon, authenticated;
