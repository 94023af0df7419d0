// UI state of the catalogue screens kept on this device: the compare list and the yearly mileage
// used for running costs. Persisted locally (zustand/persist on localStorage) so both survive reloads
// and work offline; the compare list is mirrored into the /compare URL for sharing, and its listings into
// IndexedDB (data/offline-pack/compared.ts), where the workers pin them: followed live, never evicted.
import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import { mirrorComparedListings } from '@/data/offline-pack';
import { DEFAULT_ANNUAL_MILES, MAX_ANNUAL_MILES, MIN_ANNUAL_MILES } from '@/domain/uk/mileage';
import { reportError } from '@/shared/lib/report-error';
import { addCompareItem, removeCompareItem, type AddResult, type CompareItem } from './compare-rules';

// The one annual-mileage default lives in shared/lib/uk/mileage.ts (issue 34).
export { DEFAULT_ANNUAL_MILES, MAX_ANNUAL_MILES, MIN_ANNUAL_MILES };

export interface CatalogueUiState {
  compare: CompareItem[];
  annualMiles: number;
  /** True once the user typed a mileage in a running-costs panel; until then the profile's mileage leads. */
  annualMilesChosen: boolean;
  addToCompare: (item: CompareItem) => AddResult;
  removeFromCompare: (item: CompareItem) => void;
  setCompare: (items: CompareItem[]) => void;
  clearCompare: () => void;
  setAnnualMiles: (miles: number) => void;
  /** The profile's mileage was just saved on /account: let it lead again over a panel's typed figure. */
  followProfileMiles: (miles: number | null) => void;
}

export function clampMiles(miles: number): number {
  if (!Number.isFinite(miles)) return DEFAULT_ANNUAL_MILES;
  return Math.min(MAX_ANNUAL_MILES, Math.max(MIN_ANNUAL_MILES, Math.round(miles)));
}

/** The mileage running costs use: the one typed in a panel, else the profile's annual mileage, else the default. */
export function runningCostMiles(stored: number, chosen: boolean, profileMiles: number | null | undefined): number {
  if (chosen || profileMiles == null || !(profileMiles > 0)) return clampMiles(stored);
  return clampMiles(profileMiles);
}

export const useCatalogueStore = create<CatalogueUiState>()(
  persist(
    (set, get) => ({
      compare: [],
      annualMiles: DEFAULT_ANNUAL_MILES,
      annualMilesChosen: false,
      addToCompare: (item) => {
        const result = addCompareItem(get().compare, item);
        if (result.ok) set({ compare: result.items });
        return result;
      },
      removeFromCompare: (item) => set({ compare: removeCompareItem(get().compare, item) }),
      setCompare: (items) => set({ compare: items.slice(0, 4) }),
      clearCompare: () => set({ compare: [] }),
      setAnnualMiles: (miles) => set({ annualMiles: clampMiles(miles), annualMilesChosen: true }),
      followProfileMiles: (miles) =>
        set({ annualMiles: miles === null ? DEFAULT_ANNUAL_MILES : clampMiles(miles), annualMilesChosen: false }),
    }),
    {
      name: 'motorly-catalogue',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ compare: s.compare, annualMiles: s.annualMiles, annualMilesChosen: s.annualMilesChosen }),
    },
  ),
);

/** The listing ids on a compare list (models are catalogue rows, always held). */
export const comparedListingIds = (items: readonly CompareItem[]): string[] =>
  items.filter((i) => i.kind === 'listing').map((i) => i.id);

function mirrorCompare(items: readonly CompareItem[]): void {
  mirrorComparedListings(comparedListingIds(items)).catch((err: unknown) =>
    reportError(err, { component: 'compare', action: 'keeping the compared cars on this device' }),
  );
}

// On every change, and once at start: a list saved before the mirror existed is pinned too.
useCatalogueStore.subscribe((state, prev) => {
  if (state.compare !== prev.compare) mirrorCompare(state.compare);
});
mirrorCompare(useCatalogueStore.getState().compare);
