// The car filters /browse and /marketplace share, under the same URL keys and limits: the one filter
// schema's declarations (@/data/catalogue/filters) read and write them.
import type { BodyStyle, FuelType, Gearbox } from '@/data/catalogue';
import { emptyListingSearch, filterParams, parseSearchParams } from '@/data/catalogue/filters';
import type { ParamValue } from './url-params';

export interface SpecFilters {
  body: BodyStyle[];
  fuel: FuelType[];
  gearbox?: Gearbox;
  seatsMin?: number;
  insuranceMax?: number;
  ulez: boolean;
}

const SPEC_KEYS = new Set(['body', 'fuel', 'gearbox', 'seats', 'ins_max', 'ulez']);

/** ?body=saloon,estate means sedan and wagon (the schema's body filter reads the synonyms). */
export function readSpecFilters(p: URLSearchParams): SpecFilters {
  const { body, fuel, gearbox, seatsMin, insuranceMax, ulez } = parseSearchParams(p);
  return { body, fuel, gearbox, seatsMin, insuranceMax, ulez };
}

/** The URL keys of the shared filters, for serializeFilterParams. */
export function specFilterParams(f: SpecFilters): [key: string, value: ParamValue][] {
  return filterParams({ ...emptyListingSearch(), ...f }).filter(([key]) => SPEC_KEYS.has(key));
}

/** Applies a filter change; any change other than paging goes back to page 1. */
export function patchFilters<T extends { page: number }>(f: T, patch: Partial<T>): T {
  const next = { ...f, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}
