-- The /account profile: a display name, the home postcode distances are measured from and the annual
-- mileage running costs assume. Kept on the user's one user_preference_profiles row so it syncs
-- (and works offline) like the rest of the personalisation profile.
alter table public.user_preference_profiles
  add column display_name text not null default '' check (length(display_name) <= 80),
  add column home_postcode text not null default ''
    check (home_postcode = '' or home_postcode ~ '^[A-Z]{1,2}[0-9][A-Z0-9]?( [0-9][A-Z]{2})?$'),
  add column annual_mileage integer check (annual_mileage between 1000 and 50000);
