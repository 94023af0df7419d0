/** Turns the compact model rows into car_models rows, deriving the figures that follow from the specs. */
import { BODY_STYLE_LABELS, isBodyStyle, isFuelType, type BodyStyle, type Drivetrain } from '../../src/domain/uk/body';
import type { BrandSource } from './data/brands';
import type { ProductionSpan } from '../../src/domain/uk/production-years';
import { MODEL_SLUGS, NAMEPLATE_YEARS, PHEV_ELECTRIC_RANGE_MILES } from './data/model-history';
import { MODEL_DIMENSIONS, MODEL_ROWS } from './data/models';
import { MODEL_WHEELBASES } from './data/wheelbases';
import { Rng, seconds, seedUuid, slugify, thousands } from './random';
import type { BrandRow, CarModelRow } from './types';

export type Segment = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'L' | 'S';

/** A model row plus the facts the review and listing generators need. */
export interface ModelSpec {
  row: CarModelRow;
  brand: BrandSource;
  since: number;
  segment: Segment;
  variant: string;
  isPluginHybrid: boolean;
  /** The years the nameplate was sold new in the UK; `since` falls inside one of them. */
  production: ProductionSpan[];
}

const SEGMENTS: readonly Segment[] = ['A', 'B', 'C', 'D', 'E', 'F', 'L', 'S'];
const DEFAULT_DOORS: Record<BodyStyle, number> = { sedan: 4, suv: 5, hatchback: 5, coupe: 2, wagon: 5, convertible: 2 };
/** Base length, width, height (mm) by segment. */
const DIMENSIONS: Record<Segment, [number, number, number]> = {
  A: [3650, 1660, 1490],
  B: [4060, 1760, 1460],
  C: [4360, 1810, 1450],
  D: [4720, 1860, 1450],
  E: [4960, 1900, 1470],
  F: [5180, 1950, 1500],
  L: [4960, 2000, 1790],
  S: [4420, 1860, 1300],
};
/** g CO2 per km x UK mpg, from the carbon in a litre of fuel. */
const CO2_FACTOR = { petrol: 6400, diesel: 7400 } as const;

const round = (n: number, step = 1): number => Math.round(n / step) * step;
const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));

function num(field: string, what: string, line: string): number {
  const n = Number(field);
  if (field === '' || !Number.isFinite(n)) throw new Error(`Bad ${what} in model row: ${line}`);
  return n;
}

/** '1997-2002,2019-' -> [[1997, 2002], [2019, null]]; a model not in the table is on sale since `since`. */
export function productionSpans(key: string, since: number): ProductionSpan[] {
  const text = NAMEPLATE_YEARS[key];
  if (text === undefined) return [[since, null]];
  const spans = text.split(',').map((part): ProductionSpan => {
    const m = /^(\d{4})-(\d{4})?$/.exec(part.trim());
    if (!m) throw new Error(`Bad production years for ${key}: ${text}`);
    return [Number(m[1]), m[2] ? Number(m[2]) : null];
  });
  const current = spans.find(([from, to]) => since >= from && (to === null || since <= to));
  if (!current) throw new Error(`${key} arrives in ${since}, outside its production years ${text}`);
  return spans;
}

function topSpeed(bhp: number, segment: Segment, body: BodyStyle, electric: boolean): number {
  let v = 18 * Math.pow(bhp, 0.4);
  if (body === 'suv') v *= 0.95;
  if (electric) v = Math.min(v * 0.85, segment === 'S' ? 180 : 135);
  else v = Math.min(v, segment === 'S' ? 195 : segment === 'F' ? 170 : 155);
  return round(v);
}

function towing(
  segment: Segment,
  spec: { electric: boolean; hybrid: boolean; diesel: boolean; body: BodyStyle; brand: string },
): number | null {
  if (segment === 'S' || spec.body === 'convertible' || spec.body === 'coupe' || segment === 'A') return null;
  if (segment === 'L' && (spec.diesel || spec.brand === 'Land Rover')) return 3500;
  const base: Record<Exclude<Segment, 'S' | 'A'>, number> = { B: 1100, C: 1500, D: 1800, E: 2000, F: 2100, L: 2500 };
  let kg = base[segment];
  if (spec.body === 'suv') kg += 200;
  if (spec.electric) kg = Math.min(kg, segment === 'B' ? 750 : kg * 0.8);
  else if (spec.hybrid) kg *= 0.85;
  return round(kg, 50);
}

function insuranceGroup(bhp: number, price: number, electric: boolean): number {
  return clamp(round(bhp / 9 + price / 4000 - 3 + (electric ? 1 : 0)), 1, 50);
}

const SEGMENT_ADJECTIVES: Record<Segment, string> = {
  A: 'city',
  B: 'small',
  C: 'family',
  D: 'large',
  E: 'executive',
  F: 'luxury',
  L: 'large',
  S: 'performance',
};

/** 'family SUV', 'large saloon', 'performance coupe'. */
export function kindOf(body: BodyStyle, segment: Segment): string {
  const adjective = body === 'suv' && segment === 'A' ? 'small' : SEGMENT_ADJECTIVES[segment];
  return `${adjective} ${body === 'suv' ? 'SUV' : BODY_STYLE_LABELS[body].toLowerCase()}`;
}

function describe(spec: ModelSpec, rng: Rng): string {
  const r = spec.row;
  const kind = kindOf(r.body_style, spec.segment);
  const name = `${spec.brand.name} ${r.name}`;
  const power =
    r.fuel_type === 'electric'
      ? `an electric motor with ${r.power_bhp}bhp and a ${r.battery_kwh}kWh battery good for ${r.ev_range_miles} miles on the official test`
      : spec.isPluginHybrid
        ? `a plug-in hybrid system making ${r.power_bhp}bhp, with a ${r.battery_kwh}kWh battery good for ${r.ev_range_miles} miles on electricity alone (${r.mpg} mpg on the official weighted test)`
        : r.fuel_type === 'hybrid'
          ? `a ${(r.engine_cc ?? 0) / 1000 >= 1 ? ((r.engine_cc ?? 0) / 1000).toFixed(1) + '-litre ' : ''}hybrid powertrain making ${r.power_bhp}bhp and returning ${r.mpg} mpg`
          : `a ${((r.engine_cc ?? 0) / 1000).toFixed(1)}-litre ${r.fuel_type} engine making ${r.power_bhp}bhp`;
  const end = spec.production[spec.production.length - 1][1];
  const openers =
    end === null
      ? [
          `The ${name} is a ${r.seats}-seat ${kind} that has been on sale in the UK since ${spec.since}.`,
          `${name}: a ${kind} with ${r.seats} seats and ${r.doors} doors, sold new in the UK from ${spec.since}.`,
          `On sale in Britain since ${spec.since}, the ${name} is a ${r.seats}-seat ${kind}.`,
        ]
      : [
          `The ${name} is a ${r.seats}-seat ${kind} that was sold new in the UK from ${spec.since} to ${end}.`,
          `${name}: a ${kind} with ${r.seats} seats and ${r.doors} doors, sold new in the UK from ${spec.since} to ${end}.`,
          `Sold in Britain from ${spec.since} to ${end}, the ${name} is a ${r.seats}-seat ${kind}.`,
        ];
  const middles = [
    `The ${spec.variant} version we quote uses ${power}.`,
    `Prices start at £${thousands(r.price_from)} on the road for the ${spec.variant}, which uses ${power}.`,
    `Our reference version is the ${spec.variant}, with ${power}.`,
  ];
  const closers = [
    `It sits in insurance group ${r.insurance_group}${r.boot_litres ? ` and has a ${r.boot_litres}-litre boot` : ''}.`,
    `Expect 0-62 mph in ${seconds(r.zero_to_62)}${r.boot_litres ? ` and ${r.boot_litres} litres of boot space` : ''}.`,
    r.ncap_stars !== null
      ? `Euro NCAP awarded it ${r.ncap_stars} star${r.ncap_stars === 1 ? '' : 's'} in ${r.ncap_year}.`
      : `Euro NCAP has not rated it yet.`,
  ];
  return `${rng.pick(openers)} ${rng.pick(middles)} ${rng.pick(closers)}`;
}

export function buildModels(
  brands: readonly BrandSource[],
  brandRows: readonly BrandRow[],
  timestamp: string,
): ModelSpec[] {
  const rng = new Rng('models');
  const specs: ModelSpec[] = [];
  for (const brand of brands) {
    const brandRow = brandRows.find((b) => b.name === brand.name);
    const rows = MODEL_ROWS[brand.name];
    if (!brandRow || !rows) throw new Error(`No models or brand row for ${brand.name}`);
    for (const line of rows) {
      const f = line.split('|');
      if (f.length !== 18) throw new Error(`Model row needs 18 fields: ${line}`);
      const [
        name,
        since,
        body,
        fuel,
        price,
        bhp,
        cc,
        econ,
        z62,
        seats,
        boot,
        ncap,
        seg,
        gear,
        drive,
        variant,
        battery,
        doors,
      ] = f;
      if (!isBodyStyle(body) || !isFuelType(fuel)) throw new Error(`Bad body or fuel: ${line}`);
      if (!(SEGMENTS as readonly string[]).includes(seg)) throw new Error(`Bad segment: ${line}`);
      const segment = seg as Segment;
      const electric = fuel === 'electric';
      const battery_kwh = battery === '' ? null : num(battery, 'battery', line);
      const isPluginHybrid = fuel === 'plugin_hybrid';
      const key = `${brand.name}/${name}`;
      if (isPluginHybrid !== (fuel !== 'electric' && battery_kwh !== null))
        throw new Error(`Plug-in hybrids (and only they, besides EVs) have a battery: ${line}`);
      const electricRange = isPluginHybrid ? PHEV_ELECTRIC_RANGE_MILES[key] : undefined;
      if (isPluginHybrid && !electricRange) throw new Error(`Plug-in hybrid needs its electric range: ${line}`);
      const production = productionSpans(key, Number(since));
      const endYear = production[production.length - 1][1];
      if (electric !== (cc === '-')) throw new Error(`EVs (and only EVs) have no engine: ${line}`);
      if (electric && battery_kwh === null) throw new Error(`EV needs a battery: ${line}`);
      const economy = num(econ, 'economy', line);
      const power = num(bhp, 'bhp', line);
      const priceFrom = num(price, 'price', line);
      const [stars, year] = ncap === '-' ? [null, null] : ncap.split('/').map(Number);
      const co2 = electric ? 0 : round((fuel === 'diesel' ? CO2_FACTOR.diesel : CO2_FACTOR.petrol) / economy);
      const modelRng = new Rng(`model:${brand.name}/${name}`);
      const [l, w, h] = DIMENSIONS[segment];
      const bodyAdjust = {
        suv: [segment === 'L' ? 0 : 140, 20, segment === 'L' ? 0 : 170],
        wagon: [60, 0, 20],
        convertible: [0, 0, -80],
        coupe: [0, 10, -90],
        sedan: [40, 0, -10],
        hatchback: [0, 0, 0],
      }[body];
      const slug = MODEL_SLUGS[key] ?? slugify(name);
      // Drawn even when unused, so the generator's sequence (and every other figure) stays the same.
      const drawnYear = Math.max(Number(since), modelRng.chance(0.5) ? 2025 : 2026);
      const modelYear = endYear === null ? drawnYear : Math.min(drawnYear, endYear);
      const noise = [modelRng.normal(), modelRng.normal(), modelRng.normal()];
      const published = MODEL_DIMENSIONS[key];
      const row: CarModelRow = {
        id: seedUuid(`model:${brandRow.slug}/${slug}`),
        brand_id: brandRow.id,
        slug,
        name,
        body_style: body,
        fuel_type: fuel,
        price_from: priceFrom,
        model_year: modelYear,
        mpg: electric ? null : economy,
        ev_range_miles: electric ? economy : (electricRange ?? null),
        // Range over battery size flatters efficiency; ~12% is lost to usable capacity and charging. A plug-in
        // hybrid uses about 80% of its battery and loses ~10% charging it (0.88 of the gross capacity).
        mi_per_kwh:
          electric && battery_kwh
            ? Math.round((economy / (battery_kwh * 1.12)) * 100) / 100
            : electricRange && battery_kwh
              ? Math.round((electricRange / (battery_kwh * 0.88)) * 100) / 100
              : null,
        battery_kwh,
        co2_gkm: co2,
        insurance_group: insuranceGroup(power, priceFrom, electric),
        ncap_stars: stars,
        ncap_year: year,
        euro_standard: electric ? null : 6,
        seats: num(seats, 'seats', line),
        doors: doors === '' ? DEFAULT_DOORS[body] : num(doors, 'doors', line),
        boot_litres: num(boot, 'boot', line),
        zero_to_62: num(z62, '0-62', line),
        top_speed_mph: topSpeed(power, segment, body, electric),
        power_bhp: power,
        engine_cc: electric ? null : num(cc, 'engine', line),
        gearbox: gear === 'm' ? 'manual' : 'automatic',
        drivetrain: ({ f: 'fwd', r: 'rwd', a: 'awd' } as Record<string, Drivetrain>)[drive],
        length_mm: published?.[0] ?? round(l + bodyAdjust[0] + noise[0] * 90, 5),
        width_mm: published?.[1] ?? round(w + bodyAdjust[1] + noise[1] * 25, 5),
        height_mm: published?.[2] ?? round(h + bodyAdjust[2] + noise[2] * 30, 5),
        wheelbase_mm: MODEL_WHEELBASES[key] ?? null,
        production_years: production.map(([from, to]) => [from, to]),
        towing_kg: towing(segment, {
          electric,
          hybrid: fuel === 'hybrid' || isPluginHybrid,
          diesel: fuel === 'diesel',
          body,
          brand: brand.name,
        }),
        description: '',
        image_url: null,
        created_at: timestamp,
        updated_at: timestamp,
      };
      if (!row.drivetrain) throw new Error(`Bad drive: ${line}`);
      const spec: ModelSpec = { row, brand, since: Number(since), segment, variant, isPluginHybrid, production };
      row.description = describe(spec, rng);
      specs.push(spec);
    }
  }
  return specs;
}
