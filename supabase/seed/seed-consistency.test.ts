// Issue 34: the whole generated seed (the PGlite default size) must add up. Each rule below failed on the
// seed as it was: impossible model years, doubled names, plug-in hybrids labelled "Hybrid" (a Prius at
// 564.9 mpg), dealers dialling Leeds from Lincoln, and body values the filters do not know.
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_STYLES, FUEL_TYPES } from '../../src/domain/uk/body';
import { madeInYear, notMadeReason, parseProductionSpans } from '../../src/domain/uk/production-years';
import { BRANDS } from './data/brands';
import { DIALLING_CODES } from './data/dialling-codes';
import { generateCatalogue, CATALOGUE_CREATED_AT, type Catalogue, type CarModelRow } from './catalogue';
import { DEFAULT_LISTING_COUNT } from './listings';
import { buildModels, type ModelSpec } from './models';

let c: Catalogue;
let specs: Map<string, ModelSpec>;
let modelById: Map<string, CarModelRow>;
let brandName: Map<string, string>;

beforeAll(() => {
  c = generateCatalogue();
  const brandRows = c.brands;
  specs = new Map(buildModels(BRANDS, brandRows, CATALOGUE_CREATED_AT).map((s) => [s.row.id, s]));
  modelById = new Map(c.car_models.map((m) => [m.id, m]));
  brandName = new Map(c.brands.map((b) => [b.id, b.name]));
});

const fullName = (m: CarModelRow): string => `${brandName.get(m.brand_id)} ${m.name}`;
/** A word or a run of up to three words said twice in a row: "DS DS 4", "E-Tech E-Tech", "Long Range Long Range". */
const DOUBLED = /(?:^|\s)((?:\S+\s+){0,2}\S+)\s+\1(?=\s|$)/i;

describe('issue 34: the seed adds up', () => {
  it('is the whole default seed', () => {
    expect(c.vehicle_listings.length).toBe(DEFAULT_LISTING_COUNT);
  });

  it('registers every listing within its model’s production years, and not before its version arrived', () => {
    const wrong: string[] = [];
    for (const l of c.vehicle_listings) {
      const m = modelById.get(l.car_model_id)!;
      const spans = parseProductionSpans(m.production_years);
      const since = specs.get(m.id)!.since;
      if (!spans || !madeInYear(spans, l.year) || l.year < since || Number(l.registration_date?.slice(0, 4)) !== l.year)
        wrong.push(`${l.title} (${l.registration_date})`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('knows each model’s launch year and keeps it inside its production years', () => {
    for (const m of c.car_models) {
      const spans = parseProductionSpans(m.production_years);
      expect(spans, m.name).not.toBeNull();
      expect(madeInYear(spans, specs.get(m.id)!.since), fullName(m)).toBe(true);
    }
  });

  it('never lists the versions the issue caught before they existed', () => {
    // Independent facts: the Compass 4xe and Discovery Sport P300e reached the UK in 2020, the Enyaq 85 in 2023.
    const firstYear: [RegExp, number][] = [
      [/Jeep Compass .*4xe/, 2020],
      [/Land Rover Discovery Sport .*P300e/, 2020],
      [/Skoda Enyaq 85/, 2023],
    ];
    for (const [title, year] of firstYear) {
      const found = c.vehicle_listings.filter((l) => title.test(l.title));
      expect(found.length, String(title)).toBeGreaterThan(0);
      for (const l of found) expect(l.year, l.title).toBeGreaterThanOrEqual(year);
    }
  });

  it('refuses a model and year that never existed, saying when it was sold', () => {
    const puma = c.car_models.find((m) => fullName(m) === 'Ford Puma')!;
    expect(notMadeReason('Ford Puma', 2012, parseProductionSpans(puma.production_years))).toBe(
      'The Ford Puma was not made in 2012: it was sold from 1997 to 2002 and from 2019.',
    );
    expect(notMadeReason('Ford Puma', 2000, parseProductionSpans(puma.production_years))).toBeNull();
  });

  it('has no doubled words in names, titles or descriptions', () => {
    const texts = [
      ...c.car_models.flatMap((m) => [fullName(m), m.description]),
      ...c.vehicle_listings.flatMap((l) => [l.title, l.description]),
      ...c.reviews.flatMap((r) => [r.title, r.verdict]),
    ];
    const doubled = texts.filter((t) => DOUBLED.test(t));
    expect(doubled.slice(0, 10)).toEqual([]);
    // The rule itself catches what the issue saw.
    for (const bad of ['DS DS 4', '2021 Polestar Polestar 2', 'Renault Clio E-Tech E-Tech Full Hybrid'])
      expect(DOUBLED.test(bad), bad).toBe(true);
  });

  it('makes a plug-in hybrid its own fuel type, with its electric range beside the weighted mpg', () => {
    const phevs = c.car_models.filter((m) => m.fuel_type === 'plugin_hybrid');
    expect(phevs.length).toBeGreaterThanOrEqual(20);
    for (const m of c.car_models) {
      const pluggable = m.fuel_type !== 'electric' && m.battery_kwh !== null;
      expect(m.fuel_type === 'plugin_hybrid', fullName(m)).toBe(pluggable);
    }
    for (const m of phevs) {
      expect(m.ev_range_miles, fullName(m)).toBeGreaterThanOrEqual(15);
      expect(m.ev_range_miles, fullName(m)).toBeLessThanOrEqual(100);
      expect(m.mpg, fullName(m)).toBeGreaterThan(60); // the official figure weights in the electric miles
      expect(m.mi_per_kwh, fullName(m)).toBeGreaterThan(1.5);
    }
    for (const l of c.vehicle_listings) expect(l.fuel_type).toBe(modelById.get(l.car_model_id)!.fuel_type);
  });

  it('gives self-charging and mild hybrids a plausible mpg and no plug', () => {
    const hybrids = c.car_models.filter((m) => m.fuel_type === 'hybrid');
    expect(hybrids.length).toBeGreaterThanOrEqual(30);
    for (const m of hybrids) {
      expect(m.mpg, fullName(m)).toBeGreaterThanOrEqual(30);
      expect(m.mpg, fullName(m)).toBeLessThanOrEqual(80);
      expect(m.ev_range_miles, fullName(m)).toBeNull();
      expect(m.battery_kwh, fullName(m)).toBeNull();
    }
    expect(hybrids.map(fullName)).toContain('Toyota Prius');
  });

  it('gives each dealer a phone number in its own town’s area code', () => {
    // Known codes, independent of the generator's table.
    const known: Record<string, string> = { Lincoln: '01522', Leeds: '0113', London: '020', York: '01904' };
    for (const d of c.dealers) {
      const code = DIALLING_CODES[d.town];
      expect(code, d.town).toMatch(/^0\d{2,4}$/);
      expect(d.phone.startsWith(`${code} `), `${d.name}, ${d.town}: ${d.phone}`).toBe(true);
      if (known[d.town]) expect(code, d.town).toBe(known[d.town]);
      if (d.phone.startsWith('0113 ')) expect(['Leeds', 'Pudsey']).toContain(d.town);
    }
    expect(c.dealers.some((d) => d.town === 'Lincoln')).toBe(true);
  });

  it('uses only body styles and fuels the filters know, the same on a listing as on its model', () => {
    for (const m of c.car_models) {
      expect(BODY_STYLES).toContain(m.body_style);
      expect(FUEL_TYPES).toContain(m.fuel_type);
    }
    for (const l of c.vehicle_listings) {
      const m = modelById.get(l.car_model_id)!;
      expect(l.body_style).toBe(m.body_style);
      expect(FUEL_TYPES).toContain(l.fuel_type);
    }
  });
});
