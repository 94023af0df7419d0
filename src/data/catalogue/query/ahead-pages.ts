// First pages asked for at a navigation, before the screen has rendered: a search's request leaves with the
// tap (src/app/search-ahead.ts) rather than after React has rendered, committed and painted the new search and
// the session's effect has run (260 ms at 4x CPU in bench:scale's trace, 565 ms on a busy machine). The session
// adopts the page through the engine's fetch instead of asking again.
import type { ListingSearch } from '../filters';
import { earlyAsked, searchBody } from './early-page';
import type { RpcClient } from './rpc-client';
import { searchServer, type ServerPage } from './server-search';

/** An answer older than this is not adopted (the session asks afresh): a tap's session starts well within it. */
export const AHEAD_MAX_AGE_MS = 10_000;

type Settled = { ok: true; answer: ServerPage } | { ok: false; error: unknown };

/** The held answer again as a promise: its failure rejects it (the failure as searchServer gave it). */
const unsettle = (s: Settled): Promise<ServerPage> =>
  s.ok ? Promise.resolve(s.answer) : Promise.reject(s.error as Error);

export class AheadPages {
  /** By request body; page null: the session asked for it itself (a late ask would only repeat it). */
  private readonly pages = new Map<string, { at: number; page: Promise<Settled> | null }>();

  constructor(
    private readonly client?: RpcClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks for `search`'s first page now, unless it is already asked (here or by the head script's request). */
  ask(search: ListingSearch): void {
    const now = this.now();
    for (const [body, p] of this.pages) if (now - p.at > AHEAD_MAX_AGE_MS) this.pages.delete(body);
    const body = searchBody(search, null, search.pageSize);
    if (this.pages.has(body) || earlyAsked(search)) return;
    // Held settled: a failure is the adopting session's to show (take), and a page never adopted is dropped
    // without an unhandled rejection.
    const page = searchServer(search, null, search.pageSize, this.client, true).then(
      (answer): Settled => ({ ok: true, answer }),
      (error: unknown): Settled => ({ ok: false, error }),
    );
    this.pages.set(body, { at: now, page });
  }

  /**
   * The page asked ahead for this request, once (null for a next page, another size or an old answer). Without
   * one, the session asks itself: an ask that comes later for the same search is then not repeated.
   */
  take(search: ListingSearch, after: string | null, limit: number): Promise<ServerPage> | null {
    if (after !== null) return null;
    const body = searchBody(search, null, limit);
    const ahead = this.pages.get(body);
    this.pages.delete(body);
    if (!ahead) this.pages.set(body, { at: this.now(), page: null });
    return ahead?.page && this.now() - ahead.at <= AHEAD_MAX_AGE_MS ? ahead.page.then(unsettle) : null;
  }
}
