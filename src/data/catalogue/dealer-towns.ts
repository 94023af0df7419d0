// search_listings' `towns` read alike by the app's query layer (server-search.ts) and the early view, which is
// bundled alone: no imports here.

/** The answer's non-empty string towns of the dealers in `rows`; {} when missing or malformed. */
export function dealerTownsOf(towns: unknown, rows: readonly { dealer_id?: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof towns !== 'object' || towns === null || Array.isArray(towns)) return out;
  const byId = towns as Record<string, unknown>;
  for (const { dealer_id: id } of rows) {
    if (typeof id !== 'string' || !Object.hasOwn(byId, id)) continue;
    const town = byId[id];
    if (typeof town === 'string' && town !== '') out[id] = town;
  }
  return out;
}
