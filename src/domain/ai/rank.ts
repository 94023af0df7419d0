/**
 * Ranks cars (models and listings, as plain facts) against a parsed query: every filter the query set
 * must hold; when nothing matches, filters are dropped one at a time, least important first, and the
 * result says which. Each result carries a one-line reason built from the figures that matched.
 */
import { formatGBP } from '../../shared/lib/format';
import { BODY_STYLE_LABELS, FUEL_LABELS, type BodyStyle, type FuelType, type Gearbox } from '../uk/body';
import { DEFAULT_ANNUAL_MILES } from '../uk/mileage';
import { annualEnergyCost, defaultRunningCostSettings } from '../uk/running-costs';
import type { ParsedQuery, QueryField } from './query-types';

export interface CarFacts {
  kind: 'model' | 'listing';
  id: string;
  modelId: string;
  /** "Volkswagen Golf" for a model; the advert title for a listing. */
  title: string;
  brand: string;
  model: string;
  body: BodyStyle;
  fuel: FuelType;
  gearbox: Gearbox;
  seats: number;
  /** A listing's price; for a model the cheapest way in (cheapest listing or list price). */
  price: number;
  /** A model's list price when new. */
  listPrice?: number;
  mileage?: number;
  year: number;
  insuranceGroup: number | null;
  annualTax: number | null;
  ulez: boolean;
  rangeMiles: number | null;
  mpg: number | null;
  miPerKwh: number | null;
  /** Expert review score out of 10. */
  expertScore: number | null;
  listedAt?: string;
}

export interface RankOptions {
  /** Highest cash price whose representative monthly payment fits (the app's finance example). */
  cashForMonthly: (monthly: number) => number;
  limit?: number;
  milesPerYear?: number;
}

export interface RankedCar {
  car: CarFacts;
  reason: string;
}

export interface Relaxed {
  field: QueryField;
  label: string;
}

export interface RankResult {
  results: RankedCar[];
  /** Total cars that matched (before the limit). */
  total: number;
  /** Filters dropped because nothing matched them all, in the order they were dropped. */
  relaxed: Relaxed[];
}

const money = (n: number) => formatGBP(n);
const n = (v: number) => v.toLocaleString('en-GB');

/** The car's figure against the request: "under your £200", "at your £200 limit", "above your 250". */
function versus(
  value: number,
  asked: number,
  word: string,
  show: (v: number) => string,
  higherIsBetter = false,
): string {
  if (value === asked) return higherIsBetter ? 'as you asked' : `at your ${show(asked)} limit`;
  const better = higherIsBetter ? value > asked : value < asked;
  return better ? `${word} your ${show(asked)}` : `against your ${show(asked)}`;
}
const miles = (n: number) => `${n.toLocaleString('en-GB')} miles`;

/** Annual fuel or electricity plus road tax, the figure "cheapest to run" sorts by. */
const costSettings = defaultRunningCostSettings();
const costCache = new WeakMap<CarFacts, Map<number, number | null>>();

export function annualRunningCost(car: CarFacts, milesPerYear = DEFAULT_ANNUAL_MILES): number | null {
  let byMiles = costCache.get(car);
  if (!byMiles) costCache.set(car, (byMiles = new Map()));
  if (byMiles.has(milesPerYear)) return byMiles.get(milesPerYear)!;
  const energy = annualEnergyCost(
    { fuel: car.fuel, mpg: car.mpg, miPerKwh: car.miPerKwh, evRangeMiles: car.rangeMiles, milesPerYear },
    costSettings,
  );
  const cost = energy ? Math.round(energy.pounds + (car.annualTax ?? 0)) : null;
  byMiles.set(milesPerYear, cost);
  return cost;
}

interface Context {
  q: ParsedQuery;
  opts: RankOptions;
  reference?: CarFacts;
  /** Brands with a named model: "BMW X5 or Audi" keeps every Audi but only the X5 from BMW. */
  namedModelBrands: Set<string>;
}

interface Filter {
  field: QueryField;
  active: (q: ParsedQuery) => boolean;
  label: (c: Context) => string;
  test: (car: CarFacts, c: Context) => boolean;
  reason?: (car: CarFacts, c: Context) => string | null;
}

const inList = <T>(list: readonly T[] | undefined, v: T) => !list || list.length === 0 || list.includes(v);

/** Filters in the order they are relaxed: the first is dropped first. */
const FILTERS: Filter[] = [
  {
    field: 'maxMileage',
    active: (q) => q.maxMileage !== undefined,
    label: (c) => `under ${miles(c.q.maxMileage!)}`,
    test: (car, c) => car.mileage === undefined || car.mileage <= c.q.maxMileage!,
    reason: (car, c) =>
      car.mileage !== undefined ? `${miles(car.mileage)}, ${versus(car.mileage, c.q.maxMileage!, 'under', n)}` : null,
  },
  {
    field: 'minYear',
    active: (q) => q.minYear !== undefined,
    label: (c) => `${c.q.minYear} or newer`,
    test: (car, c) => car.year >= c.q.minYear!,
    reason: (car, c) =>
      `${car.kind === 'model' ? 'on sale since ' : ''}${car.year}, ${versus(car.year, c.q.minYear!, 'newer than', String, true)}`,
  },
  {
    field: 'maxAnnualTax',
    active: (q) => q.maxAnnualTax !== undefined,
    label: (c) => (c.q.maxAnnualTax === 0 ? 'no road tax' : `road tax up to ${money(c.q.maxAnnualTax!)} a year`),
    test: (car, c) => car.annualTax !== null && car.annualTax <= c.q.maxAnnualTax!,
    reason: (car, c) =>
      car.annualTax !== null
        ? `${money(car.annualTax)} tax, ${versus(car.annualTax, c.q.maxAnnualTax!, 'under', money)}`
        : null,
  },
  {
    field: 'maxInsuranceGroup',
    active: (q) => q.maxInsuranceGroup !== undefined,
    label: (c) => `insurance group ${c.q.maxInsuranceGroup} or lower`,
    test: (car, c) => car.insuranceGroup !== null && car.insuranceGroup <= c.q.maxInsuranceGroup!,
    reason: (car, c) =>
      `insurance group ${car.insuranceGroup}, ${versus(car.insuranceGroup!, c.q.maxInsuranceGroup!, 'under', n)}`,
  },
  {
    field: 'ulezCompliant',
    active: (q) => q.ulezCompliant === true,
    label: () => 'ULEZ compliant',
    test: (car) => car.ulez,
    reason: () => 'ULEZ compliant',
  },
  {
    field: 'minRangeMiles',
    active: (q) => q.minRangeMiles !== undefined,
    label: (c) => `${c.q.minRangeMiles}+ miles of range`,
    test: (car, c) => (car.rangeMiles ?? 0) >= c.q.minRangeMiles!,
    reason: (car, c) =>
      `${car.rangeMiles} miles of range, ${versus(car.rangeMiles!, c.q.minRangeMiles!, 'above', n, true)}`,
  },
  {
    field: 'gearbox',
    active: (q) => q.gearbox !== undefined,
    label: (c) => `${c.q.gearbox} gearbox`,
    test: (car, c) => car.gearbox === c.q.gearbox,
    reason: (car) => car.gearbox,
  },
  {
    field: 'seatsMin',
    active: (q) => q.seatsMin !== undefined,
    label: (c) => `${c.q.seatsMin}+ seats`,
    test: (car, c) => car.seats >= c.q.seatsMin!,
    reason: (car) => `${car.seats} seats`,
  },
  {
    field: 'similarTo',
    active: (q) => q.similarTo !== undefined,
    label: (c) => `like the ${c.q.similarTo}`,
    test: (car, c) => {
      const ref = c.reference;
      if (!ref) return true;
      if (car.modelId === ref.modelId || car.model === ref.model) return false;
      if (car.body !== ref.body) return false;
      const cheaper = c.q.sort === 'price_asc';
      return cheaper ? car.price < ref.price : car.price >= ref.price * 0.7 && car.price <= ref.price * 1.3;
    },
    reason: (car, c) =>
      c.reference ? `${BODY_STYLE_LABELS[car.body].toLowerCase()} like the ${c.reference.model}` : null,
  },
  {
    field: 'budgetMin',
    active: (q) => q.budgetMin !== undefined,
    label: (c) => `from ${money(c.q.budgetMin!)}`,
    test: (car, c) => Math.max(car.price, car.listPrice ?? 0) >= c.q.budgetMin!,
  },
  {
    field: 'bodyStyles',
    active: (q) => !!q.bodyStyles?.length,
    label: (c) => c.q.bodyStyles!.map((b) => BODY_STYLE_LABELS[b].toLowerCase()).join(' or '),
    test: (car, c) => inList(c.q.bodyStyles, car.body),
    reason: (car) => (car.body === 'suv' ? 'SUV' : BODY_STYLE_LABELS[car.body].toLowerCase()),
  },
  {
    field: 'fuelTypes',
    active: (q) => !!q.fuelTypes?.length,
    label: (c) => c.q.fuelTypes!.map((f) => FUEL_LABELS[f].toLowerCase()).join(' or '),
    test: (car, c) => inList(c.q.fuelTypes, car.fuel),
    reason: (car) => FUEL_LABELS[car.fuel].toLowerCase(),
  },
  {
    field: 'monthlyBudgetMax',
    active: (q) => q.monthlyBudgetMax !== undefined,
    label: (c) => `${money(c.q.monthlyBudgetMax!)} a month`,
    test: (car, c) => car.price <= c.opts.cashForMonthly(c.q.monthlyBudgetMax!),
    reason: (_car, c) => `fits ${money(c.q.monthlyBudgetMax!)} a month`,
  },
  {
    field: 'budgetMax',
    active: (q) => q.budgetMax !== undefined,
    label: (c) => `up to ${money(c.q.budgetMax!)}`,
    test: (car, c) => car.price <= c.q.budgetMax!,
    reason: (car, c) =>
      `${car.kind === 'model' ? 'from ' : ''}${money(car.price)}, ${versus(car.price, c.q.budgetMax!, 'under', money)}`,
  },
  {
    field: 'models',
    active: (q) => !!q.models?.length,
    label: (c) => c.q.models!.join(' or '),
    test: (car, c) =>
      c.q.models!.includes(car.model) || (!!c.q.brands?.includes(car.brand) && !c.namedModelBrands.has(car.brand)),
  },
  {
    field: 'brands',
    active: (q) => !!q.brands?.length,
    label: (c) => c.q.brands!.join(' or '),
    test: (car, c) => c.q.brands!.includes(car.brand),
    reason: (car, c) => (c.q.models?.length ? null : car.brand),
  },
];

function sortKey(car: CarFacts, c: Context): number {
  switch (c.q.sort) {
    case 'price_asc':
      return car.price;
    case 'price_desc':
      return -car.price;
    case 'mileage_asc':
      return car.mileage ?? 0;
    case 'newest':
      return -(car.year * 1e7 + (car.listedAt ? Number(car.listedAt.slice(5, 10).replace('-', '')) : 0));
    case 'running_cost_asc':
      return annualRunningCost(car, c.opts.milesPerYear) ?? 1e9;
    case 'score_desc':
    default: {
      // Relevance: expert score first, then closeness to a reference car, then price.
      const closeness = c.reference ? Math.abs(car.price - c.reference.price) / 1e6 : 0;
      return -(car.expertScore ?? 0) + closeness + car.price / 1e8;
    }
  }
}

function reasonFor(car: CarFacts, active: Filter[], c: Context): string {
  const parts: string[] = [];
  for (const f of [...active].reverse()) {
    const r = f.reason?.(car, c);
    if (r && !parts.includes(r)) parts.push(r);
  }
  if (c.q.sort === 'running_cost_asc') {
    const cost = annualRunningCost(car, c.opts.milesPerYear);
    if (cost !== null) parts.push(`about ${money(cost)} a year in fuel and tax`);
  }
  if (c.q.sort === 'mileage_asc' && car.mileage !== undefined && !parts.some((p) => p.startsWith(miles(car.mileage!))))
    parts.push(miles(car.mileage));
  if (car.expertScore !== null && (parts.length < 2 || c.q.sort === 'score_desc'))
    parts.push(`expert score ${car.expertScore}/10`);
  if (parts.length === 0) parts.push(`${car.kind === 'model' ? 'from ' : ''}${money(car.price)}`);
  // Parts carry their own commas ("£165 tax, under your £200"), so they are split by semicolons.
  const line = parts.slice(0, 4).join('; ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

const bitCount = (n: number) => {
  let count = 0;
  for (let v = n; v; v &= v - 1) count++;
  return count;
};

/**
 * The smallest set of filters to drop so something matches; among sets of one size, the one with the
 * least important filters (lowest bits, RELAX_ORDER) wins.
 */
function fewestToDrop(masks: Uint32Array, count: number): number {
  const all = (1 << count) - 1;
  const present = new Set(masks);
  const sets = Array.from({ length: all }, (_v, i) => i + 1).sort((a, b) => bitCount(a) - bitCount(b) || a - b);
  for (const drop of sets) {
    const required = all & ~drop;
    for (const m of present) if ((m & required) === required) return drop;
  }
  return all;
}

const before = (ka: number, a: CarFacts, kb: number, b: CarFacts) => ka < kb || (ka === kb && a.id < b.id);

/** The `k` lowest-keyed cars in order, without sorting them all (thousands of listings, 20 shown). */
function topK(cars: readonly CarFacts[], keyOf: (car: CarFacts) => number, k: number): CarFacts[] {
  const best: CarFacts[] = [];
  const keys: number[] = [];
  for (const car of cars) {
    const key = keyOf(car);
    if (best.length === k && !before(key, car, keys[k - 1], best[k - 1])) continue;
    let i = best.length === k ? k - 1 : best.length;
    while (i > 0 && before(key, car, keys[i - 1], best[i - 1])) {
      best[i] = best[i - 1];
      keys[i] = keys[i - 1];
      i--;
    }
    best[i] = car;
    keys[i] = key;
  }
  return best;
}

/** The order filters are relaxed in (the first is dropped first). */
export const RELAX_ORDER: readonly QueryField[] = FILTERS.map((f) => f.field);

/** How a filter reads in a sentence ("up to £15,000", "estate"), for relaxation messages. */
export function describeFilter(field: QueryField, q: ParsedQuery, opts: RankOptions): string {
  const f = FILTERS.find((x) => x.field === field);
  return f && f.active(q) ? f.label({ q, opts, namedModelBrands: new Set() }) : field;
}

/** The query without one field (a removed chip, a relaxed filter). */
export function withoutField(q: ParsedQuery, field: QueryField): ParsedQuery {
  const next = { ...q };
  delete next[field];
  return next;
}

/** The ranked cars for a query; `reference` is the model a "like a Golf" query points at. */
export function rankCars(
  cars: readonly CarFacts[],
  q: ParsedQuery,
  opts: RankOptions,
  reference?: CarFacts,
): RankResult {
  const namedModelBrands = new Set(
    q.models?.length ? cars.filter((car) => q.models!.includes(car.model)).map((car) => car.brand) : [],
  );
  const c: Context = { q, opts, reference, namedModelBrands };
  const filters = FILTERS.filter((f) => f.active(q));
  // One pass: which filters each car passes (a bit each), so relaxing needs no second pass.
  const masks = new Uint32Array(cars.length);
  const tests = filters.map((f) => f.test);
  for (let i = 0; i < cars.length; i++) {
    let mask = 0;
    for (let bit = 0; bit < tests.length; bit++) if (tests[bit](cars[i], c)) mask |= 1 << bit;
    masks[i] = mask;
  }
  const all = (1 << filters.length) - 1;
  const passing = (required: number) => {
    const out: CarFacts[] = [];
    for (let i = 0; i < cars.length; i++) if ((masks[i] & required) === required) out.push(cars[i]);
    return out;
  };
  let dropped = 0;
  let found = passing(all);
  if (found.length === 0 && cars.length > 0) dropped = fewestToDrop(masks, filters.length);
  if (dropped) found = passing(all & ~dropped);
  const relaxed: Relaxed[] = filters
    .filter((_f, bit) => dropped & (1 << bit))
    .map((f) => ({ field: f.field, label: f.label(c) }));
  const active = filters.filter((_f, bit) => !(dropped & (1 << bit)));
  const limit = opts.limit ?? 20;
  return {
    results: topK(found, (car) => sortKey(car, c), limit).map((car) => ({ car, reason: reasonFor(car, active, c) })),
    total: found.length,
    relaxed,
  };
}

/** Sentence for the screen when filters had to be relaxed. */
export function relaxationMessage(relaxed: readonly Relaxed[]): string | null {
  if (relaxed.length === 0) return null;
  const list = relaxed.map((r) => r.label);
  const joined = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `Nothing matched everything you asked for, so these results ignore: ${joined}.`;
}
