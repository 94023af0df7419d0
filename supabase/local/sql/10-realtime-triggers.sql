-- Local-only change capture for the embedded Realtime server (PGlite has no logical replication).
-- AFTER row triggers on every public table with an id send a small pg_notify payload (pg_notify caps
-- payloads at 8000 bytes): table, operation, the row id and, for updates/deletes, the old key columns
-- (id, user_id and other uuid columns) so DELETE events can be filtered and scoped per user, and the
-- new row when it fits (else the server fetches it). The server checks RLS per subscriber by reading
-- the row as the subscriber. Re-runnable on every boot.
create schema if not exists local_realtime;
revoke all on schema local_realtime from public;

create or replace function local_realtime.notify_change() returns trigger
language plpgsql security definer set search_path = pg_catalog, public as $$
declare
  old_keys jsonb := null;
  old_row jsonb;
  new_row jsonb := null;
  row_id text;
  msg jsonb;
begin
  if tg_op = 'INSERT' then
    row_id := new.id::text;
  else
    row_id := old.id::text;
    old_row := to_jsonb(old);
    if tg_nargs > 0 then
      -- The trigger's arguments name the table's other columns (below): no catalogue query per row.
      old_keys := old_row - tg_argv;
    else
      select jsonb_object_agg(a.attname, old_row -> a.attname)
        into old_keys
        from pg_attribute a
       where a.attrelid = tg_relid and a.attnum > 0 and not a.attisdropped
         and (a.atttypid = 'uuid'::regtype or a.attname in ('id', 'user_id'));
    end if;
    if tg_op = 'UPDATE' then
      row_id := new.id::text;
    end if;
  end if;
  msg := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'id', row_id,
    'old', old_keys,
    'ts', to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  -- The row as it was at this change, when it fits; otherwise the server reads the current row.
  if tg_op <> 'DELETE' then
    new_row := to_jsonb(new);
    if octet_length(new_row::text) + octet_length(msg::text) < 7800 then
      msg := msg || jsonb_build_object('record', new_row);
    end if;
  end if;
  perform pg_notify('local_realtime', msg::text);
  return null;
end $$;

-- Each table's trigger is given the names of its columns that are not keys (not uuid, not id or user_id),
-- which notify_change drops from the old row. Re-created on every boot, after the migrations, so the
-- lists follow the schema.
do $$
declare t record;
begin
  for t in
    select c.relname,
           (select coalesce(string_agg(quote_literal(a.attname), ', ' order by a.attnum), '')
              from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               and not (a.atttypid = 'uuid'::regtype or a.attname in ('id', 'user_id'))) as others
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       and exists (select 1 from pg_attribute a
                    where a.attrelid = c.oid and a.attname = 'id' and a.attnum > 0 and not a.attisdropped)
  loop
    execute format('drop trigger if exists zz_local_realtime on public.%I', t.relname);
    execute format(
      'create trigger zz_local_realtime after insert or update or delete on public.%I
         for each row execute function local_realtime.notify_change(%s)', t.relname, t.others);
  end loop;
end $$;
