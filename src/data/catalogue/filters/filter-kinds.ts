// The shape every filter declaration has (declarations.ts), and builders for the common kinds: a
// whole-number bound and a list of allowed words.
import { readInt, readList, type ParamValue } from '@/shared/lib/url-params';
import type { ListingRow } from '../types';
import type { ListingSearch } from './listing-search';

/** Slug and price lookups the local predicates need (built from the brand and model rows). */
export interface MatchContext {
  brandIdOf(slug: string): string | undefined;
  /** Ids of the brand's models with this slug (none when either is unknown). */
  modelIdsOf(brandSlug: string, modelSlug: string): readonly string[];
  /** The model's list price (annual tax); undefined when the model is not held. */
  listPriceOf(modelId: string): number | undefined;
}

export type RowTest = (row: ListingRow) => boolean;

export interface FilterDeclaration {
  readonly name: string;
  /** URL keys it reads and writes, in the URL's order. */
  readonly urlKeys: readonly string[];
  /** search_listings filter keys it may send. */
  readonly rpcKeys: readonly string[];
  /** Of its RPC keys, those a saved search stores (saved_search_matches matches only these). */
  readonly savedKeys: readonly string[];
  /** Its fields from the URL; junk reads as absent, never throws. */
  parse(p: URLSearchParams): Partial<ListingSearch>;
  serialise(s: ListingSearch): [key: string, value: ParamValue][];
  /** Its search_listings filter values (no key when the filter is off). */
  rpc(s: ListingSearch): Record<string, unknown>;
  /** The local predicate, or undefined when the filter is off. */
  predicate(s: ListingSearch, ctx: MatchContext): RowTest | undefined;
}

/** Only the defined values (an RPC filter object or a saved search never holds undefined). */
export function defined(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/** A min/max pair read from the URL, swapped when inverted (a hand-edited link). */
export function readRange(p: URLSearchParams, lo: string, hi: string, min: number, max: number) {
  const a = readInt(p, lo, min, max);
  const b = readInt(p, hi, min, max);
  return a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
}

/** A single whole-number bound: `field` in the search, `key` in the URL, the RPC and saved searches. */
export function bound(
  name: string,
  field: 'mileageMax' | 'seatsMin' | 'insuranceMax' | 'taxMax',
  key: string,
  limits: [number, number],
  saved: boolean,
  test: (row: ListingRow, limit: number, ctx: MatchContext) => boolean,
): FilterDeclaration {
  return {
    name,
    urlKeys: [key],
    rpcKeys: [key],
    savedKeys: saved ? [key] : [],
    parse: (p) => ({ [field]: readInt(p, key, ...limits) }),
    serialise: (s) => [[key, s[field]]],
    rpc: (s) => defined({ [key]: s[field] }),
    predicate: (s, ctx) => {
      const limit = s[field];
      return limit === undefined ? undefined : (row) => test(row, limit, ctx);
    },
  };
}

/** A list of allowed words (body, fuel): any of them matches. */
export function words<F extends 'body' | 'fuel'>(
  field: F,
  allowed: readonly ListingSearch[F][number][],
  read: (raw: string) => string = (raw) => raw,
): FilterDeclaration {
  return {
    name: field,
    urlKeys: [field],
    rpcKeys: [field],
    savedKeys: [field],
    parse: (p) => ({ [field]: readList(new URLSearchParams({ v: read(p.get(field) ?? '') }), 'v', allowed) }),
    serialise: (s) => [[field, s[field]]],
    rpc: (s) => defined({ [field]: s[field].length ? [...s[field]] : undefined }),
    predicate: (s) => {
      const wanted: readonly string[] = s[field];
      const column = field === 'body' ? 'body_style' : 'fuel_type';
      return wanted.length ? (row) => wanted.includes(row[column]) : undefined;
    },
  };
}
