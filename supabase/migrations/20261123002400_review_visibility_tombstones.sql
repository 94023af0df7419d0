-- Unpublishing a review takes it out of shoppers' view, but their devices only ever heard of rows they
-- can read: realtime sends the UPDATE to admins alone and the catch-up pull never returns the row again,
-- so it lingered until a full re-download. An unpublish now writes a visibility tombstone to
-- deleted_rows (public, marked `unpublished`), which shoppers pull and hear live (realtime INSERT) and
-- drop from their store; admins, who still read the review, never see it. Publishing again removes it.
alter table public.deleted_rows
  add column if not exists unpublished boolean not null default false;

create or replace function public.reviews_visibility_tombstone() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  if old.published and not new.published then
    insert into public.deleted_rows (table_name, row_id, public_row, unpublished)
    values ('reviews', new.id, true, true);
  elsif new.published and not old.published then
    delete from public.deleted_rows d
     where d.table_name = 'reviews' and d.row_id = new.id and d.unpublished;
  end if;
  return null;
end $$;
revoke all on function public.reviews_visibility_tombstone() from public, anon, authenticated;

drop trigger if exists reviews_visibility_tombstone on public.reviews;
create trigger reviews_visibility_tombstone after update of published on public.reviews
  for each row execute function public.reviews_visibility_tombstone();

-- As 20261123001100's policy, except that admins do not read `unpublished` tombstones (they keep the row).
drop policy if exists deleted_rows_read on public.deleted_rows;
create policy deleted_rows_read on public.deleted_rows
  for select to anon, authenticated
  using ((not unpublished or not (select public.is_admin()))
         and (public_row
              or user_id = (select auth.uid())
              or (dealer_id is not null and public.is_dealer_member(dealer_id))
              or (lead_id is not null and public.is_lead_participant(lead_id))
              -- the tables admins read (their own policies), not every user's bookmarks
              or (table_name in ('reviews', 'leads', 'dealer_members', 'user_roles', 'error_reports',
                                 'performance_metrics', 'newsletter_subscriptions', 'security_events')
                  and (select public.is_admin()))));

-- Hosted Supabase streams only tables in its publication: clients hear tombstones live (the local
-- stack's triggers cover every table already).
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime' and not puballtables) then
    if not exists (select 1 from pg_publication_tables
                    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'deleted_rows') then
      alter publication supabase_realtime add table public.deleted_rows;
    end if;
  end if;
end $$;
