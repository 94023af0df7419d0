/**
 * Comparisons on the measure the shopper asked about ("Cheaper to insure, Sportage or Tucson?" is about
 * insurance groups, not price): which measure a question names, and the answer on that figure alone.
 */
import { formatGBP } from '../../shared/lib/format';
import type { Answer, AssistantCar } from './assistant';

export type Measure = 'insurance' | 'tax' | 'mpg' | 'boot' | 'acceleration' | 'range';

interface MeasureSpec {
  pattern: RegExp;
  value: (c: AssistantCar) => number | null;
  /** True when a bigger figure wins (boot, mpg, range). */
  higherWins: boolean;
  figure: (c: AssistantCar, v: number) => string;
  /** "is cheaper to insure"; the superlative for three or more cars. */
  wins: [two: string, many: string];
  unknown: string;
  footnote?: string;
}

// Checked in this order: "0-62" before "range" (no overlap), insurance before tax ("insurance tax" is rare).
const MEASURES: Record<Measure, MeasureSpec> = {
  insurance: {
    pattern: /\binsur(?:e|ance|ing)\b|insurance group/i,
    value: (c) => c.insuranceGroup,
    higherWins: false,
    figure: (_c, v) => `insurance group ${v}`,
    wins: ['is cheaper to insure', 'is the cheapest to insure'],
    unknown: 'an insurance group',
    footnote: 'Groups run from 1 (cheapest) to 50; your own premium also depends on you and where you live.',
  },
  tax: {
    pattern: /\b(?:road |car )?tax\b|\bved\b/i,
    value: (c) => c.annualTax,
    higherWins: false,
    figure: (_c, v) => (v === 0 ? 'no road tax' : `${formatGBP(v)} a year road tax`),
    wins: ['is cheaper to tax', 'is the cheapest to tax'],
    unknown: 'a road tax figure',
    footnote: 'That is the standard annual rate for the car as sold new (2026/27 rates).',
  },
  acceleration: {
    pattern: /\b0\s*(?:-|to)\s*6[02]\b|nought to sixty|\bquick(?:er|est)?\b|\bfast(?:er|est)?\b|accelerat/i,
    value: (c) => c.zeroTo62,
    higherWins: false,
    figure: (_c, v) => `0-62 mph in ${v} s`,
    wins: ['is quicker', 'is the quickest'],
    unknown: 'a 0-62 mph time',
  },
  range: {
    pattern: /\brange\b|(?:further|farther) on a (?:charge|battery)/i,
    value: (c) => c.rangeMiles,
    higherWins: true,
    figure: (c, v) => `${v.toLocaleString('en-GB')} miles of ${c.fuel === 'electric' ? '' : 'electric '}range`,
    wins: ['goes further on a charge', 'goes furthest on a charge'],
    unknown: 'an electric range (it is not electric)',
    footnote: 'Official WLTP figures; expect less in winter and at motorway speeds.',
  },
  mpg: {
    pattern: /\bmpg\b|fuel economy|miles per gallon|(?:more|most|better) (?:fuel[- ])?efficient|\bthirst(?:y|ier)\b/i,
    value: (c) => (c.fuel === 'electric' ? null : c.mpg),
    higherWins: true,
    figure: (_c, v) => `${v} mpg`,
    wins: ['is more economical', 'is the most economical'],
    unknown: 'an mpg figure (electric cars are measured in miles per kWh)',
    footnote: 'Official WLTP combined figures.',
  },
  boot: {
    pattern: /\bboot\b|luggage|load space|cargo/i,
    value: (c) => c.bootLitres,
    higherWins: true,
    figure: (_c, v) => `${v}-litre boot`,
    wins: ['has the bigger boot', 'has the biggest boot'],
    unknown: 'a boot figure',
    footnote: 'Measured with the rear seats up.',
  },
};

const ORDER: Measure[] = ['insurance', 'acceleration', 'range', 'mpg', 'boot', 'tax'];

/** The measure a question asks about, or null (then the assistant compares on everything). */
export function measureAsked(text: string): Measure | null {
  return ORDER.find((m) => MEASURES[m].pattern.test(text)) ?? null;
}

const name = (c: AssistantCar) => `${c.brand} ${c.model}`;

/** One car's figure on a measure ("What insurance group is the Sportage?"). */
export function figureOf(measure: Measure, car: AssistantCar): Answer {
  const spec = MEASURES[measure];
  const v = spec.value(car);
  if (v === null)
    return { text: `I don't have ${spec.unknown} for the ${name(car)}.`, cars: [{ car, note: '' }], known: false };
  const figure = spec.figure(car, v);
  const text = `The ${name(car)}: ${figure}.${spec.footnote ? ` ${spec.footnote}` : ''}`;
  return { text, cars: [{ car, note: figure }], known: true };
}

/** Two or more cars compared on one measure, the winner first. */
export function compareOn(measure: Measure, cars: readonly AssistantCar[]): Answer {
  const spec = MEASURES[measure];
  const notes = cars.map((car) => {
    const v = spec.value(car);
    return { car, note: v === null ? `no ${spec.unknown.replace(/^an? /, '')}` : spec.figure(car, v) };
  });
  const missing = cars.find((c) => spec.value(c) === null);
  if (missing)
    return {
      text: `I can't compare them: I don't have ${spec.unknown} for the ${name(missing)}.`,
      cars: notes,
      known: false,
    };
  const ranked = [...cars].sort((a, b) =>
    spec.higherWins ? spec.value(b)! - spec.value(a)! : spec.value(a)! - spec.value(b)!,
  );
  const best = spec.value(ranked[0])!;
  const foot = spec.footnote ? ` ${spec.footnote}` : '';
  if (ranked.every((c) => spec.value(c) === best)) {
    const both = cars.length === 2 ? 'Both' : 'All of them';
    return { text: `${both} are level: ${spec.figure(ranked[0], best)} each.${foot}`, cars: notes, known: true };
  }
  const others = ranked
    .slice(1)
    .map((c) => `${spec.figure(c, spec.value(c)!)} for the ${name(c)}`)
    .join(', ');
  const wins = cars.length > 2 ? spec.wins[1] : spec.wins[0];
  const text = `The ${name(ranked[0])} ${wins}: ${spec.figure(ranked[0], best)}, against ${others}.${foot}`;
  // The winner first, so the links read in the answer's order.
  return { text, cars: ranked.map((car) => notes.find((n) => n.car === car)!), known: true };
}
