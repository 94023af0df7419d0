/**
 * Annual fuel or electricity cost (both, for a plug-in hybrid) from economy and mileage, with dated,
 * user-overridable prices.
 */
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
  /** Official UK mpg (petrol, diesel, hybrid; the weighted figure for a plug-in hybrid). */
  mpg?: number | null;
  /** Official miles per kWh (electric, and a plug-in hybrid on electricity). */
  miPerKwh?: number | null;
  /** Official electric-only range in miles (plug-in hybrids). */
  evRangeMiles?: number | null;
  milesPerYear: number;
}

export interface AnnualCost {
  pounds: number;
  basis: 'fuel' | 'electricity' | 'fuel and electricity';
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

/** The EU/UK WLTP fleet utility factor: the share of driving done on electricity for a given electric range. */
const UF_COEFFICIENTS = [26.25, -38.94, -631.05, 5964.83, -25095, 60380.2, -87517, 75513.8, -35749, 7154.94];
const KM_PER_MILE = 1.609344;
export function utilityFactor(electricRangeMiles: number): number {
  const x = Math.min(Math.max(electricRangeMiles, 0) * KM_PER_MILE, 800) / 800;
  const sum = UF_COEFFICIENTS.reduce((acc, c, i) => acc + c * Math.pow(x, i + 1), 0);
  return 1 - Math.exp(-sum);
}

function blendedPencePerKwh(settings: RunningCostSettings): number {
  const share = Math.min(1, Math.max(0, settings.homeChargingShare));
  return share * settings.homePencePerKwh + (1 - share) * settings.publicPencePerKwh;
}

/**
 * A plug-in hybrid's official mpg weights electric and petrol driving by the utility factor of its official
 * range, so its petrol-only economy is mpg x (1 - UF). Real driving covers the real-world range share on
 * electricity (charged as an EV is) and the rest on petrol at the real-world petrol-only economy.
 */
function pluginHybridCost(use: EnergyUse, settings: RunningCostSettings): AnnualCost | null {
  const { mpg, miPerKwh, evRangeMiles: range } = use;
  if (!mpg || mpg <= 0 || !miPerKwh || miPerKwh <= 0 || !range || range <= 0) return null;
  const petrolOnlyMpg = mpg * (1 - utilityFactor(range)) * settings.realWorldFactor;
  const electricShare = utilityFactor(range * settings.realWorldFactor);
  const kwh = (use.milesPerYear * electricShare) / (miPerKwh * settings.realWorldFactor);
  const litres = litresForMiles(use.milesPerYear * (1 - electricShare), petrolOnlyMpg);
  const pence = kwh * blendedPencePerKwh(settings) + litres * settings.petrolPencePerLitre;
  return {
    pounds: round2(pence / 100),
    basis: 'fuel and electricity',
    litres: round2(litres),
    kwh: round2(kwh),
    realWorldEconomy: round2(petrolOnlyMpg),
  };
}

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
    const pencePerKwh = blendedPencePerKwh(settings);
    return {
      pounds: round2((kwh * pencePerKwh) / 100),
      basis: 'electricity',
      litres: null,
      kwh: round2(kwh),
      realWorldEconomy: round2(realWorld),
    };
  }
  if (use.fuel === 'plugin_hybrid') {
    const split = pluginHybridCost(use, settings);
    if (split) return split;
    // Without its electric range or efficiency, count it as petrol at the official (weighted) mpg.
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
