-- Demo accounts (runs once, after the catalogue seed; also fine on hosted Supabase and idempotent).
--   shopper@example.com / Shopper!Drive2026       a signed-in buyer
--   dealer@example.com  / Dealer!Forecourt2026    owner member of the dealer with the first slug
--   admin@example.com   / Admin!Control2026       admin (public.user_roles)
-- Passwords are bcrypt hashes from pgcrypto (schema looked up: 'extensions' on Supabase, maybe 'public'
-- elsewhere). GoTrue's token columns must be '' rather than NULL, so they are filled where they exist.
do $$
declare
  crypto_schema text;
  hash_sql text;
  pw_hash text;
  acct record;
  tok text;
  first_dealer uuid;
  demo_ids uuid[] := array['5e0d0000-0000-4000-8000-000000000001', '5e0d0000-0000-4000-8000-000000000002',
                           '5e0d0000-0000-4000-8000-000000000003']::uuid[];
begin
  select n.nspname into crypto_schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto';
  if crypto_schema is null then
    raise exception 'seed.sql needs the pgcrypto extension';
  end if;
  hash_sql := format('select %1$I.crypt($1, %1$I.gen_salt(''bf''))', crypto_schema);

  for acct in
    select * from (values
      (demo_ids[1], 'shopper@example.com', 'Shopper!Drive2026', 'Sam Shopper'),
      (demo_ids[2], 'dealer@example.com', 'Dealer!Forecourt2026', 'Dana Dealer'),
      (demo_ids[3], 'admin@example.com', 'Admin!Control2026', 'Alex Admin')
    ) as v(id, email, password, full_name)
  loop
    if not exists (select 1 from auth.users u where u.id = acct.id or lower(u.email) = acct.email) then
      execute hash_sql into pw_hash using acct.password;
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                              raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      values ('00000000-0000-0000-0000-000000000000', acct.id, 'authenticated', 'authenticated', acct.email,
              pw_hash, now(), '{"provider":"email","providers":["email"]}'::jsonb,
              jsonb_build_object('full_name', acct.full_name), now(), now())
      on conflict do nothing;
    end if;
  end loop;

  foreach tok in array array['confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change',
    'email_change_token_current', 'phone_change', 'phone_change_token', 'reauthentication_token']
  loop
    if exists (select 1 from information_schema.columns
                where table_schema = 'auth' and table_name = 'users' and column_name = tok) then
      execute format('update auth.users set %1$I = coalesce(%1$I, '''') where id = any ($1)', tok) using demo_ids;
    end if;
  end loop;

  -- Hosted GoTrue signs in through auth.identities; newer layouts have provider_id, older ones used id text.
  if to_regclass('auth.identities') is not null then
    if exists (select 1 from information_schema.columns
                where table_schema = 'auth' and table_name = 'identities' and column_name = 'provider_id') then
      insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      select u.id::text, u.id,
             jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
             'email', now(), now(), now()
        from auth.users u where u.id = any (demo_ids)
      on conflict do nothing;
    else
      execute 'insert into auth.identities (id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
               select u.id::text, u.id, jsonb_build_object(''sub'', u.id::text, ''email'', u.email), ''email'', now(), now(), now()
                 from auth.users u where u.id = any ($1)
               on conflict do nothing' using demo_ids;
    end if;
  end if;

  insert into public.user_preferences (user_id)
  select u.id from auth.users u where u.id = any (demo_ids)
  on conflict do nothing;

  select d.id into first_dealer from public.dealers d order by d.slug limit 1;
  if first_dealer is not null and exists (select 1 from auth.users u where u.id = demo_ids[2]) then
    insert into public.dealer_members (dealer_id, user_id, role)
    values (first_dealer, demo_ids[2], 'owner')
    on conflict do nothing;
  end if;

  insert into public.user_roles (user_id, role)
  select u.id, 'admin' from auth.users u where u.id = demo_ids[3]
  on conflict do nothing;
end $$;
