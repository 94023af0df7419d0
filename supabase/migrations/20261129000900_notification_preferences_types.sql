-- Notification preferences hold booleans only. The price-drop and new-match triggers cast these values
-- (`::boolean`) while a dealer's write runs, so one shopper's `{"price_drop_alerts": "nope"}` made every
-- price cut on a listing they watch fail (22P02): a denial of service open to any signed-up account.
create or replace function public.notification_preferences_valid(p jsonb) returns boolean
language sql immutable set search_path = pg_catalog as $$
  select jsonb_typeof(p) = 'object'
    and not exists (select 1 from jsonb_each(p) e where jsonb_typeof(e.value) <> 'boolean')
$$;

-- Rows written before the rule keep their boolean entries; the rest fall back to the defaults (absent keys).
update public.user_preferences
   set notification_preferences = case jsonb_typeof(notification_preferences)
     when 'object' then (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                           from jsonb_each(notification_preferences) e where jsonb_typeof(e.value) = 'boolean')
     else '{}'::jsonb end
 where not public.notification_preferences_valid(notification_preferences);

alter table public.user_preferences
  add constraint user_preferences_notification_preferences_booleans
  check (public.notification_preferences_valid(notification_preferences));
