// Per-request plumbing: Prefer header, query-string parameters applied to the read tree, the
// role/claims transaction prelude and the JSON body.
import type { Queryable, JwtClaims } from '../types';
import { ApiError, badRequest } from './errors';
import { findNode, type ReadNode } from './plan';
import { parseFieldPath, parseLogicTree, parseNonNegInt, parseOperation, parseOrder } from './parse';

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
}

export function parsePrefer(header: string | undefined): Prefer {
  const p: Prefer = { return: null, count: null, resolution: null, missing: null };
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part
      .trim()
      .split('=')
      .map((s) => s?.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) p.return = v;
    if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = v;
    if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) p.resolution = v;
    if (k === 'missing' && (v === 'default' || v === 'null')) p.missing = v;
  }
  return p;
}

/** Parameters that are not filters. */
const RESERVED = new Set([
  'select',
  'columns',
  'on_conflict',
  'limit',
  'offset',
  'order',
  'or',
  'and',
  'not.or',
  'not.and',
]);

/** Applies filters, order, limit/offset and logic trees (root and embedded) to the read tree. */
export function applyQuery(root: ReadNode, params: URLSearchParams, skip: Set<string> = new Set()): void {
  for (const [key, value] of params) {
    if (skip.has(key) || key === 'select' || key === 'columns' || key === 'on_conflict') continue;
    const parts = key.split('.');
    const last = parts.at(-1)!;
    let negTree = false;
    let path: string[];
    let what: string;
    if (parts.length >= 2 && parts.at(-2) === 'not' && (last === 'or' || last === 'and')) {
      negTree = true;
      path = parts.slice(0, -2);
      what = last;
    } else if (['order', 'limit', 'offset', 'or', 'and'].includes(last)) {
      path = parts.slice(0, -1);
      what = last;
    } else {
      path = parts.slice(0, -1);
      what = 'filter';
    }
    const node = findNode(root, path);
    if (!node) {
      throw badRequest(
        `"failed to parse filter (${key.slice(0, 60)})"`,
        `"${path.join('.')}" is not an embedded resource in this request`,
      );
    }
    switch (what) {
      case 'order':
        node.order = parseOrder(value);
        break;
      case 'limit':
        node.limit = parseNonNegInt(value, 'limit');
        break;
      case 'offset':
        node.offset = parseNonNegInt(value, 'offset');
        break;
      case 'or':
      case 'and':
        node.filters.push(parseLogicTree(what, negTree, value));
        break;
      default: {
        const child = node.children.find((c) => c.key === last || c.name === last);
        if (child && !node.rel.columns.has(last)) {
          if (value !== 'is.null' && value !== 'not.is.null') {
            throw badRequest(
              '"failed to parse filter"',
              `Only is.null and not.is.null can filter an embedded resource ("${last}")`,
            );
          }
          node.embedNullFilters.push({ key: child.key, isNull: value === 'is.null' });
        } else node.filters.push(parseOperation(parseFieldPath(last), value, false));
      }
    }
  }
}

export const isReserved = (k: string) => RESERVED.has(k);

export interface RequestInfo {
  claims: JwtClaims;
  method: string;
  path: string;
  headers: Record<string, string>;
  readOnly: boolean;
  /** statement_timeout for the API roles, as Supabase sets it on anon/authenticated; 0 = none. */
  statementTimeoutMs?: number;
}

/** The role's statement_timeout (service_role keeps the server's, as on Supabase). */
function timeoutFor(info: RequestInfo): string | null {
  if (info.claims.role === 'service_role' || !info.statementTimeoutMs) return null;
  return `${Math.trunc(info.statementTimeoutMs)}ms`;
}

/**
 * First statement of every request transaction: role + claims, so RLS decides. One round trip:
 * transaction_read_only may be switched on mid-transaction (only switching it off is restricted).
 */
export async function setRequestContext(tx: Queryable, info: RequestInfo): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
      set_config('request.method', $3, true), set_config('request.path', $4, true),
      set_config('request.headers', $5, true), set_config('search_path', 'public, extensions', true),
      set_config('transaction_read_only', $6, true),
      set_config('statement_timeout', coalesce($7, current_setting('statement_timeout')), true),
      set_config('local_rest.embed_used', '0', true)`,
    [
      info.claims.role,
      JSON.stringify(info.claims),
      info.method,
      info.path,
      JSON.stringify(info.headers),
      info.readOnly ? 'on' : 'off',
      timeoutFor(info),
    ],
  );
}

/** Parses a JSON request body; PostgREST answers PGRST102 for anything unparsable. */
export function parseJsonBody(text: string, allowEmpty: boolean): unknown {
  if (text.trim() === '') {
    if (allowEmpty) return {};
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
