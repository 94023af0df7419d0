/** Postcode parsing and straight-line distances in miles. */
import { OUTCODE_CENTROIDS } from './outcodes';

export interface LatLng {
  lat: number;
  lng: number;
}

export type PostcodeError = 'invalid_postcode' | 'unknown_outcode';

export type ParsedPostcode =
  | { ok: true; outcode: string; incode: string | null; formatted: string }
  | { ok: false; error: 'invalid_postcode'; message: string };

export type OutcodeLookup =
  { ok: true; outcode: string; point: LatLng } | { ok: false; error: PostcodeError; message: string };

const EARTH_RADIUS_MILES = 3958.7613;
const OUTCODE_RE = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
const INCODE_RE = /^[0-9][A-Z]{2}$/;

export const POSTCODE_MESSAGES: Record<PostcodeError, string> = {
  invalid_postcode: 'Please enter a valid UK postcode, like LS1 4AP.',
  unknown_outcode: "We don't know that postcode area yet. Try a nearby town's postcode.",
};

/** Accepts a full postcode ('LS1 4AP', 'ls14ap') or just an outcode ('LS1'). */
export function parsePostcode(input: string): ParsedPostcode {
  const compact = input.toUpperCase().replace(/\s+/g, '');
  const invalid = {
    ok: false as const,
    error: 'invalid_postcode' as const,
    message: POSTCODE_MESSAGES.invalid_postcode,
  };
  if (compact.length < 2 || compact.length > 7) return invalid;
  if (compact.length >= 5) {
    const outcode = compact.slice(0, -3);
    const incode = compact.slice(-3);
    if (OUTCODE_RE.test(outcode) && INCODE_RE.test(incode)) {
      return { ok: true, outcode, incode, formatted: `${outcode} ${incode}` };
    }
  }
  if (OUTCODE_RE.test(compact)) return { ok: true, outcode: compact, incode: null, formatted: compact };
  return invalid;
}

/**
 * The one postcode normaliser (the account form, the marketplace's postcode filter and its URL): 'ls14ap' ->
 * 'LS1 4AP', ' m1 ' -> 'M1'; undefined when the text cannot be a UK postcode or outcode.
 */
export function normalisePostcode(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const parsed = parsePostcode(raw);
  return parsed.ok ? parsed.formatted : undefined;
}

/** Centroid of an outcode; sub-districts like 'WC2H' fall back to 'WC2'. */
export function lookupOutcode(outcode: string): OutcodeLookup {
  const code = outcode.toUpperCase().trim();
  const exact = OUTCODE_CENTROIDS[code];
  const district = /[A-Z]$/.test(code) && code.length > 2 ? OUTCODE_CENTROIDS[code.slice(0, -1)] : undefined;
  const hit = exact ?? district;
  if (!hit) return { ok: false, error: 'unknown_outcode', message: POSTCODE_MESSAGES.unknown_outcode };
  return { ok: true, outcode: code, point: { lat: hit[0], lng: hit[1] } };
}

/** Parses a postcode and finds its outcode centroid. */
export function locatePostcode(input: string): OutcodeLookup {
  const parsed = parsePostcode(input);
  if (!parsed.ok) return parsed;
  return lookupOutcode(parsed.outcode);
}

/** Great-circle (haversine) distance in miles. */
export function milesBetween(a: LatLng, b: LatLng): number {
  const rad = (deg: number): number => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type DistanceResult = { ok: true; miles: number } | { ok: false; error: PostcodeError; message: string };

/** Miles from a typed postcode to a point, or a clear error value. */
export function milesFromPostcode(postcode: string, to: LatLng): DistanceResult {
  const from = locatePostcode(postcode);
  if (!from.ok) return from;
  return { ok: true, miles: milesBetween(from.point, to) };
}
