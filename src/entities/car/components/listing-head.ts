// The words at the top of a listing page (eyebrow, intro, picture description): plain functions, shared by
// the listing screen (ListingLayout) and the page drawn before the app runs (src/early/listing-view.ts).
import type { ListingRow } from '@/data/catalogue';
import { formatMiles } from '@/shared/lib/format';
import { fuelLabel, GEARBOX_LABELS } from '@/domain/uk/body';

export type ListingHeadFacts = Pick<
  ListingRow,
  'title' | 'condition' | 'year' | 'mileage' | 'fuel_type' | 'gearbox' | 'colour'
>;

export const listingEyebrow = (l: Pick<ListingRow, 'condition'>): string =>
  l.condition === 'nearly_new' ? 'Nearly new' : 'Used car';

export const listingIntro = (l: ListingHeadFacts): string =>
  `${l.year} · ${formatMiles(l.mileage)} · ${fuelLabel(l.fuel_type)} · ${GEARBOX_LABELS[l.gearbox]}`;

export const listingPictureAlt = (l: Pick<ListingRow, 'colour' | 'title'>, shotLabel: string): string =>
  `${l.colour} ${l.title}, ${shotLabel}`;
