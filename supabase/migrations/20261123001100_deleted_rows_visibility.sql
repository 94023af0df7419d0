-- Tombstones follow the deleted row's visibility (issue 9.9). Until now a tombstone without user_id
-- was readable by everyone, so deleting a listing told any anon client the ids of its private lead
-- messages (and realtime sent their DELETE events to every subscriber). The row is gone by the time
-- anyone reads the tombstone, so log_deletion stores what the row's read policy needs at delete time:
--   public_row  readable by anon (catalogue tables, set by a trigger whoever writes the tombstone;
--               reviews only when published)
--   user_id     the owner (user rows; the buyer of a lead)
--   dealer_id   leads: the dealer whose members read it
--   lead_id     lead_messages: the lead, whose participants read it (the lead may be deleted in the
--               same cascade, so its own tombstone answers then)
alter table public.deleted_rows
  add column if not exists public_row boolean not null default false,
  add column if not exists dealer_id uuid,
  add column if not exists lead_id uuid;

update public.deleted_rows
   set public_row = true
 where user_id is null
   and table_name in ('brands', 'car_models', 'dealers', 'vehicle_listings', 'listing_price_history', 'reviews');

create index if not exists deleted_rows_row_idx on public.deleted_rows (row_id);

-- Catalogue tombstones are public whoever writes them (log_deletion, service-role tooling).
create or replace function public.deleted_rows_classify() returns trigger
language plpgsql set search_path = public, pg_temp as $$
begin
  new.public_row := new.public_row
    or new.table_name in ('brands', 'car_models', 'dealers', 'vehicle_listings', 'listing_price_history');
  return new;
end $$;
drop trigger if exists deleted_rows_classify on public.deleted_rows;
create trigger deleted_rows_classify before insert on public.deleted_rows
  for each row execute function public.deleted_rows_classify();

create or replace function public.log_deletion() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  r jsonb := to_jsonb(old);
  owner uuid;
begin
  begin
    owner := (r ->> 'user_id')::uuid;
  exception when others then owner := null;
  end;
  insert into public.deleted_rows (table_name, row_id, user_id, public_row, dealer_id, lead_id)
  values (
    tg_table_name,
    old.id,
    owner,
    tg_table_name = 'reviews' and coalesce((r ->> 'published')::boolean, false),
    case when tg_table_name = 'leads' then (r ->> 'dealer_id')::uuid end,
    case when tg_table_name = 'lead_messages' then (r ->> 'lead_id')::uuid end);
  return old;
end $$;

-- A participant of a lead: its buyer or a member of its dealer, from the lead or else its tombstone.
create or replace function public.is_lead_participant(lead uuid) returns boolean
language sql stable security definer set search_path = public, pg_temp as $$
  select exists (select 1 from public.leads l
                  where l.id = is_lead_participant.lead
                    and (l.user_id = auth.uid() or public.is_dealer_member(l.dealer_id)))
      or exists (select 1 from public.deleted_rows d
                  where d.table_name = 'leads' and d.row_id = is_lead_participant.lead
                    and (d.user_id = auth.uid() or public.is_dealer_member(d.dealer_id)))
$$;
revoke all on function public.is_lead_participant(uuid) from public;
grant execute on function public.is_lead_participant(uuid) to anon, authenticated, service_role;

drop policy if exists deleted_rows_read on public.deleted_rows;
create policy deleted_rows_read on public.deleted_rows
  for select to anon, authenticated
  using (public_row
         or user_id = (select auth.uid())
         or (dealer_id is not null and public.is_dealer_member(dealer_id))
         or (lead_id is not null and public.is_lead_participant(lead_id))
         -- the tables admins read (their own policies), not every user's bookmarks
         or (table_name in ('reviews', 'leads', 'dealer_members', 'user_roles', 'error_reports', 'performance_metrics',
                            'newsletter_subscriptions', 'security_events')
             and (select public.is_admin())));
