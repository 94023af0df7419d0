import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePostcode } from '../../src/domain/uk/distance';
import { OUTCODE_CENTROIDS } from '../../src/domain/uk/outcodes';
import { isValidPlate, plateMatchesDate } from '../../src/domain/uk/plates';
import { REFERENCE_DATE, generateCatalogue, type Catalogue } from './catalogue';
import { REVIEWERS } from './reviews';

const DAY = 86_400_000;
let c: Catalogue;

beforeAll(() => {
  c = generateCatalogue();
});

/** Column names per table, read from the schema migration (the data contract). */
function schemaColumns(): Record<string, string[]> {
  const sql = readFileSync(fileURLToPath(new URL('../migrations/20261122000100_schema.sql', import.meta.url)), 'utf8');
  const tables: Record<string, string[]> = {};
  for (const m of sql.matchAll(/create table public\.(\w+) \(([\s\S]*?)\n\);/g)) {
    const body = m[2].replace(/--[^\n]*/g, '');
    const parts: string[] = [];
    let depth = 0;
    let current = '';
    for (const ch of body) {
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (ch === ',' && depth === 0) {
        parts.push(current);
        current = '';
      } else current += ch;
    }
    parts.push(current);
    tables[m[1]] = parts
      .map((p) => p.trim().split(/\s+/)[0])
      .filter((name) => name && !['unique', 'check', 'primary', 'constraint', 'foreign'].includes(name));
  }
  // Columns added by later migrations, but those with a default: the server fills them (price_reduction).
  const dir = fileURLToPath(new URL('../migrations/', import.meta.url));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')))
    for (const m of readFileSync(dir + file, 'utf8').matchAll(
      /alter table public\.(\w+) add column (?:if not exists )?(\w+)([^;]*);/g,
    ))
      if (!/\bdefault\b/.test(m[3])) tables[m[1]]?.push(m[2]);
  return tables;
}

describe('catalogue shape', () => {
  it('has the counts the product needs', () => {
    expect(c.brands.length).toBeGreaterThanOrEqual(35);
    expect(c.car_models.length).toBeGreaterThanOrEqual(200);
    expect(c.reviews.length).toBe(c.car_models.length);
    expect(c.dealers.length).toBeGreaterThanOrEqual(80);
    expect(c.vehicle_listings.length).toBeGreaterThanOrEqual(10_000);
  });

  it('uses exactly the table columns as keys', () => {
    const columns = schemaColumns();
    for (const table of Object.keys(c) as (keyof Catalogue)[]) {
      expect(columns[table], table).toBeDefined();
      for (const row of c[table]) expect(Object.keys(row).sort()).toEqual([...columns[table]].sort());
    }
  });

  it('is deterministic', () => {
    expect(generateCatalogue()).toEqual(c);
  });

  it('has unique UUIDs everywhere and unique slugs', () => {
    const ids = Object.values(c).flatMap((rows: { id: string }[]) => rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 500))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(c.brands.map((b) => b.slug)).size).toBe(c.brands.length);
    expect(new Set(c.dealers.map((d) => d.slug)).size).toBe(c.dealers.length);
    expect(new Set(c.car_models.map((m) => `${m.brand_id}/${m.slug}`)).size).toBe(c.car_models.length);
  });

  it('includes the big UK brands and well-known models', () => {
    const names = new Set(c.brands.map((b) => b.name));
    for (const b of [
      'Ford',
      'Vauxhall',
      'Volkswagen',
      'Kia',
      'Toyota',
      'BMW',
      'Tesla',
      'Land Rover',
      'Citroën',
      'Mercedes-Benz',
    ])
      expect(names.has(b)).toBe(true);
    const models = new Set(c.car_models.map((m) => m.name));
    for (const m of ['Puma', 'Sportage', 'Golf', 'Model Y', 'Qashqai', 'Corsa']) expect(models.has(m)).toBe(true);
    for (const b of c.brands) expect(b.logo_url?.startsWith('data:image/svg+xml')).toBe(true);
  });
});

describe('car models', () => {
  it('keep powertrain figures consistent', () => {
    for (const m of c.car_models) {
      if (m.fuel_type === 'electric') {
        expect(m, m.name).toMatchObject({ co2_gkm: 0, mpg: null, engine_cc: null, euro_standard: null });
        expect(m.ev_range_miles).toBeGreaterThan(100);
        expect(m.mi_per_kwh).toBeGreaterThan(2.5);
        expect(m.mi_per_kwh).toBeLessThan(7);
        expect(m.battery_kwh).toBeGreaterThan(20);
      } else {
        expect(m.mpg, m.name).toBeGreaterThan(15);
        expect(m.co2_gkm).toBeGreaterThan(0);
        expect(m.engine_cc).toBeGreaterThan(600);
        expect(m.euro_standard).toBe(6);
        if (m.fuel_type === 'plugin_hybrid') expect(m.ev_range_miles, m.name).toBeGreaterThanOrEqual(15);
        else expect(m.ev_range_miles).toBeNull();
      }
      if (m.fuel_type === 'plugin_hybrid') expect(m.co2_gkm, m.name).toBeLessThan(90);
    }
    const avg = (fuel: string) => {
      const list = c.car_models.filter((m) => m.fuel_type === fuel);
      return list.reduce((s, m) => s + m.co2_gkm, 0) / list.length;
    };
    expect(avg('hybrid')).toBeLessThan(avg('petrol'));
  });

  it('stay inside the schema ranges and plausible bounds', () => {
    for (const m of c.car_models) {
      expect(m.seats).toBeGreaterThanOrEqual(2);
      expect(m.seats).toBeLessThanOrEqual(9);
      expect(m.insurance_group).toBeGreaterThanOrEqual(1);
      expect(m.insurance_group).toBeLessThanOrEqual(50);
      if (m.ncap_stars !== null) {
        expect(m.ncap_stars).toBeLessThanOrEqual(5);
        expect(m.ncap_year).toBeGreaterThanOrEqual(2009);
      } else expect(m.ncap_year).toBeNull();
      expect(m.zero_to_62).toBeGreaterThan(2);
      expect(m.zero_to_62).toBeLessThan(20);
      expect(m.top_speed_mph).toBeGreaterThan(80);
      expect(m.top_speed_mph).toBeLessThan(215);
      expect(m.price_from).toBeGreaterThan(10_000);
      // A model still on sale is a 2025 or 2026 model; one whose production ended, a model of its last year.
      const end = m.production_years?.[m.production_years.length - 1][1] ?? null;
      if (end === null) expect(m.model_year).toBeGreaterThanOrEqual(2025);
      else expect(m.model_year, m.name).toBe(end);
      expect(m.length_mm).toBeGreaterThan(3_300);
      expect(m.description.length).toBeGreaterThan(80);
    }
    expect(c.car_models.filter((m) => m.seats === 7).length).toBeGreaterThanOrEqual(10);
  });

  it('make price and performance go together', () => {
    const fast = c.car_models.filter((m) => (m.power_bhp ?? 0) >= 380);
    const slow = c.car_models.filter((m) => (m.power_bhp ?? 999) <= 100);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(fast.map((m) => m.price_from))).toBeGreaterThan(2 * mean(slow.map((m) => m.price_from)));
    expect(mean(fast.map((m) => m.insurance_group ?? 0))).toBeGreaterThan(
      mean(slow.map((m) => m.insurance_group ?? 0)) + 15,
    );
  });
});

describe('reviews', () => {
  it('cover every model with specific, well-formed content', () => {
    const byModel = new Map(c.reviews.map((r) => [r.car_model_id, r]));
    for (const m of c.car_models) {
      const r = byModel.get(m.id);
      expect(r, m.name).toBeDefined();
      if (!r) continue;
      expect(REVIEWERS).toContain(r.author);
      expect(r.cs_score).toBeGreaterThanOrEqual(0);
      expect(r.cs_score).toBeLessThanOrEqual(10);
      expect(Math.round(r.cs_score * 10)).toBeCloseTo(r.cs_score * 10, 6);
      expect(r.pros.length).toBeGreaterThanOrEqual(3);
      expect(r.pros.length).toBeLessThanOrEqual(5);
      expect(r.cons.length).toBeGreaterThanOrEqual(3);
      expect(r.cons.length).toBeLessThanOrEqual(5);
      expect(r.verdict.split('. ').length).toBeGreaterThanOrEqual(2);
      for (const key of ['driving', 'interior', 'practicality', 'running_costs', 'safety'] as const)
        expect(r.sections[key].length).toBeGreaterThan(60);
      expect(r.published).toBe(true);
      expect(r.published_at! >= '2025-01-01' && r.published_at! < '2027-01-01').toBe(true);
      expect(r.title).toContain(m.name);
      expect(r.sections.practicality).toContain(`${m.boot_litres}`);
    }
    expect(new Set(c.reviews.map((r) => r.verdict)).size).toBe(c.reviews.length);
  });

  it('spread scores like real road tests, led by different cars, with verdicts that open differently', () => {
    const scores = c.reviews.map((r) => r.cs_score);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThanOrEqual(3);
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(5.5);
    expect(Math.max(...scores)).toBeLessThanOrEqual(9.5);
    const top = [...scores].sort((a, b) => b - a).slice(0, 4);
    expect(new Set(top).size).toBeGreaterThan(1);
    const firstSentence = (v: string) => v.split(/(?<=\.)\s/)[0];
    expect(new Set(c.reviews.map((r) => firstSentence(r.verdict))).size).toBe(c.reviews.length);
    expect(c.reviews.filter((r) => r.verdict.startsWith('There is a lot to like'))).toEqual([]);
  });

  it('quote each model against its class', () => {
    const practical = c.reviews.filter((r) =>
      /litres (more|less) than the \d+-litre median/.test(r.sections.practicality),
    );
    expect(practical.length).toBeGreaterThan(c.reviews.length / 2);
    expect(c.reviews.every((r) => /reliability surveys/.test(r.sections.running_costs))).toBe(true);
  });

  it('score safer cars higher on average', () => {
    const model = new Map(c.car_models.map((m) => [m.id, m]));
    const score = (pred: (stars: number | null) => boolean) => {
      const list = c.reviews.filter((r) => pred(model.get(r.car_model_id)!.ncap_stars));
      return list.reduce((s, r) => s + r.cs_score, 0) / list.length;
    };
    expect(score((s) => s === 5)).toBeGreaterThan(score((s) => s !== null && s <= 3) + 0.5);
  });
});

describe('dealers', () => {
  it('sit in real outcodes with fictional contact details', () => {
    for (const d of c.dealers) {
      const centroid = OUTCODE_CENTROIDS[d.outcode];
      expect(centroid, d.outcode).toBeDefined();
      expect(Math.abs(d.lat - centroid[0])).toBeLessThan(0.01);
      expect(Math.abs(d.lng - centroid[1])).toBeLessThan(0.01);
      expect(parsePostcode(d.postcode)).toMatchObject({ ok: true, outcode: d.outcode });
      // The area code is the dealer's own town's (seed-consistency.test.ts); the local part is fictional.
      expect(d.phone).toMatch(/^(0\d{4} 960\d{3}|01(?:1\d|\d1) 49[68] 0\d{3}|02\d \d{4} \d{4})$/);
      expect(d.email).toMatch(/@example\.co\.uk$/);
      expect(d.rating).toBeGreaterThanOrEqual(1);
      expect(d.rating).toBeLessThanOrEqual(5);
      expect(d.admin_fee === 0 || (d.admin_fee >= 99 && d.admin_fee <= 199)).toBe(true);
    }
    expect(new Set(c.dealers.map((d) => d.phone)).size).toBe(c.dealers.length);
    const withFee = c.dealers.filter((d) => d.admin_fee > 0).length;
    expect(withFee).toBeGreaterThan(0);
    expect(withFee).toBeLessThan(c.dealers.length / 2);
  });
});

describe('listings', () => {
  it('reference real rows and copy the model facts', () => {
    const models = new Map(c.car_models.map((m) => [m.id, m]));
    const dealers = new Map(c.dealers.map((d) => [d.id, d]));
    for (const l of c.vehicle_listings) {
      const m = models.get(l.car_model_id)!;
      const d = dealers.get(l.dealer_id)!;
      expect(m).toBeDefined();
      expect(d).toBeDefined();
      expect(l.brand_id).toBe(m.brand_id);
      expect(l).toMatchObject({
        fuel_type: m.fuel_type,
        body_style: m.body_style,
        gearbox: m.gearbox,
        seats: m.seats,
        doors: m.doors,
        engine_cc: m.engine_cc,
        co2_gkm: m.co2_gkm,
        insurance_group: m.insurance_group,
        outcode: d.outcode,
        lat: d.lat,
        lng: d.lng,
        admin_fee: d.admin_fee,
      });
      expect(l.title.startsWith(`${l.year} `)).toBe(true);
      expect(l.title).toContain(m.name);
    }
  });

  it('carry a valid plate whose age identifier matches the registration date', () => {
    const plates = new Set<string>();
    for (const l of c.vehicle_listings) {
      expect(isValidPlate(l.registration!), l.registration!).toBe(true);
      expect(plateMatchesDate(l.registration!, l.registration_date!), `${l.registration} ${l.registration_date}`).toBe(
        true,
      );
      expect(Number(l.registration_date!.slice(0, 4))).toBe(l.year);
      plates.add(l.registration!);
    }
    expect(plates.size).toBe(c.vehicle_listings.length);
  });

  it('have plausible years, dates and mileages', () => {
    const now = Date.parse(REFERENCE_DATE);
    for (const l of c.vehicle_listings) {
      expect(l.year).toBeGreaterThanOrEqual(2012);
      expect(l.year).toBeLessThanOrEqual(2026);
      const listed = Date.parse(l.listed_at);
      const days = (now - listed) / DAY;
      expect(days).toBeGreaterThan(0);
      expect(days).toBeLessThanOrEqual(121);
      expect(Date.parse(l.registration_date!)).toBeLessThan(listed);
      const age = (now - Date.parse(l.registration_date!)) / (365.25 * DAY);
      if (l.condition === 'nearly_new') {
        expect(l.mileage).toBeLessThan(5_000);
        expect(age).toBeLessThan(2);
      } else {
        expect(l.mileage).toBeGreaterThanOrEqual(Math.min(150, age * 1_000));
        expect(l.mileage).toBeLessThan(age * 20_000 + 5_000);
      }
    }
    const used = c.vehicle_listings.filter((l) => l.condition === 'used');
    const perYear =
      used.reduce(
        (s, l) => s + l.mileage / Math.max(0.5, (now - Date.parse(l.registration_date!)) / (365.25 * DAY)),
        0,
      ) / used.length;
    expect(perYear).toBeGreaterThan(7_000);
    expect(perYear).toBeLessThan(10_500);
    expect(c.vehicle_listings.filter((l) => l.condition === 'nearly_new').length).toBeGreaterThan(300);
  });

  it('price sensibly against the model and include the admin fee', () => {
    const models = new Map(c.car_models.map((m) => [m.id, m]));
    for (const l of c.vehicle_listings) {
      const m = models.get(l.car_model_id)!;
      expect(l.price - l.admin_fee).toBeGreaterThan(0);
      expect(l.price - l.admin_fee).toBeLessThanOrEqual(m.price_from * 1.3);
    }
    // Older cars of the same model are cheaper on average.
    const golf = c.car_models.find((m) => m.name === 'Golf')!;
    const golfs = c.vehicle_listings.filter((l) => l.car_model_id === golf.id);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(golfs.filter((l) => l.year <= 2021).map((l) => l.price))).toBeLessThan(
      mean(golfs.filter((l) => l.year >= 2024).map((l) => l.price)),
    );
    const statuses = c.vehicle_listings.map((l) => l.status);
    expect(statuses.filter((s) => s === 'active').length / statuses.length).toBeGreaterThan(0.8);
    expect(statuses.filter((s) => s === 'sold').length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 'reserved').length).toBeGreaterThan(0);
  });

  it('end their price history at the listed price, with reductions on about a third', () => {
    const byListing = new Map<string, typeof c.listing_price_history>();
    for (const h of c.listing_price_history) {
      const list = byListing.get(h.vehicle_listing_id) ?? [];
      list.push(h);
      byListing.set(h.vehicle_listing_id, list);
    }
    expect(byListing.size).toBe(c.vehicle_listings.length);
    let reduced = 0;
    for (const l of c.vehicle_listings) {
      const h = byListing.get(l.id)!.sort((a, b) => a.changed_at.localeCompare(b.changed_at));
      expect(h.length).toBeLessThanOrEqual(4);
      expect(h[0].changed_at).toBe(l.listed_at);
      expect(h[h.length - 1].price).toBe(l.price);
      for (let i = 1; i < h.length; i++) expect(h[i].price).toBeLessThan(h[i - 1].price);
      expect(Date.parse(h[h.length - 1].changed_at)).toBeLessThanOrEqual(Date.parse(REFERENCE_DATE));
      if (h.length > 1) reduced++;
    }
    const share = reduced / c.vehicle_listings.length;
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.4);
  });
});
