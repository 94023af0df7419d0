-- apply_mutations, batch path: a batch whose ops all apply runs without a subtransaction per op.
-- Replaces 20261123001210's version (results, errors and rules unchanged; see that file's header).
--
-- Measured on bench:sync's drain (1,000 bookmark toggles, 200 ops a call, PGlite): each op paid two
-- subtransactions (the shape check and the apply), a catalogue lookup of its table and columns, its own
-- ledger insert, and an exactly-once check whose cached generic plan read the ledger through
-- mutation_ledger_user_client_seq_key (user_id only, op_id as a filter): the planner saw a one-page
-- ledger when it cached the plan, where (user_id, client_id, seq) and the primary key (user_id, op_id)
-- cost the same, and kept that plan as the ledger grew, so every op read all of the user's ledger
-- (pg_stat_user_indexes: 200 scans and 220,000 tuples read for the sixth call of 200 ops). That is why
-- the second drain of a session was slower than the first.
--
-- Now:
--   * the ledger is looked up once per call, for every op id at once, by a statement planned for that
--     call (EXECUTE), so its plan is chosen with the ledger as it is (on PGlite, whose statistics stay
--     those of the empty ledger the seed analysed, that may still be one read of the user's ledger, but
--     once per call, not once per op);
--   * fast path: the ops run in order inside ONE subtransaction. Each statement is built (its table and
--     columns checked against the catalogue) and PREPAREd once per call for each table, kind and key
--     set, so an op runs no query but its own write, through a plan made once (planning a dynamic
--     statement per op was about half of an op's cost); the prepared statements are deallocated before
--     the call returns. The ledger rows are inserted by one statement at the end. The attempt commits
--     only if every op that is not a duplicate applies (the results are then exactly what the per-op
--     path returns: all 'applied' or 'duplicate'). Anything else (a bad shape, an unknown table or
--     column, a constraint or RLS failure, an update or delete that reaches no row, a repeated op id,
--     the one-row-per-user and insert-only tables, a concurrent duplicate) rolls the whole attempt back
--     and the batch runs through the per-op path below, which gives each op its own result and error as
--     before. Ops are not grouped into set-based statements: a batch's order matters across rows too
--     (toggling a bookmark deletes one row and creates another under the same unique key).
--   * per-op path: as in 20261123001210, with the exactly-once check against that one lookup plus the
--     ops applied earlier in this call (a concurrent call's commit is still caught by the ledger's
--     primary key, reported as 'duplicate').
-- Still SECURITY INVOKER: every statement, in both paths, runs as the caller under RLS.

create or replace function public.apply_mutations(client_id text, ops jsonb) returns jsonb
language plpgsql security invoker
  set search_path = public, pg_temp set enable_seqscan = off set plan_cache_mode = force_generic_plan as $$
declare
  uid uuid := auth.uid();
  denied constant text[] := array['mutation_ledger','deleted_rows','email_outbox','security_events',
                                   'user_roles','performance_metrics'];
  one_per_user constant text[] := array['user_preferences','user_preference_profiles'];
  insert_only constant text[] := array['error_reports'];   -- clients may insert but not read back
  results jsonb[] := '{}';          -- appended in place (a growing jsonb would be copied per op)
  failed text[] := '{}';             -- 'table/row_id' keys blocked by an earlier failure in this batch
  op jsonb;
  v_op_id uuid;
  v_seq bigint;
  v_type text;
  v_table text;
  v_row uuid;
  v_target uuid;                     -- the id actually written (differs from v_row for merged preferences)
  v_data jsonb;
  v_inc jsonb;
  v_key text;
  v_rel regclass;
  v_pk text;
  v_cols text[];
  v_inc_cols text[];
  v_insert_cols text;                -- ', col1, col2' for an INSERT's column list
  v_insert_vals text;                -- ', r.col1, r.col2' for its SELECT from jsonb_populate_record
  v_unknown text;
  v_sql text;
  v_affected bigint;
  v_written jsonb;
  v_state text;
  v_msg text;
  v_constraint text;
  v_ids uuid[];                      -- every op id of the call (when all are well-formed)
  v_done uuid[] := '{}';             -- op ids already in the user's ledger, or applied earlier in this call
  v_fast boolean := false;
  v_sqls jsonb := '{}';              -- fast path: statement per table, kind and key set, built once per call
  v_shape text;
  v_name text;
  l_op uuid[] := '{}';               -- fast path: the ledger rows, inserted by one statement
  l_seq bigint[] := '{}';
  l_table text[] := '{}';
  l_row uuid[] := '{}';
  l_type text[] := '{}';
begin
  if uid is null then
    raise exception 'apply_mutations requires a signed-in user' using errcode = '42501';
  end if;
  if apply_mutations.client_id is null or length(apply_mutations.client_id) not between 1 and 200 then
    raise exception 'client_id must be a non-empty string of at most 200 characters' using errcode = '22023';
  end if;
  if ops is null or jsonb_typeof(ops) <> 'array' then
    raise exception 'ops must be a JSON array' using errcode = '22023';
  end if;
  if jsonb_array_length(ops) > 1000 then
    raise exception 'At most 1000 ops per call' using errcode = '54000';
  end if;

  -- Keeps the ledger bounded without a scheduler (a no-op index probe while nothing has expired).
  perform public.prune_mutation_ledger(100);

  -- Exactly once, for the whole call: which of these op ids this user already applied. Planned here,
  -- for this call (a cached plan would keep whichever index looked as cheap on an empty ledger).
  if not exists (select 1 from jsonb_array_elements(ops) e(v)
                  where jsonb_typeof(e.v) <> 'object'
                     or coalesce(e.v ->> 'op_id', '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
    select coalesce(array_agg((e.v ->> 'op_id')::uuid), '{}') into v_ids from jsonb_array_elements(ops) e(v);
    -- a repeated op id in one call: the per-op path answers the second 'duplicate'
    v_fast := cardinality(v_ids) = (select count(distinct i) from unnest(v_ids) i);
  else
    select coalesce(array_agg((e.v ->> 'op_id')::uuid), '{}') into v_ids
      from jsonb_array_elements(ops) e(v)
     where jsonb_typeof(e.v) = 'object'
       and coalesce(e.v ->> 'op_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  end if;
  execute 'select coalesce(array_agg(m.op_id), ''{}'') from public.mutation_ledger m
            where m.user_id = $1 and m.op_id = any ($2)'
    into v_done using uid, v_ids;

  -- Fast path: every op in order, one subtransaction for all of them (see the header).
  if v_fast then
    begin
      for op in select e.value from jsonb_array_elements(ops) with ordinality as e(value, n) order by e.n
      loop
        v_op_id := (op ->> 'op_id')::uuid;
        v_seq := (op ->> 'seq')::bigint;
        v_type := op ->> 'type';
        v_table := op ->> 'table';
        v_row := (op ->> 'row_id')::uuid;
        v_data := coalesce(op -> 'data', '{}'::jsonb);
        if v_seq is null or v_table is null or v_row is null or v_type is null
           or v_type not in ('create', 'update', 'delete') or jsonb_typeof(v_data) <> 'object'
           or v_table = any (denied) or v_table = any (one_per_user) or v_table = any (insert_only) then
          raise exception using errcode = 'P0001', message = 'apply_mutations: per-op path';
        end if;
        if v_op_id = any (v_done) then
          results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'duplicate'));
          continue;
        end if;
        v_inc := coalesce(v_data -> '$inc', '{}'::jsonb);
        v_data := v_data - '$inc';
        if jsonb_typeof(v_inc) <> 'object'
           or (v_type <> 'update' and v_inc <> '{}'::jsonb)
           or (v_data ? 'id' and (v_data ->> 'id') is distinct from v_row::text) then
          raise exception using errcode = 'P0001', message = 'apply_mutations: per-op path';
        end if;
        v_data := v_data - 'id';
        if v_inc <> '{}'::jsonb and exists (select 1 from jsonb_each(v_inc) i where jsonb_typeof(i.value) <> 'number') then
          raise exception using errcode = 'P0001', message = 'apply_mutations: per-op path';
        end if;
        -- One statement per table, kind and set of keys, built (its table and columns checked against
        -- the catalogue) the first time the call meets that shape. The key lists come from a plain
        -- function call, not a query: nothing else here runs a query per op.
        v_shape := v_table || ' ' || v_type || ' ' || jsonb_path_query_array(v_data, '$.keyvalue().key')::text
                   || ' ' || jsonb_path_query_array(v_inc, '$.keyvalue().key')::text;
        if not v_sqls ? v_shape then
          v_rel := to_regclass(format('public.%I', v_table));
          if v_rel is null or (select c.relkind from pg_class c where c.oid = v_rel) not in ('r', 'p')
             or exists (select 1 from (select jsonb_object_keys(v_data) union all select jsonb_object_keys(v_inc)) k(k)
                         where not exists (select 1 from pg_attribute a where a.attrelid = v_rel and a.attname = k.k
                                              and a.attnum > 0 and not a.attisdropped)) then
            raise exception using errcode = 'P0001', message = 'apply_mutations: per-op path';
          end if;
          select coalesce(array_agg(k order by k), '{}') into v_cols from jsonb_object_keys(v_data) k;
          select coalesce(array_agg(k order by k), '{}') into v_inc_cols from jsonb_object_keys(v_inc) k;
          if v_cols && v_inc_cols then
            raise exception using errcode = 'P0001', message = 'apply_mutations: per-op path';
          end if;
          -- $1 the data, $2 the row id, $3 the increments (the same statements as the per-op path's)
          if v_type = 'create' then
            v_sql := format('insert into public.%I as t (id%s) select $2%s from jsonb_populate_record(null::public.%I, $1) r'
                            ' returning to_jsonb(t)',
              v_table,
              (select coalesce(string_agg(format(', %I', c), '' order by o), '') from unnest(v_cols) with ordinality u(c, o)),
              (select coalesce(string_agg(format(', r.%I', c), '' order by o), '') from unnest(v_cols) with ordinality u(c, o)),
              v_table);
          elsif v_type = 'update' and cardinality(v_cols) + cardinality(v_inc_cols) > 0 then
            v_sql := format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2 '
                            'returning to_jsonb(t)',
              v_table,
              array_to_string(
                array(select format('%1$I = r.%1$I', c) from unnest(v_cols) c)
                || array(select format('%1$I = t.%1$I + ($3 ->> %2$L)::numeric', c, c) from unnest(v_inc_cols) c),
                ', '),
              v_table);
          elsif v_type = 'update' then
            -- nothing to set: still only a row the caller may change (FOR UPDATE applies the UPDATE policy)
            v_sql := format('select to_jsonb(t) from public.%I t where t.id = $2 for update', v_table);
          else
            v_sql := format('delete from public.%I where id = $2', v_table);
          end if;
          -- Prepared for the rest of the call, so it is planned once (a generic plan: the function sets
          -- plan_cache_mode), not once per op as a dynamic statement is. PREPARE is not transactional:
          -- the statements are deallocated before the call returns, by the exception handler too.
          v_name := 'apply_mutations_' || (select count(*) from jsonb_object_keys(v_sqls));
          if exists (select 1 from pg_prepared_statements p where p.name = v_name) then
            execute format('deallocate %I', v_name);   -- left by a cancelled call in this session
          end if;
          execute format('prepare %I (jsonb, uuid, jsonb) as %s', v_name,
            case when v_type = 'delete' then v_sql || ' returning null::jsonb' else v_sql end);
          v_sqls := v_sqls || jsonb_build_object(v_shape, v_name);
        end if;
        -- The values as literals of the prepared parameters' types (EXECUTE's parameters do not reach
        -- the utility statement EXECUTE).
        execute format('execute %I (%L, %L, %L)', v_sqls ->> v_shape, v_data, v_row, v_inc) into v_written;
        get diagnostics v_affected = row_count;
        if v_affected = 0 then
          raise exception using errcode = 'P0001', message = 'apply_mutations: per-op path';
        end if;
        l_op := l_op || v_op_id;
        l_seq := l_seq || v_seq;
        l_table := l_table || v_table;
        l_row := l_row || v_row;
        l_type := l_type || v_type;
        results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'applied',
          'affected', v_affected, 'row', v_written));
      end loop;
      perform set_config('motorly.ledger_write', 'on', true);
      insert into public.mutation_ledger (op_id, client_id, seq, user_id, table_name, row_id, op_type)
      select u.op_id, apply_mutations.client_id, u.seq, uid, u.table_name, u.row_id, u.op_type
        from unnest(l_op, l_seq, l_table, l_row, l_type) u(op_id, seq, table_name, row_id, op_type);
      perform set_config('motorly.ledger_write', 'off', true);
      for v_name in select jsonb_object_keys(v_sqls) loop
        execute format('deallocate %I', v_sqls ->> v_name);
      end loop;
      return to_jsonb(results);
    exception when others then
      -- Rolled back: every op goes again, one at a time, each with its own result.
      results := '{}';
      for v_name in select p.name from pg_prepared_statements p where p.name like 'apply\_mutations\_%' loop
        execute format('deallocate %I', v_name);
      end loop;
    end;
  end if;

  for op in select e.value from jsonb_array_elements(ops) with ordinality as e(value, n) order by e.n
  loop
    -- 1. Shape. Bad input is this op's error; nothing was written.
    begin
      if jsonb_typeof(op) <> 'object' then
        raise exception 'Each op must be a JSON object' using errcode = '22023';
      end if;
      v_op_id := (op ->> 'op_id')::uuid;
      v_seq := (op ->> 'seq')::bigint;
      v_type := op ->> 'type';
      v_table := op ->> 'table';
      v_row := (op ->> 'row_id')::uuid;
      v_data := coalesce(op -> 'data', '{}'::jsonb);
      if v_op_id is null or v_seq is null or v_table is null or v_row is null then
        raise exception 'op_id, seq, table and row_id are required' using errcode = '22023';
      end if;
      if v_type is null or v_type not in ('create', 'update', 'delete') then
        raise exception 'type must be create, update or delete' using errcode = '22023';
      end if;
      if jsonb_typeof(v_data) <> 'object' then
        raise exception 'data must be a JSON object' using errcode = '22023';
      end if;
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_msg = message_text;
      results := array_append(results, jsonb_build_object(
        'op_id', op -> 'op_id', 'status', 'error', 'code', v_state, 'message', v_msg));
      continue;
    end;

    -- 2. Exactly once per user: already in this user's ledger -> nothing is re-applied.
    if v_op_id = any (v_done) then
      results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'duplicate'));
      continue;
    end if;

    v_key := v_table || '/' || v_row::text;
    if v_key = any (failed) then
      results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'skipped',
        'message', 'An earlier change to the same row failed'));
      continue;
    end if;

    -- 3. Target table: a public base table outside the internal denylist.
    v_rel := to_regclass(format('public.%I', v_table));
    if v_rel is null or v_table = any (denied)
       or (select c.relkind from pg_class c where c.oid = v_rel) not in ('r', 'p') then
      failed := failed || v_key;
      results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'error',
        'code', '42501', 'message', format('Table %s cannot be changed through sync', v_table)));
      continue;
    end if;

    -- 4. Columns: every key must be a column of the table (PostgREST's PGRST204 otherwise).
    v_inc := coalesce(v_data -> '$inc', '{}'::jsonb);
    v_data := v_data - '$inc';
    select k into v_unknown
      from (select jsonb_object_keys(v_data) as k
            union all
            select jsonb_object_keys(case when jsonb_typeof(v_inc) = 'object' then v_inc else '{}' end)) keys
     where not exists (select 1 from pg_attribute a
                        where a.attrelid = v_rel and a.attname = keys.k and a.attnum > 0 and not a.attisdropped)
     limit 1;
    if v_unknown is not null then
      failed := failed || v_key;
      results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'error',
        'code', 'PGRST204',
        'message', format('Could not find the ''%s'' column of ''%s'' in the schema cache', v_unknown, v_table)));
      continue;
    end if;

    -- 5. Apply + ledger, atomically, in a subtransaction.
    begin
      if jsonb_typeof(v_inc) <> 'object'
         or exists (select 1 from jsonb_each(v_inc) i where jsonb_typeof(i.value) <> 'number') then
        raise exception '"$inc" must map columns to numbers' using errcode = '22023';
      end if;
      if v_type <> 'update' and v_inc <> '{}'::jsonb then
        raise exception '"$inc" is only allowed on update' using errcode = '22023';
      end if;
      if v_data ? 'id' and (v_data ->> 'id') is distinct from v_row::text then
        raise exception 'data.id must equal row_id' using errcode = '22023';
      end if;
      v_data := v_data - 'id';
      select coalesce(array_agg(k order by k), '{}') into v_cols from jsonb_object_keys(v_data) k;
      select coalesce(array_agg(k order by k), '{}') into v_inc_cols from jsonb_object_keys(v_inc) k;
      if v_cols && v_inc_cols then
        raise exception 'A column cannot be both set and incremented' using errcode = '22023';
      end if;
      select coalesce(string_agg(format(', %I', c), '' order by o), ''),
             coalesce(string_agg(format(', r.%I', c), '' order by o), '')
        into v_insert_cols, v_insert_vals
        from unnest(v_cols) with ordinality u(c, o);
      v_affected := 0;
      v_written := null;
      v_target := v_row;

      -- One row per user: an unknown row_id on update/delete means the caller's own row.
      if v_table = any (one_per_user) and v_type <> 'create' then
        execute format('select t.id from public.%I t where t.id = $1 or t.user_id = $2 order by t.id = $1 desc limit 1',
          v_table) into v_target using v_row, uid;
        v_target := coalesce(v_target, v_row);
      end if;

      if v_type = 'create' and v_table = any (one_per_user) then
        -- Upsert on user_id: a second device's first save merges into the row the first device made.
        execute format('insert into public.%I as t (id%s) select $2%s from jsonb_populate_record(null::public.%I, $1) r'
                       ' on conflict (user_id) do update set %s returning to_jsonb(t)',
          v_table,
          v_insert_cols,
          v_insert_vals,
          v_table,
          (select string_agg(format('%1$I = excluded.%1$I', c), ', ')
             from unnest(array_append(array_remove(v_cols, 'user_id'), 'user_id')) c))
          into v_written using v_data, v_row;
        get diagnostics v_affected = row_count;
      elsif v_type = 'create' then
        -- RETURNING needs the new row to be readable by the caller: not on insert-only tables.
        v_sql := format('insert into public.%I as t (id%s) select $2%s'
                        ' from jsonb_populate_record(null::public.%I, $1) r%s',
          v_table,
          v_insert_cols,
          v_insert_vals,
          v_table,
          case when v_table = any (insert_only) then '' else ' returning to_jsonb(t)' end);
        begin
          if v_table = any (insert_only) then
            execute v_sql using v_data, v_row;
          else
            execute v_sql into v_written using v_data, v_row;
          end if;
          get diagnostics v_affected = row_count;
        exception when unique_violation then
          -- Same id already there: idempotent create = update the given columns (ON CONFLICT (id) DO UPDATE
          -- without the SELECT-visibility that ON CONFLICT demands, so write-only tables work too).
          get stacked diagnostics v_constraint = constraint_name;
          select c.conname into v_pk from pg_constraint c where c.conrelid = v_rel and c.contype = 'p';
          if v_constraint is distinct from v_pk then
            raise;
          end if;
          if cardinality(v_cols) > 0 then
            execute format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r'
                           ' where t.id = $2 returning to_jsonb(t)',
              v_table,
              (select string_agg(format('%1$I = r.%1$I', c), ', ') from unnest(v_cols) c),
              v_table)
              into v_written using v_data, v_row;
            get diagnostics v_affected = row_count;
          end if;
          if v_affected = 0 then
            raise;   -- the existing row is not the caller's to change: report the conflict
          end if;
        end;
        if v_table = any (insert_only) then
          v_written := null;
        end if;
      elsif v_type = 'update' then
        if cardinality(v_cols) + cardinality(v_inc_cols) > 0 then
          v_sql := format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2 '
                          'returning to_jsonb(t)',
            v_table,
            array_to_string(
              array(select format('%1$I = r.%1$I', c) from unnest(v_cols) c)
              || array(select format('%1$I = t.%1$I + ($3 ->> %2$L)::numeric', c, c) from unnest(v_inc_cols) c),
              ', '),
            v_table);
          execute v_sql into v_written using v_data, v_target, v_inc;
          get diagnostics v_affected = row_count;
        else
          -- Nothing to set: still only a row the caller may change (FOR UPDATE applies the UPDATE policy).
          execute format('select to_jsonb(t) from public.%I t where t.id = $1 for update', v_table)
            into v_written using v_target;
          v_affected := case when v_written is null then 0 else 1 end;
        end if;
      else
        execute format('delete from public.%I where id = $1', v_table) using v_target;
        get diagnostics v_affected = row_count;
      end if;

      if v_affected = 0 then
        -- Missing and hidden look the same on purpose: RLS does not say which rows exist.
        raise exception 'The row does not exist or you may not change it' using errcode = '42501';
      end if;

      perform set_config('motorly.ledger_write', 'on', true);
      insert into public.mutation_ledger (op_id, client_id, seq, user_id, table_name, row_id, op_type)
      values (v_op_id, apply_mutations.client_id, v_seq, uid, v_table, v_row, v_type);
      perform set_config('motorly.ledger_write', 'off', true);
      v_done := v_done || v_op_id;

      results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'applied',
        'affected', v_affected, 'row', v_written));
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_msg = message_text, v_constraint = constraint_name;
      if v_state = '23505' and v_constraint = 'mutation_ledger_pkey' then
        -- the same op committed meanwhile in a concurrent call: its changes here were rolled back
        results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'duplicate'));
      else
        failed := failed || v_key;
        results := array_append(results, jsonb_build_object('op_id', v_op_id, 'status', 'error',
          'code', v_state, 'message', v_msg));
      end if;
    end;
  end loop;

  return to_jsonb(results);
end $$;

revoke all on function public.apply_mutations(text, jsonb) from public, anon;
grant execute on function public.apply_mutations(text, jsonb) to authenticated, service_role;
