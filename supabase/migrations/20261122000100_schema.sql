-- Core schema: catalogue, marketplace, user data, operations.
-- Plain PostgreSQL that runs unchanged on hosted Supabase and on the embedded stack (PGlite or a
-- real server). Conventions every synced table follows, because the sync engine relies on them:
--   * id uuid primary key (client-generated for rows clients create),
--   * updated_at timestamptz kept by the touch_updated_at trigger (the pull cursor is (updated_at, id)),
--   * deletes are logged to public.deleted_rows by the log_deletion trigger so pullers see them.

create extension if not exists pgcrypto;

-- ---------------------------------------------------------------------------------------------
-- Shared trigger functions
-- ---------------------------------------------------------------------------------------------
create or replace function public.touch_updated_at() returns trigger
language plpgsql as $$
begin
  -- clock_timestamp() rather than now(): rows written later in one transaction sort later.
  new.updated_at := clock_timestamp();
  return new;
end $$;

-- ---------------------------------------------------------------------------------------------
-- Catalogue
-- ---------------------------------------------------------------------------------------------
create table public.brands (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null unique,
  country text not null default '',
  founded integer,
  logo_url text,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.car_models (
  id uuid primary key default gen_random_uuid(),
  brand_id uuid not null references public.brands(id) on delete cascade,
  slug text not null,
  name text not null,
  body_style text not null check (body_style in ('sedan','suv','hatchback','coupe','wagon','convertible')),
  fuel_type text not null check (fuel_type in ('petrol','diesel','electric','hybrid')),
  price_from integer not null check (price_from > 0),           -- pounds, on-the-road
  model_year integer not null,
  mpg numeric(5,1),                                              -- WLTP combined, UK mpg; null for EVs
  ev_range_miles integer,                                        -- WLTP range; EVs only
  mi_per_kwh numeric(4,2),                                       -- EVs only
  battery_kwh numeric(5,1),
  co2_gkm integer not null default 0 check (co2_gkm >= 0),
  insurance_group integer check (insurance_group between 1 and 50),
  ncap_stars integer check (ncap_stars between 0 and 5),
  ncap_year integer,
  euro_standard integer,                                         -- e.g. 6 for Euro 6
  seats integer not null check (seats between 1 and 9),
  doors integer not null default 5,
  boot_litres integer,
  zero_to_62 numeric(4,1),                                       -- seconds
  top_speed_mph integer,
  power_bhp integer,
  engine_cc integer,                                             -- null for EVs
  gearbox text not null check (gearbox in ('manual','automatic')),
  drivetrain text not null check (drivetrain in ('fwd','rwd','awd')),
  length_mm integer, width_mm integer, height_mm integer,
  towing_kg integer,
  description text not null default '',
  image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (brand_id, slug)
);
create index car_models_brand_idx on public.car_models (brand_id);

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  car_model_id uuid not null references public.car_models(id) on delete cascade,
  author text not null,
  title text not null,
  cs_score numeric(3,1) not null check (cs_score between 0 and 10),
  verdict text not null default '',
  pros text[] not null default '{}',
  cons text[] not null default '{}',
  sections jsonb not null default '{}'::jsonb,  -- {driving, interior, practicality, running_costs, safety}
  published boolean not null default false,
  published_at timestamptz,
  created_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reviews_model_idx on public.reviews (car_model_id);

-- ---------------------------------------------------------------------------------------------
-- Marketplace
-- ---------------------------------------------------------------------------------------------
create table public.dealers (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  name text not null,
  town text not null,
  outcode text not null,                 -- e.g. 'LS1'
  postcode text not null,
  lat double precision not null,
  lng double precision not null,
  phone text not null default '',
  email text not null default '',
  rating numeric(2,1),
  admin_fee integer not null default 0 check (admin_fee >= 0),  -- pounds; 0 = "No admin fee"
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.dealer_members (
  id uuid primary key default gen_random_uuid(),
  dealer_id uuid not null references public.dealers(id) on delete cascade,
  user_id uuid not null references auth.users(id) on delete cascade,
  role text not null default 'staff' check (role in ('owner','staff')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (dealer_id, user_id)
);

create table public.vehicle_listings (
  id uuid primary key default gen_random_uuid(),
  dealer_id uuid not null references public.dealers(id) on delete cascade,
  car_model_id uuid not null references public.car_models(id) on delete restrict,
  brand_id uuid not null references public.brands(id) on delete restrict,   -- denormalised for indexes
  title text not null,
  price integer not null check (price > 0),        -- pounds, includes any admin fee (UK rules)
  admin_fee integer not null default 0 check (admin_fee >= 0),
  year integer not null,
  registration_date date,
  registration text,                                -- e.g. 'AB24 CDE'
  mileage integer not null check (mileage >= 0),
  colour text not null default '',
  fuel_type text not null check (fuel_type in ('petrol','diesel','electric','hybrid')),
  body_style text not null check (body_style in ('sedan','suv','hatchback','coupe','wagon','convertible')),
  gearbox text not null check (gearbox in ('manual','automatic')),
  seats integer not null,
  doors integer not null default 5,
  engine_cc integer,
  co2_gkm integer not null default 0,
  insurance_group integer,
  condition text not null default 'used' check (condition in ('used','nearly_new')),
  status text not null default 'active' check (status in ('active','reserved','sold')),
  description text not null default '',
  image_seed integer not null default 0,
  outcode text not null default '',
  lat double precision,
  lng double precision,
  listed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index vehicle_listings_dealer_idx on public.vehicle_listings (dealer_id);
create index vehicle_listings_model_idx on public.vehicle_listings (car_model_id);
create index vehicle_listings_price_idx on public.vehicle_listings (price);
create index vehicle_listings_updated_idx on public.vehicle_listings (updated_at, id);

create table public.listing_price_history (
  id uuid primary key default gen_random_uuid(),
  vehicle_listing_id uuid not null references public.vehicle_listings(id) on delete cascade,
  price integer not null,
  changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index listing_price_history_listing_idx on public.listing_price_history (vehicle_listing_id, changed_at);

-- ---------------------------------------------------------------------------------------------
-- User data (rows owned by auth.uid())
-- ---------------------------------------------------------------------------------------------
create table public.bookmarks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  car_model_id uuid references public.car_models(id) on delete cascade,
  vehicle_listing_id uuid references public.vehicle_listings(id) on delete cascade,
  note text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((car_model_id is null) <> (vehicle_listing_id is null))
);
create unique index bookmarks_user_model_uq on public.bookmarks (user_id, car_model_id) where car_model_id is not null;
create unique index bookmarks_user_listing_uq on public.bookmarks (user_id, vehicle_listing_id) where vehicle_listing_id is not null;

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,          -- the buyer
  vehicle_listing_id uuid not null references public.vehicle_listings(id) on delete cascade,
  dealer_id uuid not null references public.dealers(id) on delete cascade,
  name text not null,
  email text not null,
  phone text not null default '',
  message text not null default '',
  status text not null default 'new' check (status in ('new','contacted','viewing_booked','closed','lost')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index leads_user_idx on public.leads (user_id);
create index leads_dealer_idx on public.leads (dealer_id);

create table public.lead_messages (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads(id) on delete cascade,
  sender_id uuid not null references auth.users(id) on delete cascade,
  body text not null check (length(body) between 1 and 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index lead_messages_lead_idx on public.lead_messages (lead_id, created_at);

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  type text not null default 'other' check (type in ('price_drop','new_match','email','other')),
  title text not null,
  message text not null default '',
  data jsonb not null default '{}'::jsonb,            -- may hold car_url
  vehicle_listing_id uuid references public.vehicle_listings(id) on delete set null,
  alert_type text,
  dismissed_at timestamptz,                            -- null = unread
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notifications_user_idx on public.notifications (user_id, created_at desc);

create table public.price_alerts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  vehicle_listing_id uuid references public.vehicle_listings(id) on delete set null,
  target_price numeric(12,2) not null check (target_price > 0),
  current_price numeric(12,2) not null check (current_price > 0),
  price_drop_threshold numeric(5,2) not null default 5,
  is_active boolean not null default true,
  times_triggered integer not null default 0,
  last_triggered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index price_alerts_user_idx on public.price_alerts (user_id, created_at desc);
create index price_alerts_listing_idx on public.price_alerts (vehicle_listing_id) where is_active;

create table public.user_preferences (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users(id) on delete cascade,
  notification_preferences jsonb not null default
    '{"email_notifications":true,"price_drop_alerts":true,"new_match_alerts":true,"weekly_digest":true,"instant_notifications":false}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.user_preference_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users(id) on delete cascade,
  budget_min integer not null default 15000,
  budget_max integer not null default 50000,
  preferred_brands text[] not null default '{}',
  preferred_fuel_types text[] not null default '{}',
  preferred_body_styles text[] not null default '{}',
  family_size integer not null default 2 check (family_size between 1 and 8),
  driving_style text check (driving_style in ('economical','performance','comfort','practical')),
  priority_features text[] not null default '{}' check (cardinality(priority_features) <= 4),
  profile_data jsonb not null default '{"interaction_count":0}'::jsonb,
  learning_data jsonb not null default '{}'::jsonb,
  onboarding_completed_at timestamptz,
  onboarding_dismissed_at timestamptz,
  last_updated timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (budget_min <= budget_max)
);

create table public.personalized_recommendations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  car_model_id uuid not null references public.car_models(id) on delete cascade,
  recommendation_score numeric(6,3) not null,
  reasons jsonb not null default '[]'::jsonb,
  expires_at timestamptz not null default now() + interval '24 hours',
  clicked boolean not null default false,
  shown_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index personalized_recommendations_user_idx on public.personalized_recommendations (user_id, recommendation_score desc);

create table public.search_interactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  session_id text not null default '',
  search_query text not null default '',
  interaction_type text not null,
  search_filters jsonb not null default '{}'::jsonb,
  results_shown integer not null default 0,
  results_clicked integer not null default 0,
  time_spent_seconds integer not null default 0,
  target_car_id uuid,
  interaction_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index search_interactions_user_idx on public.search_interactions (user_id, created_at desc);

-- ---------------------------------------------------------------------------------------------
-- Operations: error reports, metrics, newsletter, roles, security events
-- ---------------------------------------------------------------------------------------------
create table public.error_reports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users(id) on delete set null,
  message text not null check (length(message) <= 4000),
  context jsonb not null default '{}'::jsonb,          -- {component, action, metadata}
  severity text not null default 'medium' check (severity in ('low','medium','high','critical')),
  reported_at timestamptz not null default now(),
  resolved boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.performance_metrics (
  id uuid primary key default gen_random_uuid(),
  source text not null check (source in ('web-vitals','performance')),
  metric text not null,
  value double precision not null,
  rating text check (rating in ('good','needs-improvement','poor')),
  url text not null default '',
  user_agent text not null default '',
  payload jsonb not null default '{}'::jsonb,
  recorded_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  user_id uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  role text not null check (role in ('admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, role)
);

create table public.security_events (
  id uuid primary key default gen_random_uuid(),
  event_type text not null,        -- sign_in, sign_in_failed, sign_up, rate_limited, password_reset, sign_out
  email text,
  user_id uuid,
  ip text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index security_events_created_idx on public.security_events (created_at desc);

-- ---------------------------------------------------------------------------------------------
-- Sync support: deletion log (tombstones for pullers)
-- ---------------------------------------------------------------------------------------------
create table public.deleted_rows (
  id uuid primary key default gen_random_uuid(),
  table_name text not null,
  row_id uuid not null,
  user_id uuid,                     -- owner of a user row; null for public catalogue rows
  deleted_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index deleted_rows_cursor_idx on public.deleted_rows (updated_at, id);

create or replace function public.log_deletion() returns trigger
language plpgsql security definer set search_path = public as $$
declare owner uuid;
begin
  begin
    owner := (to_jsonb(old) ->> 'user_id')::uuid;
  exception when others then owner := null;
  end;
  insert into public.deleted_rows (table_name, row_id, user_id) values (tg_table_name, old.id, owner);
  return old;
end $$;

-- updated_at + deletion-log triggers on every table with an id
do $$
declare t text;
begin
  foreach t in array array['brands','car_models','reviews','dealers','dealer_members','vehicle_listings',
    'listing_price_history','bookmarks','leads','lead_messages','notifications','price_alerts',
    'user_preferences','user_preference_profiles','personalized_recommendations','search_interactions',
    'error_reports','performance_metrics','newsletter_subscriptions','user_roles','security_events']
  loop
    execute format('create trigger %I before insert or update on public.%I for each row execute function public.touch_updated_at()', t || '_touch', t);
    execute format('create trigger %I after delete on public.%I for each row execute function public.log_deletion()', t || '_log_delete', t);
  end loop;
end $$;
