/**
 * The car a shopper wants to part-exchange, chosen on /value-my-car and read by the enquiry form's
 * part-exchange fields. Kept on this device only (localStorage): it is a draft, not account data.
 */
import { useSyncExternalStore } from 'react';

export interface PartExchangeCar {
  make: string;
  model: string;
  year: number;
  mileage: number;
  registration?: string;
  /** Our valuation when it was chosen (pounds). */
  valuation: { low: number; high: number; value: number; partExchange: number; comparables: number };
  /** ISO time it was chosen. */
  savedAt: string;
}

const KEY = 'motorly.partExchange';
const listeners = new Set<() => void>();
let cached: { raw: string | null; car: PartExchangeCar | null } = { raw: null, car: null };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isCar(v: unknown): v is PartExchangeCar {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  const val = c.valuation as Record<string, unknown> | undefined;
  return (
    typeof c.make === 'string' &&
    typeof c.model === 'string' &&
    Number.isFinite(c.year) &&
    Number.isFinite(c.mileage) &&
    (c.registration === undefined || typeof c.registration === 'string') &&
    !!val &&
    ['low', 'high', 'value', 'partExchange', 'comparables'].every((k) => Number.isFinite(val[k]))
  );
}

/** The chosen car, or null (also when what is stored is unreadable). */
export function getPartExchange(): PartExchangeCar | null {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw === cached.raw) return cached.car;
  let car: PartExchangeCar | null = null;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    car = isCar(parsed) ? parsed : null;
  } catch {
    car = null;
  }
  cached = { raw, car };
  return car;
}

export function setPartExchange(car: PartExchangeCar | null): void {
  const s = storage();
  if (car) s?.setItem(KEY, JSON.stringify(car));
  else s?.removeItem(KEY);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen part-exchange car, live across components and tabs. */
export function usePartExchange(): PartExchangeCar | null {
  return useSyncExternalStore(subscribe, getPartExchange, () => null);
}
