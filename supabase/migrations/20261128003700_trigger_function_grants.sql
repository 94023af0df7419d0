-- Issue 31, hole 3's kind: trigger functions are nobody's RPC. PostgreSQL fires a trigger whatever its
-- function's EXECUTE grants say, so revoking EXECUTE from the client roles (and PUBLIC) costs nothing and
-- leaves no SECURITY DEFINER trigger body (e.g. set_listing_price_reduction) reachable by a client.
do $$
declare f record;
begin
  for f in select p.oid::regprocedure as sig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and p.prorettype = 'trigger'::regtype
  loop
    execute format('revoke all on function %s from public, anon, authenticated', f.sig);
  end loop;
end $$;
