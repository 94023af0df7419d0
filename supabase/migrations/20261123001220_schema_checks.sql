-- Schema checks for nonsense: bounded free text, bounded jsonb, finite numbers and timestamps,
-- registration dates not in the future. Plain CHECK constraints, validated on the existing rows: any
-- existing value that breaks a rule is repaired first (cut to the limit, reset to the column's neutral
-- value, or the nonsense row removed), so the migration never fails on old data.
-- A violation answers like any CHECK through the Data API: 400, code 23514, the constraint's name in
-- the message. The names say the rule ("bookmarks_note_max_2000_chars").
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- Free text: (table, column, max characters)
-- ---------------------------------------------------------------------------------------------
do $$
declare
  r record;
  cname text;
begin
  for r in
    select * from (values
      ('bookmarks', 'note', 2000),
      ('leads', 'name', 200), ('leads', 'email', 254), ('leads', 'phone', 50), ('leads', 'message', 5000),
      ('notifications', 'title', 300), ('notifications', 'message', 2000), ('notifications', 'alert_type', 50),
      ('search_interactions', 'session_id', 200), ('search_interactions', 'search_query', 500),
      ('search_interactions', 'interaction_type', 50),
      ('newsletter_subscriptions', 'email', 254),
      ('performance_metrics', 'metric', 64), ('performance_metrics', 'url', 2048),
      ('performance_metrics', 'user_agent', 512),
      ('reviews', 'author', 200), ('reviews', 'title', 300), ('reviews', 'verdict', 10000),
      ('brands', 'slug', 100), ('brands', 'name', 100), ('brands', 'country', 100),
      ('brands', 'description', 10000), ('brands', 'logo_url', 2048),
      ('car_models', 'slug', 200), ('car_models', 'name', 200), ('car_models', 'description', 10000),
      ('car_models', 'image_url', 2048),
      ('dealers', 'slug', 200), ('dealers', 'name', 200), ('dealers', 'town', 100), ('dealers', 'outcode', 10),
      ('dealers', 'postcode', 10), ('dealers', 'phone', 50), ('dealers', 'email', 254),
      ('vehicle_listings', 'title', 200), ('vehicle_listings', 'registration', 20),
      ('vehicle_listings', 'colour', 50), ('vehicle_listings', 'description', 10000),
      ('vehicle_listings', 'outcode', 10)
    ) v(t, c, n)
  loop
    cname := format('%s_%s_max_%s_chars', r.t, r.c, r.n);
    execute format('update public.%I set %I = left(%I, %s) where length(%I) > %s', r.t, r.c, r.c, r.n, r.c, r.n);
    execute format('alter table public.%I add constraint %I check (length(%I) <= %s)', r.t, cname, r.c, r.n);
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------------
-- Text arrays: (table, column, max items, max characters per item)
-- ---------------------------------------------------------------------------------------------
create or replace function public.text_array_within(items text[], max_items integer, max_chars integer)
returns boolean
language sql immutable parallel safe set search_path = pg_catalog as $$
  select items is null
      or (cardinality(items) <= max_items
          and coalesce((select max(length(i)) from unnest(items) i), 0) <= max_chars)
$$;

do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('user_preference_profiles', 'preferred_brands', 50, 100),
      ('user_preference_profiles', 'preferred_fuel_types', 10, 50),
      ('user_preference_profiles', 'preferred_body_styles', 10, 50),
      ('user_preference_profiles', 'priority_features', 4, 100),
      ('reviews', 'pros', 20, 500),
      ('reviews', 'cons', 20, 500)
    ) v(t, c, items, chars)
  loop
    execute format(
      'update public.%1$I set %2$I = array(select left(x.i, %4$s) from unnest(%2$I[1:%3$s]) with ordinality x(i, o) '
      'order by x.o) where not public.text_array_within(%2$I, %3$s, %4$s)', r.t, r.c, r.items, r.chars);
    execute format('alter table public.%I add constraint %I check (public.text_array_within(%I, %s, %s))',
      r.t, format('%s_%s_max_%s_items', r.t, r.c, r.items), r.c, r.items, r.chars);
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------------
-- jsonb: (table, column, max bytes of its text form). Oversized values fall back to an empty one.
-- ---------------------------------------------------------------------------------------------
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('reviews', 'sections', 65536),
      ('notifications', 'data', 8192),
      ('user_preferences', 'notification_preferences', 4096),
      ('user_preference_profiles', 'profile_data', 16384),
      ('user_preference_profiles', 'learning_data', 65536),
      ('personalized_recommendations', 'reasons', 8192),
      ('search_interactions', 'search_filters', 8192),
      ('search_interactions', 'interaction_data', 16384),
      ('error_reports', 'context', 32768),
      ('performance_metrics', 'payload', 16384)
    ) v(t, c, n)
  loop
    execute format(
      'update public.%1$I set %2$I = case jsonb_typeof(%2$I) when ''array'' then ''[]''::jsonb else ''{}''::jsonb end '
      'where octet_length(%2$I::text) > %3$s', r.t, r.c, r.n);
    execute format('alter table public.%I add constraint %I check (octet_length(%I::text) <= %s)',
      r.t, format('%s_%s_max_%s_bytes', r.t, r.c, r.n), r.c, r.n);
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------------
-- Timestamps and dates: finite (no 'infinity') in every public table. Infinite values become the
-- current time (null where the column allows it).
-- ---------------------------------------------------------------------------------------------
do $$
declare
  r record;
begin
  for r in
    select c.relname as t, a.attname as c, a.attnotnull as not_null,
           format_type(a.atttypid, null) as ty
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)
     order by 1, 2
  loop
    execute format('update public.%I set %I = %s where not isfinite(%I)', r.t, r.c,
      case when not r.not_null then 'null' when r.ty = 'date' then 'current_date' else 'now()' end, r.c);
    execute format('alter table public.%I add constraint %I check (isfinite(%I))',
      r.t, left(format('%s_%s', r.t, r.c), 56) || '_finite', r.c);
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------------
-- Numbers: finite, positive where they are prices, in range where they are percentages or counts.
-- numeric columns accept 'NaN' (and NaN > 0 is true); numeric(p,s) already refuses Infinity.
-- ---------------------------------------------------------------------------------------------
update public.price_alerts a
   set current_price = coalesce((select l.price from public.vehicle_listings l where l.id = a.vehicle_listing_id),
                                a.target_price)
 where a.current_price = 'NaN' and a.target_price <> 'NaN';
delete from public.price_alerts where target_price = 'NaN' or current_price = 'NaN';
alter table public.price_alerts
  add constraint price_alerts_target_price_finite_positive check (target_price > 0 and target_price <> 'NaN'),
  add constraint price_alerts_current_price_finite_positive check (current_price > 0 and current_price <> 'NaN');

update public.price_alerts set price_drop_threshold = 5 where not (price_drop_threshold between 0 and 100);
alter table public.price_alerts
  add constraint price_alerts_price_drop_threshold_percent check (price_drop_threshold between 0 and 100);

update public.personalized_recommendations set recommendation_score = 0 where recommendation_score = 'NaN';
alter table public.personalized_recommendations
  add constraint personalized_recommendations_recommendation_score_finite check (recommendation_score <> 'NaN');

delete from public.performance_metrics where value in ('NaN', 'Infinity', '-Infinity');
alter table public.performance_metrics
  add constraint performance_metrics_value_finite check (value not in ('NaN', 'Infinity', '-Infinity'));

update public.vehicle_listings set lat = null, lng = null
 where not (lat between -90 and 90) or not (lng between -180 and 180);
alter table public.vehicle_listings
  add constraint vehicle_listings_coordinates_on_earth check (lat between -90 and 90 and lng between -180 and 180);

update public.search_interactions
   set results_shown = greatest(results_shown, 0), results_clicked = greatest(results_clicked, 0),
       time_spent_seconds = greatest(time_spent_seconds, 0)
 where least(results_shown, results_clicked, time_spent_seconds) < 0;
alter table public.search_interactions
  add constraint search_interactions_counts_not_negative
    check (results_shown >= 0 and results_clicked >= 0 and time_spent_seconds >= 0);

update public.user_preference_profiles set budget_min = 0 where budget_min < 0;
alter table public.user_preference_profiles
  add constraint user_preference_profiles_budget_not_negative check (budget_min >= 0);

-- ---------------------------------------------------------------------------------------------
-- Registration dates: not in the future (UK calendar day). A date that is not in the future stays so,
-- which is what makes a time-dependent CHECK safe to validate again later (restore, re-check).
-- ---------------------------------------------------------------------------------------------
update public.vehicle_listings set registration_date = null
 where registration_date > (now() at time zone 'Europe/London')::date;
alter table public.vehicle_listings
  add constraint vehicle_listings_registration_date_not_in_future
    check (registration_date <= (now() at time zone 'Europe/London')::date);
