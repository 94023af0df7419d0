// GET/HEAD on a table or view.
import { MAX_RESPONSE_BYTES, MAX_ROWS } from '../config';
import { ApiError } from './errors';
import { quoteIdent as q } from '../db/sql';
import type { Queryable } from '../types';
import type { Prefer } from './request';
import { applyQuery } from './request';
import { AliasGen, Params, planSelect, readSql } from './plan';
import { parseSelect } from './parse';
import type { Relation, SchemaCache } from './schema-cache';
import { rangeStatus, singleObject } from './response';

export interface ReadOutcome {
  status: number;
  body: string;
  contentRange: string;
}

interface ReadRow {
  total: number | null;
  page_count: number;
  body: string;
}

export function planRead(schema: SchemaCache, rel: Relation, query: URLSearchParams, skip?: Set<string>) {
  const root = planSelect(schema, rel, parseSelect(query.get('select') ?? '*'), new AliasGen());
  applyQuery(root, query, skip);
  return root;
}

export async function runRead(
  tx: Queryable,
  schema: SchemaCache,
  rel: Relation,
  query: URLSearchParams,
  opts: {
    prefer: Prefer;
    single: boolean;
    source?: string;
    prelude?: string;
    preludeParams?: Params;
    skip?: Set<string>;
    capRows?: boolean;
  },
): Promise<ReadOutcome> {
  const root = planRead(schema, rel, query, opts.skip);
  if (opts.capRows !== false) root.limit = Math.min(root.limit ?? MAX_ROWS, MAX_ROWS);
  const params = opts.preludeParams ?? new Params();
  const sql = readSql(root, params, {
    source: opts.source ?? `public.${q(rel.name)}`,
    withCount: opts.prefer.count !== null,
    prelude: opts.prelude,
  });
  const row = (await tx.query<ReadRow>(sql, params.values, { prepare: true })).rows[0];
  const total = row.total === null ? null : Number(row.total);
  const pageCount = Number(row.page_count);
  const { status, contentRange } = rangeStatus(root.offset ?? 0, pageCount, total);
  if (row.body.length > MAX_RESPONSE_BYTES) {
    throw new ApiError(
      400,
      'PGRST190',
      'Response too large',
      `The response would exceed ${MAX_RESPONSE_BYTES} bytes`,
      'Select fewer columns or rows',
    );
  }
  const body = opts.single ? singleObject(row.body, pageCount) : row.body;
  return { status, body, contentRange };
}
