// How far a car is from the shopper's home postcode (saved on /account), for the listing screen.
import { formatMiles } from '@/shared/lib/format';
import { milesFromPostcode, type LatLng } from '@/domain/uk';

/** 'About 12 miles from LS1 4AP'; null without a home postcode or when it can't be placed. */
export function homeDistanceLabel(
  homePostcode: string | null | undefined,
  dealer: LatLng | null | undefined,
): string | null {
  const postcode = homePostcode?.trim();
  if (!postcode || !dealer) return null;
  const result = milesFromPostcode(postcode, dealer);
  if (!result.ok) return null;
  const miles = Math.round(result.miles);
  return miles < 1
    ? `Less than a mile from ${postcode.toUpperCase()}`
    : `About ${formatMiles(miles)} from ${postcode.toUpperCase()}`;
}
