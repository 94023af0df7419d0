/** What the AI assistant answers from: the local catalogue, the user's profile and listing price verdicts. */
import { useMemo } from 'react';
import type { AssistantCar, ListingVerdict } from '@/domain/ai/assistant';
import { priceIndicator } from '@/domain/uk';
import { db, type MotorlyDb } from '../db';
import { useProfile } from '../hooks/use-preferences';
import { useAiCatalogue, type AiCatalogue } from './ai-search';
import { assistantCar, listingFacts } from './car-facts';

export interface AssistantData {
  catalogue: AiCatalogue;
  models: AssistantCar[];
  profile: { budgetMin: number; budgetMax: number; fuels: string[]; bodies: string[] } | null;
  listingVerdict: (id: string) => Promise<ListingVerdict | null>;
}

export async function listingVerdict(
  store: MotorlyDb,
  cat: AiCatalogue,
  id: string,
  year = new Date().getFullYear(),
): Promise<ListingVerdict | null> {
  const listing = await store.vehicle_listings.get(id);
  if (!listing) return null;
  const comparables = (
    await store.vehicle_listings.where('car_model_id').equals(listing.car_model_id).toArray()
  ).filter((l) => l.status !== 'sold');
  const model = cat.modelById.get(listing.car_model_id);
  const car = listingFacts(listing, model, cat.brandById.get(listing.brand_id), cat.scores.get(listing.car_model_id));
  const v = priceIndicator(listing, comparables, year);
  return v.available
    ? {
        car,
        available: true,
        label: v.label,
        marketValue: v.marketValue,
        difference: v.difference,
        comparables: v.comparables,
      }
    : { car, available: false, message: v.message };
}

export function useAssistantData(): AssistantData | undefined {
  const catalogue = useAiCatalogue();
  const profileRow = useProfile();
  return useMemo(() => {
    if (!catalogue) return undefined;
    const models = [...catalogue.modelById.values()].map((m) =>
      assistantCar(
        m,
        catalogue.brandById.get(m.brand_id),
        catalogue.scores.get(m.id),
        catalogue.models.find((f) => f.id === m.id)?.price,
      ),
    );
    const profile = profileRow?.onboarding_completed_at
      ? {
          budgetMin: profileRow.budget_min,
          budgetMax: profileRow.budget_max,
          fuels: profileRow.preferred_fuel_types,
          bodies: profileRow.preferred_body_styles,
        }
      : null;
    return { catalogue, models, profile, listingVerdict: (id: string) => listingVerdict(db, catalogue, id) };
  }, [catalogue, profileRow]);
}
