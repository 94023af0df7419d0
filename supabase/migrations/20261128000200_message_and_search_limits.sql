-- Issue 31 hole 7: lead messages and search interactions are bounded. One request stored 100 messages
-- of 4 KB each on a lead, and search_interactions took 60 rows of 16 KB in one insert.
--   * rows per request: at most 10 lead messages and 50 search interactions in one request (one
--     transaction: a PostgREST call, or one apply_mutations call however many ops it carries);
--   * rows per user per hour: 60 lead messages and 120 search interactions (enforce_rate_limit from
--     20261123001230; enquiries themselves keep their 5 per hour from 20261123001600);
--   * sizes: a message body at most 2,000 characters (an enquiry's message already is), each jsonb
--     payload of a search interaction at most 4 KB (the app stores a few filters and ids there).
-- Row limits answer SQLSTATE PT429 (HTTP 429) with the SPEC §8 rate-limit sentence and a hint saying
-- which limit; sizes answer 23514 (HTTP 400) naming the constraint. Triggers and CHECKs, so REST and
-- apply_mutations are held alike. Only API callers (anon, authenticated) are counted: the service role,
-- triggers and jobs are not.
-- Plain PostgreSQL: runs on hosted Supabase, PGlite and PostgreSQL 15.

-- ---------------------------------------------------------------------------------------------
-- Rows per request: a transaction-local counter per bucket (a refused or rolled-back part of the
-- request, e.g. apply_mutations' subtransaction, takes its counts back with it).
-- ---------------------------------------------------------------------------------------------
create or replace function public.enforce_rows_per_request(bucket text, max_rows integer, refusal text)
returns void
language plpgsql security definer set search_path = public, pg_temp as $$
declare
  setting constant text := 'motorly.rows_' || bucket;
  so_far constant text := current_setting(setting, true);
  n integer;
begin
  if coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return;
  end if;
  n := case when so_far ~ '^[0-9]{1,9}$' then so_far::integer else 0 end + 1;
  if n > max_rows then
    raise exception '%', refusal using errcode = 'PT429', hint = format('At most %s in one request.', max_rows);
  end if;
  perform set_config(setting, n::text, true);
end $$;

revoke all on function public.enforce_rows_per_request(text, integer, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Lead messages
-- ---------------------------------------------------------------------------------------------
create or replace function public.limit_lead_messages() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform public.enforce_rows_per_request('lead_messages', 10, 'Too many attempts. Please try again later.');
  perform public.enforce_rate_limit('lead_messages', 60, interval '1 hour',
    'Too many attempts. Please try again later.');
  return new;
end $$;

create trigger lead_messages_limit before insert on public.lead_messages
  for each row execute function public.limit_lead_messages();

revoke all on function public.limit_lead_messages() from public, anon, authenticated;

-- The body was 1 to 5,000 characters (an unnamed check); now 1 to 2,000, like an enquiry's message.
update public.lead_messages set body = left(body, 2000) where length(body) > 2000;
alter table public.lead_messages drop constraint if exists lead_messages_body_check;
alter table public.lead_messages
  add constraint lead_messages_body_not_empty check (length(body) >= 1),
  add constraint lead_messages_body_max_2000_chars check (length(body) <= 2000);

-- ---------------------------------------------------------------------------------------------
-- Search interactions (telemetry: the app drops a refused one quietly)
-- ---------------------------------------------------------------------------------------------
create or replace function public.limit_search_interactions() returns trigger
language plpgsql security definer set search_path = public, pg_temp as $$
begin
  perform public.enforce_rows_per_request('search_interactions', 50, 'Too many attempts. Please try again later.');
  perform public.enforce_rate_limit('search_interactions', 120, interval '1 hour',
    'Too many attempts. Please try again later.');
  return new;
end $$;

create trigger search_interactions_limit before insert on public.search_interactions
  for each row execute function public.limit_search_interactions();

revoke all on function public.limit_search_interactions() from public, anon, authenticated;

-- Payloads were capped at 8 KB (filters) and 16 KB (interaction data) by 20261123001220; 4 KB each now.
-- Oversized values fall back to an empty object, as there.
update public.search_interactions set search_filters = '{}'::jsonb where octet_length(search_filters::text) > 4096;
update public.search_interactions set interaction_data = '{}'::jsonb where octet_length(interaction_data::text) > 4096;
alter table public.search_interactions
  drop constraint if exists search_interactions_search_filters_max_8192_bytes,
  drop constraint if exists search_interactions_interaction_data_max_16384_bytes,
  add constraint search_interactions_search_filters_max_4096_bytes check (octet_length(search_filters::text) <= 4096),
  add constraint search_interactions_interaction_data_max_4096_bytes
    check (octet_length(interaction_data::text) <= 4096);
