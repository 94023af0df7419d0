// How many cars a marketplace search finds, for a link that opens that search (AI search's "See all N in the
// marketplace"): the server's total from search_listings, the same count the marketplace's status line shows.
// Offline the total is unknown (the device holds only some cars), and the link says no number.
import type { ListingSearch } from './filters';
import { searchServer } from './query/server-search';
import type { RpcClient } from './query/rpc-client';
import { useServerFirst } from './use-server-first';

export interface SearchTotal {
  /** Every match on the server; null when it could not be asked (offline, or the server failing). */
  total: number | null;
  /** The server counted a large market from a sample. */
  estimated: boolean;
}

const UNKNOWN: SearchTotal = { total: null, estimated: false };

/** The server's total for a search: one row asked, counts included. */
export async function serverSearchTotal(search: ListingSearch, client?: RpcClient): Promise<SearchTotal> {
  const page = await searchServer(search, null, 1, client);
  return { total: page.total ?? page.rows.length, estimated: page.estimated };
}

/** The total of a search (undefined while asked); asked again when the connection comes back. */
export function useSearchTotal(search: ListingSearch): SearchTotal | undefined {
  return useServerFirst(
    JSON.stringify(search),
    () => serverSearchTotal(search),
    () => Promise.resolve(UNKNOWN),
  )?.value;
}
