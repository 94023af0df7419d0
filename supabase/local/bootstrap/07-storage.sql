-- Schema storage as Supabase Storage lays it out (storage.buckets, storage.objects and the path helpers
-- policies call), so migrations written for hosted Supabase run here unchanged. RLS is on and there are no
-- policies by default: only service_role (bypassrls) touches anything until a migration adds policies.
-- The bytes themselves live outside these tables (supabase/local/storage/blobs.ts).
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  level integer
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
-- Row privileges only (no TRUNCATE, which RLS does not stop). Buckets are the service role's; object
-- writes are granted as hosted Supabase grants them, and RLS decides (anon has no write policy, so its
-- remove() finds nothing to remove, as on hosted Storage).
grant select on storage.buckets, storage.objects to anon, authenticated;
grant insert, update, delete on storage.objects to anon, authenticated;
grant select, insert, update, delete on storage.buckets, storage.objects to service_role;

-- storage.foldername('a/b/c.jpg') = {a,b}; filename = 'c.jpg'; extension = 'jpg' (Supabase's definitions).
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end $$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end $$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end $$;
revoke all on function storage.update_updated_at_column() from public, anon, authenticated;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- The bytes, when the stack runs on DATABASE_URL (PGlite keeps them as files in its data directory).
-- No client role may read it: objects are served by the Storage API after RLS said yes.
create schema if not exists storage_local;
revoke all on schema storage_local from public;
create table if not exists storage_local.blobs (
  key text primary key,
  data bytea not null,
  created_at timestamptz not null default now()
);
