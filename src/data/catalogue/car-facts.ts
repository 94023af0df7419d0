/**
 * Catalogue rows as the plain facts the AI search ranks (src/shared/lib/ai/rank.ts): UK tax, ULEZ and
 * range worked out once here, so the ranker needs no store and runs the same in Node and the browser.
 */
import type { AssistantCar } from '@/domain/ai/assistant';
import type { CarFacts } from '@/domain/ai/rank';
import { annualTaxFor, modelUlezCompliant } from './listing-costs';
import { deriveListing } from './listing-derived';
import type { BrandRow, CarModelRow, ListingRow, ReviewRow } from './types';

/** Average published expert score per model, one decimal. */
export function expertScores(reviews: readonly ReviewRow[]): Map<string, number> {
  const sums = new Map<string, [number, number]>();
  for (const r of reviews) {
    if (!r.published) continue;
    const [s, n] = sums.get(r.car_model_id) ?? [0, 0];
    sums.set(r.car_model_id, [s + Number(r.cs_score), n + 1]);
  }
  return new Map([...sums].map(([id, [s, n]]) => [id, Math.round((s / n) * 10) / 10]));
}

export function modelFacts(
  m: CarModelRow,
  brand: BrandRow | undefined,
  score: number | undefined,
  cheapestListing?: number,
): CarFacts {
  const brandName = brand?.name ?? '';
  return {
    kind: 'model',
    id: m.id,
    modelId: m.id,
    title: `${brandName} ${m.name}`.trim(),
    brand: brandName,
    model: m.name,
    body: m.body_style,
    fuel: m.fuel_type,
    gearbox: m.gearbox,
    seats: m.seats,
    price: Math.min(m.price_from, cheapestListing ?? Infinity),
    listPrice: m.price_from,
    year: m.model_year,
    insuranceGroup: m.insurance_group,
    annualTax: annualTaxFor(
      { registration_date: null, year: m.model_year, co2_gkm: m.co2_gkm, fuel_type: m.fuel_type },
      m.price_from,
    ),
    ulez: modelUlezCompliant(m),
    rangeMiles: m.ev_range_miles,
    mpg: m.mpg,
    miPerKwh: m.mi_per_kwh,
    expertScore: score ?? null,
  };
}

type StoredListing = ListingRow & { annual_tax?: number; ulez?: 0 | 1 };

export function listingFacts(
  l: StoredListing,
  model: CarModelRow | undefined,
  brand: BrandRow | undefined,
  score: number | undefined,
): CarFacts {
  const derived =
    l.annual_tax !== undefined && l.ulez !== undefined
      ? { annual_tax: l.annual_tax, ulez: l.ulez }
      : deriveListing(l, model?.price_from);
  return {
    kind: 'listing',
    id: l.id,
    modelId: l.car_model_id,
    title: l.title,
    brand: brand?.name ?? '',
    model: model?.name ?? '',
    body: l.body_style,
    fuel: l.fuel_type,
    gearbox: l.gearbox,
    seats: l.seats,
    price: l.price,
    mileage: l.mileage,
    year: l.year,
    insuranceGroup: l.insurance_group,
    annualTax: derived.annual_tax >= Number.MAX_SAFE_INTEGER ? null : derived.annual_tax,
    ulez: derived.ulez === 1,
    rangeMiles: model?.ev_range_miles ?? null,
    mpg: model?.mpg ?? null,
    miPerKwh: model?.mi_per_kwh ?? null,
    expertScore: score ?? null,
    listedAt: l.listed_at,
  };
}

/** A model with the extra figures the assistant quotes (boot, 0-62). */
export function assistantCar(
  m: CarModelRow,
  brand: BrandRow | undefined,
  score: number | undefined,
  cheapestListing?: number,
): AssistantCar {
  return { ...modelFacts(m, brand, score, cheapestListing), bootLitres: m.boot_litres, zeroTo62: m.zero_to_62 };
}
