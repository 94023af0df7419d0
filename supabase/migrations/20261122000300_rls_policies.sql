-- Row level security on every public table. Grants stay broad (Supabase-style "grant all" to anon and
-- authenticated); these policies decide access. service_role bypasses RLS.
-- auth.uid() / is_admin() are wrapped in (select ...) so Postgres evaluates them once per statement.
--
-- FORCE (owner is subject to RLS too) only on tables no SECURITY DEFINER function or seed writes as the
-- owner: forcing the others would break those writers wherever the owner lacks BYPASSRLS.

do $$
declare t text;
begin
  foreach t in array array['brands','car_models','reviews','dealers','dealer_members','vehicle_listings',
    'listing_price_history','bookmarks','leads','lead_messages','notifications','price_alerts',
    'user_preferences','user_preference_profiles','personalized_recommendations','search_interactions',
    'error_reports','performance_metrics','newsletter_subscriptions','user_roles','security_events',
    'deleted_rows','email_outbox','mutation_ledger']
  loop
    execute format('alter table public.%I enable row level security', t);
  end loop;
  foreach t in array array['bookmarks','user_preference_profiles','personalized_recommendations',
    'search_interactions','lead_messages','newsletter_subscriptions','error_reports','performance_metrics',
    'security_events','mutation_ledger']
  loop
    execute format('alter table public.%I force row level security', t);
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------------
-- Catalogue: everyone reads; admins write. listing_price_history is written only by triggers.
-- ---------------------------------------------------------------------------------------------
do $$
declare t text;
begin
  foreach t in array array['brands','car_models','dealers']
  loop
    execute format('create policy %I on public.%I for select to anon, authenticated using (true)',
      t || '_read_all', t);
    execute format('create policy %I on public.%I for all to authenticated '
      'using ((select public.is_admin())) with check ((select public.is_admin()))', t || '_admin_write', t);
  end loop;
end $$;

create policy listing_price_history_read_all on public.listing_price_history
  for select to anon, authenticated using (true);

create policy reviews_read_published on public.reviews
  for select to anon, authenticated using (published or (select public.is_admin()));
create policy reviews_admin_write on public.reviews
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Marketplace
-- ---------------------------------------------------------------------------------------------
create policy vehicle_listings_read_all on public.vehicle_listings
  for select to anon, authenticated using (true);
create policy vehicle_listings_dealer_insert on public.vehicle_listings
  for insert to authenticated
  with check (public.is_dealer_member(dealer_id) or (select public.is_admin()));
create policy vehicle_listings_dealer_update on public.vehicle_listings
  for update to authenticated
  using (public.is_dealer_member(dealer_id) or (select public.is_admin()))
  with check (public.is_dealer_member(dealer_id) or (select public.is_admin()));
create policy vehicle_listings_dealer_delete on public.vehicle_listings
  for delete to authenticated
  using (public.is_dealer_member(dealer_id) or (select public.is_admin()));

create policy dealer_members_read_own on public.dealer_members
  for select to authenticated using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy dealer_members_admin_write on public.dealer_members
  for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Leads: the buyer creates (status 'new') and reads; the dealer's members read and move the status on;
-- admins read. dealer_id is set from the listing by a trigger before this check runs.
create policy leads_buyer_insert on public.leads
  for insert to authenticated with check (user_id = (select auth.uid()) and status = 'new');
create policy leads_read on public.leads
  for select to authenticated
  using (user_id = (select auth.uid()) or public.is_dealer_member(dealer_id) or (select public.is_admin()));
create policy leads_dealer_update on public.leads
  for update to authenticated
  using (public.is_dealer_member(dealer_id)) with check (public.is_dealer_member(dealer_id));
create trigger leads_guard_columns before update on public.leads
  for each row execute function public.guard_client_columns('status');

create policy lead_messages_read on public.lead_messages
  for select to authenticated
  using (exists (select 1 from public.leads l where l.id = lead_id
                  and (l.user_id = (select auth.uid()) or public.is_dealer_member(l.dealer_id))));
create policy lead_messages_insert on public.lead_messages
  for insert to authenticated
  with check (sender_id = (select auth.uid())
              and exists (select 1 from public.leads l where l.id = lead_id
                          and (l.user_id = (select auth.uid()) or public.is_dealer_member(l.dealer_id))));

-- ---------------------------------------------------------------------------------------------
-- User data: only the owner.
-- ---------------------------------------------------------------------------------------------
do $$
declare t text;
begin
  foreach t in array array['bookmarks','price_alerts','user_preferences','user_preference_profiles',
    'search_interactions']
  loop
    execute format('create policy %I on public.%I for all to authenticated '
      'using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()))', t || '_owner', t);
  end loop;
end $$;

-- Notifications are made by the server; the owner reads, marks read (dismissed_at) and deletes.
create policy notifications_owner_read on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
create policy notifications_owner_update on public.notifications
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy notifications_owner_delete on public.notifications
  for delete to authenticated using (user_id = (select auth.uid()));
create trigger notifications_guard_columns before update on public.notifications
  for each row execute function public.guard_client_columns('dismissed_at');

create policy personalized_recommendations_owner_read on public.personalized_recommendations
  for select to authenticated using (user_id = (select auth.uid()));
create policy personalized_recommendations_owner_insert on public.personalized_recommendations
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy personalized_recommendations_owner_update on public.personalized_recommendations
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create trigger personalized_recommendations_guard_columns before update on public.personalized_recommendations
  for each row execute function public.guard_client_columns('clicked', 'shown_count');

-- ---------------------------------------------------------------------------------------------
-- Operations
-- ---------------------------------------------------------------------------------------------
-- Anyone may report an error for themselves; a signed-in reporter who leaves user_id empty gets it filled.
create or replace function public.error_reports_fill_user() returns trigger
language plpgsql set search_path = public, pg_temp as $$
begin
  if new.user_id is null then
    new.user_id := auth.uid();
  end if;
  return new;
end $$;
create trigger error_reports_fill_user before insert on public.error_reports
  for each row execute function public.error_reports_fill_user();

create policy error_reports_insert_own on public.error_reports
  for insert to anon, authenticated
  with check (user_id is not distinct from (select auth.uid()) and not resolved);
create policy error_reports_admin_read on public.error_reports
  for select to authenticated using ((select public.is_admin()));
create policy error_reports_admin_update on public.error_reports
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create trigger error_reports_guard_columns before update on public.error_reports
  for each row execute function public.guard_client_columns('resolved');

create policy performance_metrics_admin_read on public.performance_metrics
  for select to authenticated using ((select public.is_admin()));

create policy newsletter_subscriptions_insert on public.newsletter_subscriptions
  for insert to anon, authenticated
  with check (user_id is null or user_id = (select auth.uid()));
create policy newsletter_subscriptions_admin_read on public.newsletter_subscriptions
  for select to authenticated using ((select public.is_admin()));

create policy user_roles_read on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy security_events_admin_read on public.security_events
  for select to authenticated using ((select public.is_admin()));

-- Tombstones: catalogue deletions (no owner) and the reader's own rows.
create policy deleted_rows_read on public.deleted_rows
  for select to anon, authenticated using (user_id is null or user_id = (select auth.uid()));

-- The ledger is written only inside apply_mutations (SECURITY INVOKER, so RLS still applies to the
-- data it writes); it raises this transaction-local flag just around its own ledger insert.
create policy mutation_ledger_owner_read on public.mutation_ledger
  for select to authenticated using (user_id = (select auth.uid()));
create policy mutation_ledger_apply_insert on public.mutation_ledger
  for insert to authenticated
  with check (user_id = (select auth.uid())
              and coalesce(current_setting('motorly.ledger_write', true), '') = 'on');

-- email_outbox: RLS on, no policies -> no client access.
revoke all on public.email_outbox from anon, authenticated;
