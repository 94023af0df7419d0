/**
 * One declaration per marketplace filter: its URL keys with parse and serialise, the keys and values it
 * sends to search_listings (search_listings_filters in the SQL), the local predicate on a listing row
 * (the same rule, computed from the row with the app's own cost helpers) and the keys a saved search
 * stores for the server's new-match alerts (saved_search_matches). Everything else in this folder is
 * a loop over FILTERS.
 */
import { readFreeList, readInt, readOne, readSlug } from '@/shared/lib/url-params';
import {
  BODY_STYLES,
  FUEL_TYPES,
  GEARBOXES,
  canonicalBodyList,
  locatePostcode,
  milesBetween,
  normalisePostcode,
} from '@/domain/uk';
import { annualTaxFor, cashPriceForMonthly, listingUlezCompliant } from '../listing-costs';
import { colourKey } from '../colour-key';
import { bound, defined, readRange, words, type FilterDeclaration } from './filter-kinds';

export { normalisePostcode };

export const RADIUS_MAX_MILES = 500;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const location: FilterDeclaration = {
  name: 'postcode and radius',
  urlKeys: ['postcode', 'radius'],
  rpcKeys: ['postcode', 'radius'],
  savedKeys: [],
  parse: (p) => {
    const postcode = normalisePostcode(p.get('postcode'));
    return { postcode, radius: postcode ? readInt(p, 'radius', 1, RADIUS_MAX_MILES) : undefined };
  },
  serialise: (s) => [
    ['postcode', s.postcode],
    ['radius', s.postcode ? s.radius : undefined],
  ],
  rpc: (s) => defined({ postcode: s.postcode, radius: s.postcode ? s.radius : undefined }),
  // Miles from the outcode's centre to the listing's own location, as the server measures; an
  // unknown area is reported by the search and filters nothing.
  predicate: (s) => {
    const radius = s.radius;
    if (!s.postcode || radius === undefined) return undefined;
    const place = locatePostcode(s.postcode);
    if (!place.ok) return undefined;
    return (row) =>
      row.lat !== null && row.lng !== null && milesBetween(place.point, { lat: row.lat, lng: row.lng }) <= radius;
  },
};

const make: FilterDeclaration = {
  name: 'make',
  urlKeys: ['make'],
  rpcKeys: ['make'],
  savedKeys: ['make'],
  parse: (p) => ({ make: readSlug(p, 'make') }),
  serialise: (s) => [['make', s.make]],
  rpc: (s) => defined({ make: s.make }),
  // Checked with a model too, as saved_search_matches does (a listing's brand is its model's brand).
  predicate: (s, ctx) => {
    if (!s.make) return undefined;
    const brandId = ctx.brandIdOf(s.make);
    return (row) => brandId !== undefined && row.brand_id === brandId;
  },
};

const model: FilterDeclaration = {
  name: 'model',
  urlKeys: ['model'],
  rpcKeys: ['model'],
  savedKeys: ['model'],
  parse: (p) => ({ model: readSlug(p, 'make') ? readSlug(p, 'model') : undefined }),
  serialise: (s) => [['model', s.make ? s.model : undefined]],
  rpc: (s) => defined({ model: s.make ? s.model : undefined }),
  predicate: (s, ctx) => {
    if (!s.make || !s.model) return undefined;
    const ids = ctx.modelIdsOf(s.make, s.model);
    return (row) => ids.includes(row.car_model_id);
  },
};

const cashPrice: FilterDeclaration = {
  name: 'price',
  urlKeys: ['price_min', 'price_max'],
  rpcKeys: ['price_min', 'price_max'],
  savedKeys: ['price_min', 'price_max'],
  parse: (p) => {
    const [priceMin, priceMax] = readRange(p, 'price_min', 'price_max', 0, 1_000_000);
    return { priceMin, priceMax };
  },
  serialise: (s) => {
    const cash = s.priceMode === 'cash';
    return [
      ['price_min', cash ? s.priceMin : undefined],
      ['price_max', cash ? s.priceMax : undefined],
    ];
  },
  rpc: (s) => (s.priceMode === 'cash' ? defined({ price_min: s.priceMin, price_max: s.priceMax }) : {}),
  predicate: (s) => {
    const { priceMin: lo, priceMax: hi } = s;
    if (s.priceMode !== 'cash' || (lo === undefined && hi === undefined)) return undefined;
    return (row) => (lo === undefined || row.price >= lo) && (hi === undefined || row.price <= hi);
  },
};

// A monthly budget is the highest cash price it buys on the representative finance example.
const monthly: FilterDeclaration = {
  name: 'monthly budget',
  urlKeys: ['price_mode', 'monthly_max'],
  rpcKeys: ['price_mode', 'monthly_max'],
  savedKeys: [],
  parse: (p) => {
    const monthlyMax = readInt(p, 'monthly_max', 50, 5_000);
    return {
      monthlyMax,
      priceMode: monthlyMax !== undefined || p.get('price_mode') === 'monthly' ? 'monthly' : 'cash',
    };
  },
  serialise: (s) => {
    const on = s.priceMode === 'monthly';
    return [
      ['price_mode', on ? 'monthly' : undefined],
      ['monthly_max', on ? s.monthlyMax : undefined],
    ];
  },
  rpc: (s) => (s.priceMode === 'monthly' ? defined({ price_mode: 'monthly', monthly_max: s.monthlyMax }) : {}),
  predicate: (s) => {
    if (s.priceMode !== 'monthly' || s.monthlyMax === undefined) return undefined;
    const max = cashPriceForMonthly(s.monthlyMax);
    return (row) => row.price <= max;
  },
};

const year: FilterDeclaration = {
  name: 'year',
  urlKeys: ['year_min', 'year_max'],
  rpcKeys: ['year_min', 'year_max'],
  savedKeys: ['year_min', 'year_max'],
  parse: (p) => {
    const [yearMin, yearMax] = readRange(p, 'year_min', 'year_max', 1990, 2100);
    return { yearMin, yearMax };
  },
  serialise: (s) => [
    ['year_min', s.yearMin],
    ['year_max', s.yearMax],
  ],
  rpc: (s) => defined({ year_min: s.yearMin, year_max: s.yearMax }),
  predicate: (s) => {
    const { yearMin: lo, yearMax: hi } = s;
    if (lo === undefined && hi === undefined) return undefined;
    return (row) => (lo === undefined || row.year >= lo) && (hi === undefined || row.year <= hi);
  },
};

const gearbox: FilterDeclaration = {
  name: 'gearbox',
  urlKeys: ['gearbox'],
  rpcKeys: ['gearbox'],
  savedKeys: ['gearbox'],
  parse: (p) => ({ gearbox: readOne(p, 'gearbox', GEARBOXES) }),
  serialise: (s) => [['gearbox', s.gearbox]],
  rpc: (s) => defined({ gearbox: s.gearbox }),
  predicate: (s) => (s.gearbox ? (row) => row.gearbox === s.gearbox : undefined),
};

// Colour keys are letters only (colourKey: 'Metallic Grey' -> 'grey'), as the server accepts them.
const colour: FilterDeclaration = {
  name: 'colour',
  urlKeys: ['colour'],
  rpcKeys: ['colour'],
  savedKeys: [],
  parse: (p) => ({ colour: readFreeList(p, 'colour').filter((c) => /^[a-z]{1,40}$/.test(c)) }),
  serialise: (s) => [['colour', s.colour]],
  rpc: (s) => defined({ colour: s.colour.length ? [...s.colour] : undefined }),
  predicate: (s) => {
    const wanted = new Set(s.colour);
    return wanted.size ? (row) => wanted.has(colourKey(row.colour)) : undefined;
  },
};

const ulez: FilterDeclaration = {
  name: 'ULEZ',
  urlKeys: ['ulez'],
  rpcKeys: ['ulez'],
  savedKeys: [],
  parse: (p) => ({ ulez: p.get('ulez') === '1' }),
  serialise: (s) => [['ulez', s.ulez]],
  rpc: (s) => defined({ ulez: s.ulez || undefined }),
  predicate: (s) => (s.ulez ? listingUlezCompliant : undefined),
};

const dealer: FilterDeclaration = {
  name: 'dealer',
  urlKeys: ['dealer'],
  rpcKeys: ['dealer'],
  savedKeys: [],
  parse: (p) => {
    const raw = p.get('dealer')?.trim().toLowerCase();
    return { dealer: raw && UUID_RE.test(raw) ? raw : undefined };
  },
  serialise: (s) => [['dealer', s.dealer]],
  rpc: (s) => defined({ dealer: s.dealer }),
  predicate: (s) => (s.dealer ? (row) => row.dealer_id === s.dealer : undefined),
};

/** Every filter, in the marketplace URL's key order. */
export const FILTERS: readonly FilterDeclaration[] = [
  location,
  make,
  model,
  monthly,
  cashPrice,
  year,
  bound('mileage', 'mileageMax', 'mileage_max', [0, 1_000_000], true, (row, max) => row.mileage <= max),
  colour,
  bound('annual tax', 'taxMax', 'tax_max', [0, 10_000], false, (row, max, ctx) => {
    return annualTaxFor(row, ctx.listPriceOf(row.car_model_id) ?? row.price) <= max;
  }),
  dealer,
  // Body synonyms (saloon, estate) mean the canonical styles.
  words('body', BODY_STYLES, canonicalBodyList),
  words('fuel', FUEL_TYPES),
  gearbox,
  bound('seats', 'seatsMin', 'seats', [1, 9], false, (row, min) => row.seats >= min),
  bound('insurance group', 'insuranceMax', 'ins_max', [1, 50], false, (row, max) => {
    return row.insurance_group !== null && row.insurance_group <= max;
  }),
  ulez,
];
