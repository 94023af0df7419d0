// The request body of a marketplace address's first page (search_listings' arguments), as the query engine makes
// it: the one filter schema's parse of the query string, then the engine's own body. The marketplace's early view
// asks with it before the app runs (src/early/searches-before-app.ts), so the engine adopts that answer; it imports
// only the schema and the body's module, so that lone bundle stays free of Dexie.
import { parseSearchParams } from './filters/url';
import { searchBody } from './query/early-page';

/** The address's search (the schema's parse) and its first page's request body. */
export function firstPageRequest(query: string): { search: ReturnType<typeof parseSearchParams>; body: string } {
  const search = parseSearchParams(query);
  return { search, body: searchBody(search, null, search.pageSize) };
}
