// The server's order for each sort (search_listings_groups in 20261128001300), computed from a row, so the
// device's answer is in the same order as the server's and the server's pages only insert rows into it.
import { locatePostcode, milesBetween, type LatLng } from '@/domain/uk';
import type { ListingSearch } from '../filters';
import type { ListingRow } from '../types';

/** A stored row may carry the server's price_reduction (first price minus price), a local-only field. */
type Sortable = ListingRow & { price_reduction?: number | null };

type Key = (number | string)[];

const RELEVANCE_BANDS = [10, 25, 50, 100];
/** Within a group: newest listed first, then id (descending, as uuids compare in PostgreSQL). */
const newest = (r: Sortable): Key => [-Date.parse(r.listed_at), r.id];

function origin(s: ListingSearch): LatLng | undefined {
  if (!s.postcode) return undefined;
  const place = locatePostcode(s.postcode);
  return place.ok ? place.point : undefined;
}

/** Sorts' key parts: numbers ascending; `desc` strings (ids) are compared reversed. */
function keyOf(s: ListingSearch, from: LatLng | undefined): (r: Sortable) => { key: Key; idDesc: boolean } {
  const miles = (r: Sortable) =>
    from && r.lat !== null && r.lng !== null ? milesBetween(from, { lat: r.lat, lng: r.lng }) : undefined;
  switch (s.sort) {
    case 'price-asc':
      return (r) => ({ key: [r.price, r.id], idDesc: false });
    case 'price-desc':
      return (r) => ({ key: [-r.price, r.id], idDesc: true });
    case 'mileage':
      return (r) => ({ key: [r.mileage, r.id], idDesc: false });
    case 'newest':
      return (r) => ({ key: [-r.year, r.id], idDesc: true });
    case 'reduction':
      return (r) => ({ key: [-(r.price_reduction ?? 0), ...newest(r)], idDesc: true });
    case 'distance':
      if (!from) break;
      return (r) => {
        const m = miles(r);
        // Unknown places come last; distances compare at 2 decimals as the server rounds them.
        return { key: [m === undefined ? Infinity : Math.round(m * 100) / 100, ...newest(r)], idDesc: true };
      };
    case 'relevance':
      if (!from) break;
      return (r) => {
        const m = miles(r);
        const band = m === undefined ? RELEVANCE_BANDS.length + 1 : RELEVANCE_BANDS.filter((b) => m > b).length;
        return { key: [band, ...newest(r)], idDesc: true };
      };
  }
  return (r) => ({ key: newest(r), idDesc: true });
}

/** A comparator putting rows in the server's order for this search. */
export function serverOrder(s: ListingSearch): (a: ListingRow, b: ListingRow) => number {
  const key = keyOf(s, origin(s));
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.key.length; i++) {
      const x = ka.key[i];
      const y = kb.key[i];
      if (x === y) continue;
      if (typeof x === 'string' && typeof y === 'string') return (x < y ? -1 : 1) * (ka.idDesc ? -1 : 1);
      return (x as number) < (y as number) ? -1 : 1;
    }
    return 0;
  };
}
