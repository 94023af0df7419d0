/** Annual fuel or electricity cost from economy and mileage, with dated, user-overridable prices. */
import type { FuelType } from './body';
import { LITRES_PER_UK_GALLON, MPG_TO_L100KM, REAL_WORLD_ECONOMY_FACTOR, RUNNING_COST_DEFAULTS } from './rates-2026';

export interface RunningCostSettings {
  petrolPencePerLitre: number;
  dieselPencePerLitre: number;
  homePencePerKwh: number;
  publicPencePerKwh: number;
  /** Share of EV charging done at home, 0-1. */
  homeChargingShare: number;
  /** Multiplier from official to real-world economy (about 0.8-0.85). */
  realWorldFactor: number;
  /** Date the prices were true (ISO). */
  asOf: string;
}

export function defaultRunningCostSettings(): RunningCostSettings {
  const d = RUNNING_COST_DEFAULTS;
  return {
    petrolPencePerLitre: d.petrolPencePerLitre.value,
    dieselPencePerLitre: d.dieselPencePerLitre.value,
    homePencePerKwh: d.homePencePerKwh.value,
    publicPencePerKwh: d.publicSlowPencePerKwh.value,
    homeChargingShare: 0.8,
    realWorldFactor: REAL_WORLD_ECONOMY_FACTOR,
    asOf: d.petrolPencePerLitre.asOf,
  };
}

export interface EnergyUse {
  fuel: FuelType;
  /** Official UK mpg (petrol, diesel, hybrid). */
  mpg?: number | null;
  /** Official miles per kWh (electric). */
  miPerKwh?: number | null;
  milesPerYear: number;
}

export interface AnnualCost {
  pounds: number;
  basis: 'fuel' | 'electricity';
  litres: number | null;
  kwh: number | null;
  /** Economy the estimate assumed after the real-world adjustment. */
  realWorldEconomy: number;
}

export function mpgToL100km(mpg: number): number {
  if (!(mpg > 0)) throw new RangeError('mpg must be above 0');
  return MPG_TO_L100KM / mpg;
}

export function l100kmToMpg(l100km: number): number {
  if (!(l100km > 0)) throw new RangeError('L/100km must be above 0');
  return MPG_TO_L100KM / l100km;
}

export function litresForMiles(miles: number, mpg: number): number {
  return (miles / mpg) * LITRES_PER_UK_GALLON;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Null when the economy figure the fuel needs is missing. */
export function annualEnergyCost(
  use: EnergyUse,
  settings: RunningCostSettings = defaultRunningCostSettings(),
): AnnualCost | null {
  if (!(use.milesPerYear >= 0)) throw new RangeError('Annual mileage must be 0 or more');
  if (use.fuel === 'electric') {
    if (!use.miPerKwh || use.miPerKwh <= 0) return null;
    const realWorld = use.miPerKwh * settings.realWorldFactor;
    const kwh = use.milesPerYear / realWorld;
    const share = Math.min(1, Math.max(0, settings.homeChargingShare));
    const pencePerKwh = share * settings.homePencePerKwh + (1 - share) * settings.publicPencePerKwh;
    return {
      pounds: round2((kwh * pencePerKwh) / 100),
      basis: 'electricity',
      litres: null,
      kwh: round2(kwh),
      realWorldEconomy: round2(realWorld),
    };
  }
  if (!use.mpg || use.mpg <= 0) return null;
  const realWorld = use.mpg * settings.realWorldFactor;
  const litres = litresForMiles(use.milesPerYear, realWorld);
  const pence = use.fuel === 'diesel' ? settings.dieselPencePerLitre : settings.petrolPencePerLitre;
  return {
    pounds: round2((litres * pence) / 100),
    basis: 'fuel',
    litres: round2(litres),
    kwh: null,
    realWorldEconomy: round2(realWorld),
  };
}
