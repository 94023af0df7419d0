-- Issue 31 hole 5: the notification settings' test e-mail. A signed-in user may mail the fixed test
-- e-mail to their own confirmed address only, at most 3 times an hour per user and per recipient address
-- (an address can move between accounts). The send-notification-email function claims a slot here with
-- the service role before it sends; no client role can call this function.
-- Over the limit: SQLSTATE PT429 (HTTP 429 through PostgREST), counted in private.rate_limit_hits
-- (20261123001230_rate_limits.sql). Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

-- Returns the address to send to (the account's confirmed e-mail, lower-cased) and counts one send
-- against both limits; raises PT404 when the account has no confirmed address, PT429 when either limit is
-- reached (nothing is counted then).
create or replace function public.claim_test_email(p_user_id uuid)
returns text
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  max_hits constant integer := 3;
  per constant interval := interval '1 hour';
  addr text;
  subjects text[];
  s text;
  recent integer;
begin
  select lower(u.email) into addr
    from auth.users u
   where u.id = p_user_id and u.email is not null and u.email_confirmed_at is not null;
  if addr is null then
    raise exception 'This account has no confirmed e-mail address.' using errcode = 'PT404';
  end if;

  -- the user first, then the address: every caller takes the locks in the same order
  subjects := array['user:' || p_user_id::text, 'rcpt:' || addr];
  foreach s in array subjects loop
    perform pg_advisory_xact_lock(hashtext('motorly.rate_limit'), hashtext('test_email/' || s));
    delete from private.rate_limit_hits h
     where h.bucket = 'test_email' and h.subject = s and h.hit_at <= clock_timestamp() - per;
    select count(*) into recent from private.rate_limit_hits h where h.bucket = 'test_email' and h.subject = s;
    if recent >= max_hits then
      raise exception 'Too many test e-mails. Please try again in an hour.'
        using errcode = 'PT429', hint = format('At most %s test e-mails per hour.', max_hits);
    end if;
  end loop;

  insert into private.rate_limit_hits (bucket, subject) select 'test_email', unnest(subjects);
  return addr;
end $$;

revoke all on function public.claim_test_email(uuid) from public, anon, authenticated;
grant execute on function public.claim_test_email(uuid) to service_role;
