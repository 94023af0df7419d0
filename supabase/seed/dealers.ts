/** Dealer rows: real towns and outcodes, fictional names, phone numbers in each town's own area code. */
import { OUTCODE_CENTROIDS } from '../../src/domain/uk/outcodes';
import { DEALER_ROWS } from './data/dealers';
import { dealerPhone } from './data/dialling-codes';
import { Rng, seedUuid, slugify } from './random';
import type { DealerRow } from './types';

/** Letters used in the inward part of UK postcodes (never C, I, K, M, O or V). */
const INCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const ADMIN_FEES = [99, 129, 149, 179, 199] as const;

export interface DealerSpec {
  row: DealerRow;
  /** First letter of locally registered plates. */
  region: string;
}

export function buildDealers(timestamp: string): DealerSpec[] {
  const rng = new Rng('dealers');
  return DEALER_ROWS.map(([name, town, outcode, region], i) => {
    const centroid = OUTCODE_CENTROIDS[outcode];
    if (!centroid) throw new Error(`Unknown dealer outcode ${outcode}`);
    const slug = slugify(name);
    const incode = `${rng.int(1, 9)}${rng.pick([...INCODE_LETTERS])}${rng.pick([...INCODE_LETTERS])}`;
    const row: DealerRow = {
      id: seedUuid(`dealer:${slug}`),
      slug,
      name,
      town,
      outcode,
      postcode: `${outcode} ${incode}`,
      // A few hundred metres from the outcode centre, so dealers sharing an outcode do not overlap on a map.
      lat: Math.round((centroid[0] + rng.range(-0.004, 0.004)) * 1e5) / 1e5,
      lng: Math.round((centroid[1] + rng.range(-0.006, 0.006)) * 1e5) / 1e5,
      phone: dealerPhone(town, i),
      email: `sales.${slug}@example.co.uk`,
      rating: Math.round(rng.range(3.6, 5.0) * 10) / 10,
      admin_fee: rng.chance(0.22) ? rng.pick(ADMIN_FEES) : 0,
      created_at: timestamp,
      updated_at: timestamp,
    };
    return { row, region };
  });
}
