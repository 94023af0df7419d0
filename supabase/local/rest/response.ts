// Building PostgREST responses: Content-Range, 200/206/416, singular object responses.
import { ApiError } from './errors';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export interface RangeResult {
  status: number;
  contentRange: string;
}

/** PostgREST's rangeStatusHeader: 416 past the end, 206 when a count shows more rows exist. */
export function rangeStatus(offset: number, pageCount: number, total: number | null): RangeResult {
  const upper = offset + pageCount - 1;
  const totalNotZero = total === null || total !== 0;
  const range = totalNotZero && offset <= upper ? `${offset}-${upper}` : '*';
  const contentRange = `${range}/${total === null ? '*' : total}`;
  if (total === null) return { status: 200, contentRange };
  if (offset > total) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { 'Content-Range': `*/${total}` },
    );
  }
  if (1 + upper - offset < total) return { status: 206, contentRange };
  return { status: 200, contentRange };
}

/** `.single()`: exactly one row or 406 PGRST116 (thrown inside the transaction, so it rolls back). */
export function singleObject(body: string, count: number): string {
  if (count !== 1) {
    throw new ApiError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${count} rows`,
    );
  }
  return JSON.stringify((JSON.parse(body) as unknown[])[0]);
}

export const wantsObject = (accept: string | undefined) => (accept ?? '').includes('application/vnd.pgrst.object+json');
