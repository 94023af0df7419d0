-- UK GDPR rights the app offers itself (SPEC §1 "Your Data Rights"): access/portability through
-- rpc('export_my_data') and erasure through rpc('delete_my_account'). Both act only on the caller
-- (auth.uid() from the JWT; no argument names another user), so nobody can export or delete someone
-- else's data. SECURITY DEFINER because some of the caller's rows are not readable or deletable by
-- them under RLS (error reports, newsletter sign-up, security events) and auth.users belongs to the
-- Auth service; the owner is postgres on hosted Supabase (BYPASSRLS) and the stack's superuser locally.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

-- The caller's rows of one table as a JSON array, oldest first.
create or replace function private.rows_as_json(query text, uid uuid) returns jsonb
language plpgsql stable set search_path = public, pg_temp as $$
declare result jsonb;
begin
  execute format('select coalesce(jsonb_agg(to_jsonb(t) order by t.created_at, t.id), ''[]''::jsonb) from (%s) t', query)
    into result using uid;
  return result;
end $$;
revoke all on function private.rows_as_json(text, uuid) from public, anon, authenticated;

create or replace function public.export_my_data() returns jsonb
language plpgsql stable security definer set search_path = public, pg_temp as $$
declare
  uid uuid := auth.uid();
  address text;
  account jsonb;
begin
  if uid is null then
    raise exception 'Please sign in to download your data.' using errcode = '42501';
  end if;
  select lower(u.email),
         jsonb_build_object('id', u.id, 'email', u.email, 'created_at', u.created_at,
                            'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at)
    into address, account
    from auth.users u where u.id = uid;
  if account is null then
    raise exception 'Account not found.' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'account', account,
    'tables', jsonb_build_object(
      'bookmarks', private.rows_as_json('select * from public.bookmarks where user_id = $1', uid),
      'leads', private.rows_as_json('select * from public.leads where user_id = $1', uid),
      'lead_messages', private.rows_as_json(
        'select m.* from public.lead_messages m where m.sender_id = $1 '
        'or m.lead_id in (select l.id from public.leads l where l.user_id = $1)', uid),
      'notifications', private.rows_as_json('select * from public.notifications where user_id = $1', uid),
      'price_alerts', private.rows_as_json('select * from public.price_alerts where user_id = $1', uid),
      'user_preferences', private.rows_as_json('select * from public.user_preferences where user_id = $1', uid),
      'user_preference_profiles',
        private.rows_as_json('select * from public.user_preference_profiles where user_id = $1', uid),
      'personalized_recommendations',
        private.rows_as_json('select * from public.personalized_recommendations where user_id = $1', uid),
      'search_interactions', private.rows_as_json('select * from public.search_interactions where user_id = $1', uid),
      'error_reports', private.rows_as_json('select * from public.error_reports where user_id = $1', uid),
      'newsletter_subscriptions', private.rows_as_json(format(
        'select * from public.newsletter_subscriptions where user_id = $1 or lower(email) = %L', address), uid),
      'user_roles', private.rows_as_json('select * from public.user_roles where user_id = $1', uid),
      'dealer_members', private.rows_as_json('select * from public.dealer_members where user_id = $1', uid),
      'saved_searches', private.rows_as_json('select * from public.saved_searches where user_id = $1', uid),
      'security_events', private.rows_as_json('select * from public.security_events where user_id = $1', uid)
    )
  );
end $$;

revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;

-- Deletes the caller's account and every row that is theirs. Rows that reference auth.users with
-- ON DELETE CASCADE (bookmarks, leads and their messages, notifications, alerts, preferences, profile,
-- recommendations, search activity, roles, dealer memberships, the sync ledger, sessions) go with the
-- auth.users row; the rest (ON DELETE SET NULL, or no foreign key) are deleted here first.
-- deleted_rows tombstones stay: they carry only row ids, and the user's other devices and the dealers
-- they wrote to need them to drop their copies.
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
  delete from public.error_reports where user_id = uid;
  delete from public.newsletter_subscriptions where user_id = uid or lower(email) = address;
  delete from public.email_outbox where user_id = uid or lower(to_email) = address;
  delete from public.security_events where user_id = uid or lower(email) = address;
  delete from private.rate_limit_hits where subject = 'user:' || uid::text;
  delete from auth.users where id = uid;
end $$;

revoke all on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;
