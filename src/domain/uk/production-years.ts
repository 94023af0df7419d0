/**
 * When a model was sold new in the UK, as spans of years: the Ford Puma was sold from 1997 to 2002 and
 * again from 2019 ([[1997, 2002], [2019, null]]; null = still on sale). Listings, Value my car and the
 * seed's consistency test all ask the same question of the same spans.
 */
export type ProductionSpan = readonly [from: number, to: number | null];

/** True when the model was on sale new in that year (unknown spans do not refuse anything). */
export function madeInYear(spans: readonly ProductionSpan[] | null | undefined, year: number): boolean {
  if (!spans || spans.length === 0) return true;
  return spans.some(([from, to]) => year >= from && (to === null || year <= to));
}

/** The first year the model was sold, or null when not known. */
export function launchYear(spans: readonly ProductionSpan[] | null | undefined): number | null {
  if (!spans || spans.length === 0) return null;
  return Math.min(...spans.map(([from]) => from));
}

/** 'from 1997 to 2002 and from 2019', 'from 2017 to 2023', 'in 2015', 'from 2021'. */
export function describeProductionYears(spans: readonly ProductionSpan[]): string {
  const parts = [...spans]
    .sort((a, b) => a[0] - b[0])
    .map(([from, to]) => (to === null ? `from ${from}` : to === from ? `in ${from}` : `from ${from} to ${to}`));
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Why a model and year cannot be valued, or null when the model was made that year:
 * "The Ford Puma was not made in 2012: it was sold from 1997 to 2002 and from 2019."
 */
export function notMadeReason(
  fullName: string,
  year: number,
  spans: readonly ProductionSpan[] | null | undefined,
): string | null {
  if (!spans || spans.length === 0 || madeInYear(spans, year)) return null;
  return `The ${fullName} was not made in ${year}: it was sold ${describeProductionYears(spans)}.`;
}

/** Checks a spans value read from the database or a synced row; anything malformed counts as unknown. */
export function parseProductionSpans(value: unknown): ProductionSpan[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const spans: ProductionSpan[] = [];
  for (const span of value) {
    if (!Array.isArray(span) || span.length !== 2) return null;
    const [from, to] = span as unknown[];
    if (typeof from !== 'number' || !Number.isInteger(from)) return null;
    if (to !== null && (typeof to !== 'number' || !Number.isInteger(to) || to < from)) return null;
    spans.push([from, to as number | null]);
  }
  return spans;
}
