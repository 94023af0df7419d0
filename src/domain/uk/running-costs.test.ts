import { describe, expect, it } from 'vitest';
import {
  annualEnergyCost,
  defaultRunningCostSettings,
  l100kmToMpg,
  litresForMiles,
  mpgToL100km,
  utilityFactor,
} from './running-costs';

describe('conversions', () => {
  it('uses the UK gallon', () => {
    expect(litresForMiles(100, 50)).toBeCloseTo(9.09218, 5); // 2 gallons x 4.54609 L
    expect(mpgToL100km(50)).toBeCloseTo(5.6496, 3);
    expect(l100kmToMpg(mpgToL100km(42.8))).toBeCloseTo(42.8, 9);
    expect(() => mpgToL100km(0)).toThrow(RangeError);
  });
});

describe('annualEnergyCost', () => {
  const settings = defaultRunningCostSettings();

  it('carries dated June 2026 defaults', () => {
    expect(settings).toMatchObject({
      petrolPencePerLitre: 151,
      dieselPencePerLitre: 167,
      homePencePerKwh: 26.11,
      publicPencePerKwh: 57,
    });
    expect(settings.asOf).toBe('2026-06-30');
  });

  it('costs petrol with a real-world economy penalty', () => {
    const r = annualEnergyCost(
      { fuel: 'petrol', mpg: 50, milesPerYear: 10_000 },
      { ...settings, realWorldFactor: 0.8 },
    );
    // 10,000 miles at 40 mpg = 250 gallons = 1,136.52 L x 151p = £1,716.15
    expect(r).toMatchObject({ basis: 'fuel', litres: 1136.52, realWorldEconomy: 40 });
    expect(r?.pounds).toBeCloseTo(1716.15, 1);
  });

  it('uses the diesel price for diesels and petrol for hybrids', () => {
    const diesel = annualEnergyCost({ fuel: 'diesel', mpg: 50, milesPerYear: 10_000 }, settings);
    const hybrid = annualEnergyCost({ fuel: 'hybrid', mpg: 50, milesPerYear: 10_000 }, settings);
    expect(diesel && hybrid && diesel.pounds / hybrid.pounds).toBeCloseTo(167 / 151, 3);
  });

  it('blends home and public charging for EVs', () => {
    const r = annualEnergyCost(
      { fuel: 'electric', miPerKwh: 4, milesPerYear: 8_000 },
      { ...settings, realWorldFactor: 1, homeChargingShare: 0.5 },
    );
    // 2,000 kWh at (26.11 + 57) / 2 = 41.555p = £831.10
    expect(r).toMatchObject({ basis: 'electricity', kwh: 2000, pounds: 831.1 });
  });

  it('returns null when the economy figure is missing', () => {
    expect(annualEnergyCost({ fuel: 'electric', mpg: 40, milesPerYear: 1 })).toBeNull();
    expect(annualEnergyCost({ fuel: 'petrol', miPerKwh: 4, milesPerYear: 1 })).toBeNull();
  });
});

describe('plug-in hybrids (issue 34)', () => {
  const settings = defaultRunningCostSettings();
  // A Ford Kuga PHEV: 201.8 mpg weighted, 35 miles of electric range, 14.4kWh battery.
  const kuga = { fuel: 'plugin_hybrid' as const, mpg: 201.8, miPerKwh: 2.76, evRangeMiles: 35 };

  it('follows the WLTP utility factor: more electric range, more electric miles', () => {
    expect(utilityFactor(0)).toBe(0);
    expect(utilityFactor(31)).toBeCloseTo(0.755, 2); // 50 km
    expect(utilityFactor(62)).toBeCloseTo(0.902, 2); // 100 km
    expect(utilityFactor(500)).toBeCloseTo(1, 3);
  });

  it('splits the year into electric and petrol miles instead of trusting the weighted mpg', () => {
    const cost = annualEnergyCost({ ...kuga, milesPerYear: 8_000 }, settings)!;
    expect(cost.basis).toBe('fuel and electricity');
    expect(cost.kwh).toBeGreaterThan(1_500);
    expect(cost.litres).toBeGreaterThan(150);
    // Petrol-only economy recovered from the weighted figure: mid-30s to mid-40s mpg for a Kuga in real use.
    expect(cost.realWorldEconomy).toBeGreaterThan(30);
    expect(cost.realWorldEconomy).toBeLessThan(45);
    // Far dearer than 201.8 mpg of petrol alone would suggest.
    const naive = annualEnergyCost({ fuel: 'petrol', mpg: 201.8, milesPerYear: 8_000 }, settings)!;
    expect(cost.pounds).toBeGreaterThan(naive.pounds * 2);
  });

  it('counts a plug-in hybrid without its electric figures as petrol at its official mpg', () => {
    const cost = annualEnergyCost({ fuel: 'plugin_hybrid', mpg: 60, milesPerYear: 8_000 }, settings)!;
    const petrol = annualEnergyCost({ fuel: 'petrol', mpg: 60, milesPerYear: 8_000 }, settings)!;
    expect(cost.pounds).toBe(petrol.pounds);
  });
});
