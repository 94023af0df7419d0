/**
 * Used and nearly-new listings with price histories. Prices follow the model's new price, depreciated by
 * age and mileage with noise, and always include the dealer's admin fee (UK advertising rules).
 */
import { DEFAULT_ANNUAL_MILES } from '../../src/domain/uk/mileage';
import { MEMORY_TAG_LETTERS, RANDOM_LETTERS, makePlate } from '../../src/domain/uk/plates';
import type { DealerSpec } from './dealers';
import type { ModelSpec } from './models';
import { Rng, seedUuid, thousands } from './random';
import type { ListingCondition, ListingPriceHistoryRow, ListingStatus, VehicleListingRow } from './types';

export const DEFAULT_LISTING_COUNT = 10_800;
/** PGlite holds its whole database in memory: 200,000 listings is its ceiling. PostgreSQL takes the UK market. */
export const MAX_LISTINGS_PGLITE = 200_000;
export const MAX_LISTINGS_POSTGRES = 1_000_000;

/** MOTORLY_LISTINGS (e.g. 50000) scales the catalogue for benches; unset, the seed is the usual 10,800. */
export const LISTING_COUNT = listingCount(globalThis.process?.env?.MOTORLY_LISTINGS);

export function listingCount(
  raw: string | undefined,
  max = globalThis.process?.env?.DATABASE_URL ? MAX_LISTINGS_POSTGRES : MAX_LISTINGS_PGLITE,
): number {
  if (raw === undefined || raw === '') return DEFAULT_LISTING_COUNT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`MOTORLY_LISTINGS must be a whole number from 1 to ${max}, not "${raw}"`);
  return n;
}
export const OLDEST_YEAR = 2012;
const DAY = 86_400_000;
const TAG_LETTERS = [...MEMORY_TAG_LETTERS];
const PLATE_LETTERS = [...RANDOM_LETTERS];

const COLOURS = [
  'Grey',
  'Black',
  'White',
  'Blue',
  'Silver',
  'Red',
  'Green',
  'Orange',
  'Brown',
  'Yellow',
  'Bronze',
  'Purple',
] as const;
const COLOUR_WEIGHTS = [26, 20, 17, 13, 9, 7, 3, 1.5, 1.2, 0.8, 0.8, 0.7];
const SEGMENT_POPULARITY: Record<string, number> = {
  A: 0.9,
  B: 1.6,
  C: 1.7,
  D: 1.0,
  E: 0.55,
  F: 0.2,
  L: 0.45,
  S: 0.35,
};

const EXTRAS = [
  'heated front seats',
  'rear parking camera',
  'Apple CarPlay and Android Auto',
  'adaptive cruise control',
  'keyless entry',
  'panoramic roof',
  'LED headlights',
  'dual-zone climate control',
  'wireless phone charging',
  'front and rear parking sensors',
  'heated steering wheel',
  'privacy glass',
  'built-in sat nav',
  'blind-spot monitoring',
  'premium sound system',
] as const;

/** Share of the new price a car keeps at a given age (years), before mileage and brand effects. */
export function residualShare(ageYears: number, electric: boolean): number {
  const base = ageYears < 1 ? 1 - 0.18 * ageYears : 0.82 * Math.pow(0.89, ageYears - 1);
  // Used EVs have lost value faster than petrol cars.
  return electric ? base * Math.pow(0.96, Math.min(ageYears, 6)) : base;
}

/** Typical UK mileage for an age, at the app's one annual-mileage default. */
export const expectedMileage = (ageYears: number): number => ageYears * DEFAULT_ANNUAL_MILES;

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function roundPrice(value: number, rng: Rng): number {
  if (value < 3_000) return Math.round(value / 50) * 50;
  const rounded = Math.round(value / 100) * 100;
  return rng.chance(0.55) ? rounded - 5 : rounded; // dealers love £x,x95
}

export interface ListingsResult {
  listings: VehicleListingRow[];
  history: ListingPriceHistoryRow[];
}

/** A batch of listings, their price history, and each listing's reduction (first price - price). */
export interface ListingBatch extends ListingsResult {
  reductions: number[];
}

export function buildListings(
  models: readonly ModelSpec[],
  dealers: readonly DealerSpec[],
  referenceDate: string,
): ListingsResult {
  const listings: VehicleListingRow[] = [];
  const history: ListingPriceHistoryRow[] = [];
  for (const batch of listingBatches(models, dealers, referenceDate, LISTING_COUNT)) {
    for (const l of batch.listings) listings.push(l);
    for (const h of batch.history) history.push(h);
  }
  return { listings, history };
}

/**
 * The same listings in batches of `batchSize` (one random stream: batches concatenate to exactly
 * buildListings' rows), so a seed of 450,000 never holds them all in memory.
 */
export function* listingBatches(
  models: readonly ModelSpec[],
  dealers: readonly DealerSpec[],
  referenceDate: string,
  count: number,
  batchSize = 5_000,
): Generator<ListingBatch> {
  const rng = new Rng('listings');
  const now = Date.parse(referenceDate);
  const refYear = new Date(now).getUTCFullYear();
  const weights = models.map((m) => SEGMENT_POPULARITY[m.segment] * Math.pow(25_000 / m.row.price_from, 0.5));
  const plates = new Set<string>();
  let listings: VehicleListingRow[] = [];
  let history: ListingPriceHistoryRow[] = [];
  let drops: number[] = [];

  for (let i = 0; i < count; i++) {
    if (listings.length === batchSize) {
      yield { listings, history, reductions: drops };
      listings = [];
      history = [];
      drops = [];
    }
    const model = rng.weighted(models, weights);
    const dealer = rng.pick(dealers);
    const m = model.row;
    // Listed during opening hours (08:00-18:00 UTC), 1 to 120 days before the reference date.
    const midnight = Math.floor(now / DAY) * DAY;
    const listedAt = midnight - rng.int(1, 120) * DAY + (8 * 3600 + rng.int(0, 10 * 3600)) * 1000;

    // Registration date: never before this version reached the UK, never after it went off sale or was listed.
    const earliest = Date.parse(`${Math.max(OLDEST_YEAR, model.since)}-02-01T00:00:00Z`);
    const endYear = model.production[model.production.length - 1][1];
    const latest = Math.min(listedAt, endYear === null ? Infinity : Date.parse(`${endYear}-12-20T00:00:00Z`));
    const onSale = latest === listedAt;
    const nearlyNew = rng.chance(0.12) && onSale && listedAt - 15 * 30 * DAY > earliest - 12 * 30 * DAY;
    let registered: number;
    if (nearlyNew) {
      registered = listedAt - rng.int(60, 450) * DAY;
      if (registered < earliest) registered = earliest + rng.int(0, 30) * DAY;
    } else {
      // Skew towards 3-7 year old cars, as on real forecourts.
      const span = (latest - earliest) / DAY;
      const skew = Math.pow(rng.next(), 0.8);
      registered = latest - Math.max(onSale ? 90 : 0, Math.min(span, (onSale ? 90 : 0) + skew * span)) * DAY;
      if (registered < earliest) registered = earliest;
    }
    const registrationDate = isoDate(registered);
    const ageYears = Math.max(0, (now - registered) / (365.25 * DAY));
    const year = Number(registrationDate.slice(0, 4));

    let mileage: number;
    const condition: ListingCondition = nearlyNew && ageYears < 1.6 ? 'nearly_new' : 'used';
    if (condition === 'nearly_new') mileage = rng.int(50, 4_999);
    else {
      const perYear = Math.max(2_500, DEFAULT_ANNUAL_MILES + rng.normal() * 2_600);
      mileage = Math.round((ageYears * perYear) / 10) * 10;
      mileage = Math.max(mileage, Math.round(ageYears * 1_500), 150);
    }

    const trimIndex = rng.int(0, model.brand.trims.length - 1);
    const trim = model.brand.trims[trimIndex];
    const trimFactor = 1 + (trimIndex / Math.max(1, model.brand.trims.length - 1)) * 0.14;
    const electric = m.fuel_type === 'electric';
    // Older cars were cheaper new: roughly 2.5% a year of list-price inflation.
    const listThen = m.price_from * Math.pow(0.975, Math.max(0, refYear - year));
    const expected = expectedMileage(ageYears);
    const mileageFactor = Math.min(1.12, Math.max(0.72, 1 - (0.3 * (mileage - expected)) / (expected + 25_000)));
    const noise = 1 + rng.normal() * 0.045;
    const value = Math.max(
      900,
      listThen * trimFactor * residualShare(ageYears, electric) * mileageFactor * model.brand.retention * noise,
    );
    const fee = dealer.row.admin_fee;
    const finalPrice = roundPrice(value, rng) + fee;

    let plate: string;
    do {
      const tag = dealer.region + rng.pick(TAG_LETTERS);
      plate = makePlate(
        tag,
        registrationDate,
        `${rng.pick(PLATE_LETTERS)}${rng.pick(PLATE_LETTERS)}${rng.pick(PLATE_LETTERS)}`,
      );
    } while (plates.has(plate));
    plates.add(plate);

    const statusRoll = rng.next();
    const status: ListingStatus = statusRoll < 0.05 ? 'sold' : statusRoll < 0.12 ? 'reserved' : 'active';
    const colour = rng.weighted(COLOURS, COLOUR_WEIGHTS);
    const id = seedUuid(`listing:${i}`);
    const listedIso = new Date(listedAt).toISOString();

    // Price history: the first advertised price, then 1-3 reductions on about 35% of cars.
    const reductions = rng.chance(0.35) ? rng.int(1, 3) : 0;
    const prices: number[] = [finalPrice];
    for (let k = 0; k < reductions; k++) {
      const previous = prices[0];
      const cut = Math.max(100, Math.round((previous * rng.range(0.02, 0.06)) / 50) * 50);
      prices.unshift(previous + cut);
    }
    // Reductions fall at sorted random points between listing and the reference date.
    const window = now - listedAt - 3_600_000;
    const offsets = Array.from({ length: reductions }, () => rng.range(0.1, 1)).sort((a, b) => a - b);
    const times = [listedAt, ...offsets.map((f, k) => Math.round(listedAt + f * window) + k * 60_000)];
    prices.forEach((price, k) => {
      const at = new Date(times[k]).toISOString();
      history.push({
        id: seedUuid(`price:${i}:${k}`),
        vehicle_listing_id: id,
        price,
        changed_at: at,
        created_at: at,
        updated_at: at,
      });
    });

    const extras = new Set<string>();
    while (extras.size < 3) extras.add(rng.pick(EXTRAS));
    const owners = condition === 'nearly_new' ? 1 : Math.min(6, 1 + Math.floor(ageYears / rng.range(3, 6)));
    const history_ =
      condition === 'nearly_new'
        ? 'balance of manufacturer warranty'
        : rng.pick([
            'full service history',
            'full dealer service history',
            'service history',
            'full service history and a fresh MOT',
          ]);
    const feeText = fee > 0 ? `Price includes a £${fee} admin fee.` : 'No admin fee.';
    const description =
      `${year} ${model.brand.name} ${m.name} ${model.variant} ${trim} in ${colour.toLowerCase()}, ${thousands(mileage)} miles, ` +
      `${owners} ${owners === 1 ? 'owner' : 'owners'} from new with ${history_}. ` +
      `Highlights include ${[...extras].join(', ')}. ` +
      `${condition === 'nearly_new' ? 'Nearly new and ready to go. ' : ''}${feeText} Part exchange welcome at ${dealer.row.name}.`;

    listings.push({
      id,
      dealer_id: dealer.row.id,
      car_model_id: m.id,
      brand_id: m.brand_id,
      title: `${year} ${model.brand.name} ${m.name} ${model.variant} ${trim}`,
      price: finalPrice,
      admin_fee: fee,
      year,
      registration_date: registrationDate,
      registration: plate,
      mileage,
      colour,
      fuel_type: m.fuel_type,
      body_style: m.body_style,
      gearbox: m.gearbox,
      seats: m.seats,
      doors: m.doors,
      engine_cc: m.engine_cc,
      co2_gkm: m.co2_gkm,
      insurance_group: m.insurance_group,
      condition,
      status,
      description,
      image_seed: rng.int(1, 999_999),
      outcode: dealer.row.outcode,
      lat: dealer.row.lat,
      lng: dealer.row.lng,
      listed_at: listedIso,
      created_at: listedIso,
      updated_at: new Date(times[times.length - 1]).toISOString(),
    });
    drops.push(prices[0] - finalPrice);
  }
  if (listings.length > 0) yield { listings, history, reductions: drops };
}
