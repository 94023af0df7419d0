-- GoTrue-style session state for the local Auth service: sessions, rotating refresh tokens and
-- one-time (recovery) tokens. Idempotent: runs on every boot after 02-auth.sql created auth.users.
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  aal text not null default 'aal1',
  user_agent text,
  ip text,
  not_after timestamptz,
  refreshed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users(id) on delete cascade,
  session_id uuid not null references auth.sessions(id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

-- token_hash = sha256(email || otp) in hex, so both the link (token_hash) and the 6-digit code work.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  token_type text not null check (token_type in ('recovery_token')),
  token_hash text not null unique,
  relates_to text not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists one_time_tokens_user_idx on auth.one_time_tokens (user_id, token_type);

-- Only the stack (table owner) touches these; API roles must not read tokens.
revoke all on auth.sessions, auth.refresh_tokens, auth.one_time_tokens from public;
do $$
declare r text;
begin
  foreach r in array array['anon','authenticated','service_role'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on auth.sessions, auth.refresh_tokens, auth.one_time_tokens from %I', r);
    end if;
  end loop;
end $$;

-- How the session was started (password, otp, recovery): kept for the amr claim across refreshes.
alter table auth.sessions add column if not exists auth_method text not null default 'password';
