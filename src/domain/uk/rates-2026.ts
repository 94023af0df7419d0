/**
 * Every UK rate and price the product quotes, in ONE place, each with the tax year or date it belongs
 * to (UK_FACTS.md). Rates change every April: add a new year here rather than editing figures in the UI.
 */

/** A UK tax year, named by its start: '2026/27' runs 6 April 2026 to 5 April 2027 (VED uses 1 April). */
export type TaxYear = '2025/26' | '2026/27';

export interface VedBand {
  /** Inclusive upper CO2 bound in g/km; Infinity for the top band. */
  maxCo2: number;
  firstYear: number;
}

export interface VedRates {
  taxYear: TaxYear;
  /** First day the rates apply. */
  from: string;
  firstYearBands: readonly VedBand[];
  standardRate: number;
  expensiveCarSupplement: number;
  /** List price (options included) above which the supplement is due in years 2-6. */
  expensiveCarThreshold: number;
  /** Threshold for zero-emission cars registered from 1 April 2025; null when the general one applies. */
  zeroEmissionThreshold: number | null;
}

function bands(rates: readonly number[]): VedBand[] {
  const upper = [0, 50, 75, 90, 100, 110, 130, 150, 170, 190, 225, 255, Infinity];
  return upper.map((maxCo2, i) => ({ maxCo2, firstYear: rates[i] }));
}

export const VED_RATES: Record<TaxYear, VedRates> = {
  '2025/26': {
    taxYear: '2025/26',
    from: '2025-04-01',
    firstYearBands: bands([10, 110, 130, 270, 350, 390, 440, 540, 1360, 2190, 3300, 4680, 5490]),
    standardRate: 195,
    expensiveCarSupplement: 425,
    expensiveCarThreshold: 40_000,
    zeroEmissionThreshold: null,
  },
  '2026/27': {
    taxYear: '2026/27',
    from: '2026-04-01',
    firstYearBands: bands([10, 115, 135, 280, 365, 405, 455, 560, 1410, 2270, 3420, 4850, 5690]),
    standardRate: 200,
    expensiveCarSupplement: 440,
    expensiveCarThreshold: 40_000,
    zeroEmissionThreshold: 50_000,
  },
};

/** VED for cars registered from this date uses the CO2 first-year table above. */
export const VED_CO2_REGIME_FROM = '2017-04-01';
/** Electric cars pay VED from this date. */
export const EV_VED_FROM = '2025-04-01';
/** Years 2 to 6 of a car's life carry the expensive-car supplement. */
export const SUPPLEMENT_YEARS = 5;

/*
 * Cars registered before April 2017: a SIMPLIFIED ESTIMATE (flagged as such), 2025/26 annual rates by
 * graduated CO2 band A-M, and by engine size before March 2001. ved.ts scales them for later years.
 */
export const PRE_2017_BANDS: readonly (readonly [maxCo2: number, annual: number])[] = [
  [100, 20],
  [110, 20],
  [120, 35],
  [130, 165],
  [140, 195],
  [150, 215],
  [165, 265],
  [175, 315],
  [185, 345],
  [200, 395],
  [225, 430],
  [255, 735],
  [Infinity, 760],
];
export const PRE_2001_SMALL_ENGINE = 220;
export const PRE_2001_LARGE_ENGINE = 360;
export const PRE_2001_CC_LIMIT = 1549;

/** London ULEZ (TfL), all London boroughs since 29 Aug 2023. */
export const ULEZ = {
  dailyCharge: 12.5,
  londonWideSince: '2023-08-29',
  petrolEuroMin: 4,
  dieselEuroMin: 6,
  /** Typical first-registration dates by which new cars met those standards. */
  petrolLikelyFrom: '2006-01-01',
  dieselLikelyFrom: '2015-09-01',
} as const;

/** Running-cost defaults; each carries the date it was true, and users may override them. */
export const RUNNING_COST_DEFAULTS = {
  petrolPencePerLitre: { value: 151, asOf: '2026-06-30', note: 'UK average pump price, end of June 2026' },
  dieselPencePerLitre: { value: 167, asOf: '2026-06-30', note: 'UK average pump price, end of June 2026' },
  homePencePerKwh: { value: 26.11, asOf: '2026-07-01', note: 'Ofgem price cap, July-September 2026' },
  publicSlowPencePerKwh: { value: 57, asOf: '2024-12-31', note: 'Public slow/fast charging, 2024 index' },
  publicRapidPencePerKwh: { value: 80, asOf: '2024-12-31', note: 'Public rapid charging, 2024 index' },
} as const;

/** Official (WLTP) economy overstates real-world economy by roughly 15-20%; we use the midpoint. */
export const REAL_WORLD_ECONOMY_FACTOR = 0.825;
export const LITRES_PER_UK_GALLON = 4.54609;
/** L/100km = this / UK mpg. */
export const MPG_TO_L100KM = 282.481;

/**
 * The per-mile charge announced for April 2028 (Budget, November 2025): electric cars 3p a mile, plug-in
 * hybrids 1.5p, on top of VED. Planned, not yet law: show it as such.
 */
export const PER_MILE_CHARGE_2028 = {
  from: '2028-04-01',
  pencePerMile: { electric: 3, plugin_hybrid: 1.5 } as Readonly<Partial<Record<string, number>>>,
} as const;
