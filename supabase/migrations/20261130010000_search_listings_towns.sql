-- Server search (issue 32): search_listings' answer carries `towns`, {dealer_id: town} for the dealers of
-- its rows, so a first visit's cards show the dealer's town from the first paint (before the app has synced
-- the dealers, the cards showed the outcode, then the town). The function is as in 20261128001400 (still
-- security invoker: dealers_read_all lets anyone read a dealer's town) around the same run, unchanged; the
-- lookup is by primary key for at most page_size dealers, and nothing but the rows' dealers' towns is added.
create or replace function public.search_listings(filters jsonb default '{}', sort text default 'relevance',
  after text default null, page_size integer default 20, include_counts boolean default true) returns jsonb
language sql stable security invoker set search_path = public, pg_temp as $$
  with a as materialized (
    select public.search_listings_run(filters, sort, after, page_size, include_counts, false) j)
  select a.j || jsonb_build_object('towns', coalesce((
      select jsonb_object_agg(d.id, d.town)
      from (select distinct (r ->> 'dealer_id')::uuid id from jsonb_array_elements(a.j -> 'rows') r) x
      join public.dealers d on d.id = x.id), '{}'))
  from a
$$;

grant execute on function public.search_listings(jsonb, text, text, integer, boolean) to anon, authenticated;
