// The car filters /browse and /marketplace share, under the same URL keys and limits.
import { BODY_STYLES, FUEL_TYPES, GEARBOXES, type BodyStyle, type FuelType, type Gearbox } from '@/data/catalogue';
import { canonicalBodyList } from '@/shared/lib/uk';
import { readInt, readList, readOne, type ParamValue } from './url-params';

export interface SpecFilters {
  body: BodyStyle[];
  fuel: FuelType[];
  gearbox?: Gearbox;
  seatsMin?: number;
  insuranceMax?: number;
  ulez: boolean;
}

/** ?body=saloon,estate means sedan and wagon (the one synonym table is bodyStyleFromWord's). */
function readBodyStyles(p: URLSearchParams): BodyStyle[] {
  const canonical = new URLSearchParams({ body: canonicalBodyList(p.get('body') ?? '') });
  return readList(canonical, 'body', BODY_STYLES);
}

export function readSpecFilters(p: URLSearchParams): SpecFilters {
  return {
    body: readBodyStyles(p),
    fuel: readList(p, 'fuel', FUEL_TYPES),
    gearbox: readOne(p, 'gearbox', GEARBOXES),
    seatsMin: readInt(p, 'seats', 1, 9),
    insuranceMax: readInt(p, 'ins_max', 1, 50),
    ulez: p.get('ulez') === '1',
  };
}

/** The URL keys of the shared filters, for serializeFilterParams. */
export function specFilterParams(f: SpecFilters): [key: string, value: ParamValue][] {
  return [
    ['body', f.body],
    ['fuel', f.fuel],
    ['gearbox', f.gearbox],
    ['seats', f.seatsMin],
    ['ins_max', f.insuranceMax],
    ['ulez', f.ulez],
  ];
}

/** Applies a filter change; any change other than paging goes back to page 1. */
export function patchFilters<T extends { page: number }>(f: T, patch: Partial<T>): T {
  const next = { ...f, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}
