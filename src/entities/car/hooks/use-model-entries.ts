import { useMemo } from 'react';
import { useCatalogueBasics, type CatalogueBasics } from '@/data/catalogue';
import type { ModelEntry } from '../model-entries';

/** Every model joined with its brand and expert score. */
export function useModelEntries(): { entries: ModelEntry[]; basics: CatalogueBasics } | undefined {
  const basics = useCatalogueBasics();
  return useMemo(() => {
    if (!basics) return undefined;
    const entries = basics.models.map((model) => ({
      model,
      brand: basics.brandById.get(model.brand_id),
      score: basics.reviewByModel.get(model.id)?.cs_score,
    }));
    return { entries, basics };
  }, [basics]);
}
