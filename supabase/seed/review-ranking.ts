/**
 * How each model compares with its class: the facts a reviewer weighs (boot, economy or range, price,
 * NCAP, insurance, ride, pace, reliability reputation, resale), each as a z-score among the models of
 * the same segment, and an overall score spread over the catalogue like real road tests (about 5.5-9.5).
 */
import type { ModelSpec, Segment } from './models';

export type Metric = 'boot' | 'economy' | 'price' | 'safety' | 'insurance' | 'ride' | 'pace' | 'reliability' | 'resale';
export const METRICS: readonly Metric[] = [
  'boot',
  'economy',
  'price',
  'safety',
  'insurance',
  'ride',
  'pace',
  'reliability',
  'resale',
];

/**
 * Owner-survey reliability reputation in the UK (0 worst .. 1 best), a blend of the published
 * surveys' usual order; brands not listed are treated as average.
 */
const RELIABILITY: Record<string, number> = {
  Lexus: 0.97,
  Toyota: 0.95,
  Honda: 0.9,
  Mazda: 0.88,
  Suzuki: 0.87,
  Kia: 0.85,
  Hyundai: 0.84,
  Subaru: 0.8,
  Skoda: 0.76,
  Dacia: 0.74,
  MG: 0.7,
  Mini: 0.68,
  Porsche: 0.68,
  Volvo: 0.66,
  Nissan: 0.64,
  Genesis: 0.64,
  Audi: 0.6,
  BMW: 0.6,
  Tesla: 0.58,
  Renault: 0.56,
  Cupra: 0.55,
  Peugeot: 0.55,
  Volkswagen: 0.55,
  Ford: 0.55,
  Polestar: 0.52,
  Smart: 0.5,
  Citroën: 0.5,
  Vauxhall: 0.5,
  BYD: 0.5,
  'Mercedes-Benz': 0.48,
  Fiat: 0.46,
  Abarth: 0.46,
  DS: 0.45,
  Omoda: 0.45,
  Jaecoo: 0.45,
  Leapmotor: 0.45,
  Jeep: 0.4,
  Alpine: 0.55,
  Lotus: 0.42,
  Maserati: 0.38,
  Jaguar: 0.38,
  'Alfa Romeo': 0.4,
  'Land Rover': 0.3,
};
export const reliabilityOf = (brand: string): number => RELIABILITY[brand] ?? 0.55;

/** Metric weights per kind of car: performance cars are judged on pace, family cars on space and costs. */
function weights(segment: Segment): Record<Metric, number> {
  const family = {
    boot: 1,
    economy: 1,
    price: 1,
    safety: 1,
    insurance: 0.6,
    ride: 0.8,
    pace: 0.3,
    reliability: 0.9,
    resale: 0.5,
  };
  if (segment === 'S') return { ...family, boot: 0.2, economy: 0.3, insurance: 0.2, ride: 0.4, pace: 1.6, safety: 0.4 };
  if (segment === 'A' || segment === 'B') return { ...family, price: 1.3, insurance: 0.9, pace: 0.15 };
  if (segment === 'E' || segment === 'F' || segment === 'L')
    return { ...family, ride: 1.3, price: 0.5, insurance: 0.3 };
  return family;
}

/** The raw figure behind each metric; bigger is better. */
function raw(spec: ModelSpec): Record<Metric, number> {
  const r = spec.row;
  const economy =
    r.fuel_type === 'electric'
      ? 40 + ((r.ev_range_miles ?? 200) - 150) * 0.12 + ((r.mi_per_kwh ?? 3.5) - 3.5) * 6
      : spec.isPluginHybrid
        ? 55 + (r.battery_kwh ?? 10) * 0.6
        : (r.mpg ?? 40);
  // Ride: bigger, heavier, softer-riding classes are calmer; low, stiff and big-wheeled cars less so.
  const ride =
    ({ A: -0.6, B: -0.3, C: 0, D: 0.3, E: 0.7, F: 1, L: 0.6, S: -0.7 } as Record<Segment, number>)[spec.segment] +
    ((r.height_mm ?? 1450) - 1450) / 900 -
    Math.max(0, (r.power_bhp ?? 150) - 300) / 600 +
    (spec.brand.name === 'Citroën' ? 0.8 : 0);
  return {
    boot: r.boot_litres ?? 0,
    economy,
    price: -r.price_from,
    safety: r.ncap_stars === null ? 2.8 : r.ncap_stars + ((r.ncap_year ?? 2020) - 2020) * 0.08,
    insurance: -(r.insurance_group ?? 25),
    ride,
    pace: -(r.zero_to_62 ?? 10),
    reliability: reliabilityOf(spec.brand.name),
    resale: spec.brand.retention,
  };
}

export interface ClassStanding {
  /** z-score of each metric within the model's segment (0 = class average). */
  z: Record<Metric, number>;
  /** Median raw figure of the class, for "the class average is..." sentences. */
  classMedian: Record<Metric, number>;
  /** Each z-score times the metric's weight for this kind of car: what a reviewer would dwell on. */
  weighted: Record<Metric, number>;
  /** Weighted sum of the z-scores. */
  merit: number;
  score: number;
  /** 1 = best of its segment. */
  classRank: number;
  classSize: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Inverse of the standard normal CDF (Acklam's rational approximation, |error| < 1e-8 for our use). */
function probit(p: number): number {
  const a = [
    -39.696830286653757, 220.9460984245205, -275.92851044696869, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [-54.476098798224058, 161.58583685804089, -155.69897985988661, 66.80131188771972, -13.280681552885719];
  const c = [
    -0.0077848940024302926, -0.32239645804113648, -2.4007582771618381, -2.5497325393437338, 4.3746641414649678,
    2.9382265223671,
  ];
  const d = [0.0077846957090414622, 0.32246712907003983, 2.445134137142996, 3.7544086619074162];
  const tail = (q: number): number =>
    (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/**
 * Every model's standing in its class and its overall score: merit ranks the catalogue, and the rank
 * maps onto a bell curve centred on 7.5 (so scores spread from about 5.6 to 9.4 and rarely tie at the top).
 */
export function rankModels(specs: readonly ModelSpec[]): Map<string, ClassStanding> {
  const bySegment = new Map<Segment, ModelSpec[]>();
  for (const s of specs) bySegment.set(s.segment, [...(bySegment.get(s.segment) ?? []), s]);
  const partial = new Map<string, Omit<ClassStanding, 'score' | 'classRank' | 'classSize'>>();
  for (const [segment, group] of bySegment) {
    const raws = group.map(raw);
    const w = weights(segment);
    const stats = Object.fromEntries(
      METRICS.map((m) => {
        const xs = raws.map((x) => x[m]);
        const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
        const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length) || 1;
        return [m, { mean, sd, median: median(xs) }];
      }),
    ) as Record<Metric, { mean: number; sd: number; median: number }>;
    group.forEach((spec, i) => {
      const z = Object.fromEntries(
        METRICS.map((m) => [m, Math.max(-2.5, Math.min(2.5, (raws[i][m] - stats[m].mean) / stats[m].sd))]),
      ) as Record<Metric, number>;
      const weighted = Object.fromEntries(METRICS.map((m) => [m, w[m] * z[m]])) as Record<Metric, number>;
      // A poor crash-test result is marked down whatever the class does: rivals are not the only yardstick.
      const stars = spec.row.ncap_stars;
      const ncapPenalty = stars === null ? -0.3 : Math.min(0, stars - 4) * 1.6;
      const merit = METRICS.reduce((sum, m) => sum + weighted[m], 0) + ncapPenalty;
      const classMedian = Object.fromEntries(METRICS.map((m) => [m, stats[m].median])) as Record<Metric, number>;
      partial.set(spec.row.id, { z, weighted, classMedian, merit });
    });
  }
  const order = [...specs].sort(
    (a, b) => partial.get(a.row.id)!.merit - partial.get(b.row.id)!.merit || a.row.id.localeCompare(b.row.id),
  );
  const out = new Map<string, ClassStanding>();
  order.forEach((spec, i) => {
    const p = partial.get(spec.row.id)!;
    const score = Math.round(Math.min(9.5, Math.max(5.5, 7.5 + 0.7 * probit((i + 0.5) / order.length))) * 10) / 10;
    const group = bySegment.get(spec.segment)!;
    const classRank = 1 + group.filter((o) => partial.get(o.row.id)!.merit > p.merit).length;
    out.set(spec.row.id, { ...p, score, classRank, classSize: group.length });
  });
  return out;
}
