import { describe, expect, it } from 'vitest';
import { plannedPerMileCharge, vedFor } from './ved';

const petrol = (co2: number, taxYear: '2025/26' | '2026/27', listPrice = 25_000, firstRegistered = '2025-06-01') =>
  vedFor({ co2, fuel: 'petrol', listPrice, firstRegistered, taxYear });

describe('VED first-year rates', () => {
  it.each([
    [0, 10, 10],
    [1, 110, 115],
    [50, 110, 115],
    [51, 130, 135],
    [75, 130, 135],
    [76, 270, 280],
    [90, 270, 280],
    [91, 350, 365],
    [100, 350, 365],
    [101, 390, 405],
    [110, 390, 405],
    [111, 440, 455],
    [130, 440, 455],
    [131, 540, 560],
    [150, 540, 560],
    [151, 1360, 1410],
    [170, 1360, 1410],
    [171, 2190, 2270],
    [190, 2190, 2270],
    [191, 3300, 3420],
    [225, 3300, 3420],
    [226, 4680, 4850],
    [255, 4680, 4850],
    [256, 5490, 5690],
    [400, 5490, 5690],
  ])('CO2 %i g/km: £%i in 2025/26, £%i in 2026/27', (co2, y2025, y2026) => {
    expect(petrol(co2, '2025/26').firstYear).toBe(y2025);
    expect(petrol(co2, '2026/27').firstYear).toBe(y2026);
  });

  it('standard rate is £195 in 2025/26 and £200 in 2026/27', () => {
    expect(petrol(120, '2025/26').annual).toBe(195);
    expect(petrol(120, '2026/27').annual).toBe(200);
  });
});

describe('expensive car supplement', () => {
  it('applies over £40,000 for petrol cars, for years 2 to 6', () => {
    const r = petrol(140, '2026/27', 45_000, '2024-05-01');
    expect(r.supplement).toBe(440);
    expect(r.supplementYears).toBe(5);
    expect(r.dueThisYear).toBe(640);
    expect(petrol(140, '2025/26', 45_000, '2024-05-01').supplement).toBe(425);
    expect(petrol(140, '2026/27', 40_000, '2024-05-01').supplement).toBe(0);
  });

  it('stops after the sixth year', () => {
    // Registered June 2021: the June 2026 renewal is year 6, so the supplement is still due.
    expect(petrol(140, '2026/27', 60_000, '2021-06-01').dueThisYear).toBe(640);
    // Registered March 2021: the March 2027 renewal is year 7.
    expect(petrol(140, '2026/27', 60_000, '2021-03-01').dueThisYear).toBe(200);
  });

  it('charges the first-year rate to a car registered within the tax year', () => {
    expect(petrol(140, '2026/27', 60_000, '2026-05-10').dueThisYear).toBe(560);
  });
});

describe('electric cars', () => {
  const ev = (listPrice: number, firstRegistered: string, taxYear: '2025/26' | '2026/27') =>
    vedFor({ co2: 0, fuel: 'electric', listPrice, firstRegistered, taxYear });

  it('pay £10 in the first year and the standard rate after', () => {
    const r = ev(30_000, '2025-06-01', '2026/27');
    expect(r.firstYear).toBe(10);
    expect(r.annual).toBe(200);
    expect(r.dueThisYear).toBe(200);
  });

  it('use the £50,000 threshold from April 2026 when registered from April 2025', () => {
    expect(ev(45_000, '2025-06-01', '2026/27').supplement).toBe(0);
    expect(ev(45_000, '2025-06-01', '2026/27').threshold).toBe(50_000);
    expect(ev(55_000, '2025-06-01', '2026/27').supplement).toBe(440);
    // In 2025/26 the general £40,000 threshold still applied.
    expect(ev(45_000, '2025-06-01', '2025/26').supplement).toBe(425);
  });

  it('keep the £40,000 threshold when registered before April 2025', () => {
    const r = ev(45_000, '2023-05-01', '2026/27');
    expect(r.threshold).toBe(40_000);
    expect(r.dueThisYear).toBe(640);
  });

  it('ignore a stray CO2 figure', () => {
    expect(vedFor({ co2: 90, fuel: 'electric', listPrice: 30_000, firstRegistered: '2026-06-01' }).firstYear).toBe(10);
  });
});

describe('older cars', () => {
  it('are a flagged estimate before April 2017', () => {
    const r = petrol(120, '2026/27', 20_000, '2015-05-01');
    expect(r.estimate).toBe(true);
    expect(r.supplement).toBe(0);
    expect(r.annual).toBeGreaterThan(0);
    expect(petrol(120, '2026/27', 20_000, '2017-04-01').estimate).toBe(false);
  });

  it('rise with CO2 and use engine size before March 2001', () => {
    expect(petrol(90, '2026/27', 1, '2010-01-01').annual).toBeLessThan(petrol(260, '2026/27', 1, '2010-01-01').annual);
    const small = vedFor({ co2: 0, fuel: 'petrol', listPrice: 1, firstRegistered: '1999-01-01', engineCc: 1400 });
    const large = vedFor({ co2: 0, fuel: 'petrol', listPrice: 1, firstRegistered: '1999-01-01', engineCc: 2000 });
    expect(large.annual).toBeGreaterThan(small.annual);
    expect(small.estimate).toBe(true);
  });

  it('rejects nonsense input', () => {
    expect(() => petrol(-1, '2026/27')).toThrow(RangeError);
    expect(() => vedFor({ co2: 100, fuel: 'petrol', listPrice: 1, firstRegistered: 'soon' })).toThrow(RangeError);
  });
});

describe('plug-in hybrids (issue 34)', () => {
  it('pay VED by CO2 like any other car: no alternative-fuel discount since April 2025', () => {
    const phev = vedFor({ co2: 32, fuel: 'plugin_hybrid', listPrice: 36_000, firstRegistered: '2026-05-01' });
    const petrol = vedFor({ co2: 32, fuel: 'petrol', listPrice: 36_000, firstRegistered: '2026-05-01' });
    expect(phev).toEqual(petrol);
    expect(phev.firstYear).toBe(115);
  });

  it('would pay half the electric rate under the planned 2028 per-mile charge', () => {
    expect(plannedPerMileCharge('electric', 8_000)).toBe(240);
    expect(plannedPerMileCharge('plugin_hybrid', 8_000)).toBe(120);
    expect(plannedPerMileCharge('hybrid', 8_000)).toBe(0);
    expect(plannedPerMileCharge('petrol', 8_000)).toBe(0);
  });
});
