import { describe, expect, it } from 'vitest';
import {
  describeProductionYears,
  launchYear,
  madeInYear,
  notMadeReason,
  parseProductionSpans,
  type ProductionSpan,
} from './production-years';

const PUMA: ProductionSpan[] = [
  [1997, 2002],
  [2019, null],
];

describe('production years (issue 34)', () => {
  it('knows the years a model was sold, gaps included', () => {
    expect(madeInYear(PUMA, 1997)).toBe(true);
    expect(madeInYear(PUMA, 2002)).toBe(true);
    expect(madeInYear(PUMA, 2012)).toBe(false);
    expect(madeInYear(PUMA, 2026)).toBe(true);
    expect(madeInYear(null, 2012)).toBe(true);
    expect(launchYear(PUMA)).toBe(1997);
    expect(launchYear([])).toBeNull();
  });

  it('says why a model and year never existed', () => {
    expect(notMadeReason('Ford Puma', 2012, PUMA)).toBe(
      'The Ford Puma was not made in 2012: it was sold from 1997 to 2002 and from 2019.',
    );
    expect(notMadeReason('Ford Puma', 2020, PUMA)).toBeNull();
    expect(notMadeReason('Toyota Prius', 2024, [[2000, 2022]])).toBe(
      'The Toyota Prius was not made in 2024: it was sold from 2000 to 2022.',
    );
    expect(
      describeProductionYears([
        [2020, 2022],
        [1991, 2001],
        [2024, null],
      ]),
    ).toBe('from 1991 to 2001, from 2020 to 2022 and from 2024');
    expect(describeProductionYears([[2015, 2015]])).toBe('in 2015');
  });

  it('reads spans from a synced row and refuses malformed ones', () => {
    expect(parseProductionSpans([[2019, null]])).toEqual([[2019, null]]);
    expect(parseProductionSpans(PUMA)).toEqual(PUMA);
    expect(parseProductionSpans(null)).toBeNull();
    expect(parseProductionSpans([])).toBeNull();
    expect(parseProductionSpans([[2019]])).toBeNull();
    expect(parseProductionSpans([[2019, 2010]])).toBeNull();
    expect(parseProductionSpans([['2019', null]])).toBeNull();
  });
});
