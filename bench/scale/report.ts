// bench:scale's table: each figure of issue 32's benchmark beside its target, one column per size.
// A figure the build cannot produce yet says why ("not measurable: ...") instead of a number.
import type { Tap } from './in-page';
import type { SizeFigures } from './measure';
import { SESSION_CPU, type Session } from './session';

const KB = 1024;
const MB = 1024 * KB;

/** A cell: the value as printed and whether it meets the target (undefined: information only). */
interface Cell {
  text: string;
  met?: boolean;
}

interface Line {
  name: string;
  target: string;
  cell(f: SizeFigures): Cell;
}

const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const sec = (v: number) => `${(v / 1000).toFixed(2)} s`;
const kb = (v: number) => `${(v / KB).toFixed(0)} KB`;
const mb = (v: number) => `${(v / MB).toFixed(1)} MB`;

/** p95 of taps, a timed-out tap counting as slower than any answer. */
function tapP95(taps: Tap[]): { p95: number; timeouts: number } {
  const times = taps.map((t) => (t.outcome === 'timeout' ? Infinity : t.ms)).sort((a, b) => a - b);
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? Infinity;
  return { p95, timeouts: taps.filter((t) => t.outcome === 'timeout').length };
}

function tapCell(taps: Tap[], limit: number): Cell {
  if (taps.length === 0) return { text: 'not measurable: no samples' };
  const { p95, timeouts } = tapP95(taps);
  const note = timeouts ? ` (${timeouts} of ${taps.length} timed out)` : '';
  return { text: `${Number.isFinite(p95) ? ms(p95) : 'timeout'}${note}`, met: p95 <= limit };
}

/** The catalogue's share of the app's IndexedDB: the synced catalogue tables and the query/pack stores. */
const CATALOGUE_STORE =
  /^(brands|car_models|dealers|reviews|vehicle_listings|listing_price_history)$|listing|window|coverage|pack|pinned|recent|query|facet/;

const catalogueBytes = (s: Session) =>
  s.idb.stores.filter((x) => CATALOGUE_STORE.test(x.store)).reduce((n, x) => n + x.bytes, 0);

type Part = 'server' | 'cold' | 'session' | 'pack' | 'oldDownload';

/** A line reading one part of the figures; "not run" when that part was not run. */
function line<K extends Part>(
  part: K,
  name: string,
  target: string,
  cell: (x: NonNullable<SizeFigures[K]>, f: SizeFigures) => Cell,
): Line {
  return {
    name,
    target,
    cell: (f) => {
      const x = f[part];
      return x === null ? { text: 'not run' } : cell(x as NonNullable<SizeFigures[K]>, f);
    },
  };
}

const LINES: Line[] = [
  line('cold', 'Cold first visit /marketplace, 4x CPU, slow 4G: first results', '<= 1.5 s', (c) =>
    c.firstResultsMs === null
      ? { text: 'no results in 120 s', met: false }
      : { text: sec(c.firstResultsMs), met: c.firstResultsMs <= 1500 },
  ),
  line('cold', 'Bytes on the wire before the first results (br as served, every requester)', '<= 100 KB', (c) =>
    c.bytes ? { text: kb(c.bytes.total), met: c.bytes.total <= 100 * KB } : { text: 'n/a' },
  ),
  line('cold', "  the page's own requests (CDP encodedDataLength)", '', (c) => ({
    text: c.pageBytes === null ? 'n/a' : kb(c.pageBytes),
  })),
  line('cold', '  all requesters: app files / API', '', (c) => ({
    text: c.bytes ? `${kb(c.bytes.byRelay.app ?? 0)} / ${kb(c.bytes.byRelay.api ?? 0)}` : 'n/a',
  })),
  line('session', `New search at 150 ms RTT (${SESSION_CPU}x CPU): first results, p95 of 20`, '<= 400 ms', (s) =>
    tapCell(s.newSearches, 400),
  ),
  line('session', 'Repeating a covered query: tap to results, p95 of 5', '<= 16 ms', (s) => tapCell(s.repeats, 16)),
  line('session', "  the tap's floor: the leading card changed with no app work, timed alike", '', (s) => ({
    text: s.floor.length
      ? tapCell(
          s.floor.map((v) => ({ ms: v, outcome: 'cards' as const })),
          16,
        ).text
      : 'n/a',
  })),
  line('session', 'Next page at 150 ms RTT, p95 (after searches 21-25)', '<= 300 ms', (s) =>
    s.nextPages.length > 0 && s.nextPages.every((n) => n.how === 'none')
      ? { text: 'not measurable: no Next control nor "N of M shown" list' }
      : // A one-page answer has no next page: only the answers that had one are samples.
        tapCell(
          s.nextPages.filter((n) => n.how !== 'none'),
          300,
        ),
  ),
  line(
    'server',
    'search_listings over HTTP, p95 (bench/search.ts combinations)',
    '<= 100 ms PGlite / 50 ms PG',
    (x, f) => ({
      text: ms(x.p95),
      met: x.p95 <= (f.kind === 'pglite' ? 100 : 50),
    }),
  ),
  // Issue 32 asks EXPLAIN to show no sequential scan at 450,000 on PostgreSQL. On the 10,800-row PGlite stack the
  // planner's own costing prefers a scan of so small a table for broad queries: reported, not a target.
  line('server', '  sequential scans of vehicle_listings', 'none on PostgreSQL', (x, f) => {
    const text = x.seqScans.length ? `${x.seqScans.length} of ${x.perCombo.length} combinations` : 'none';
    return f.kind === 'pglite' ? { text: `${text} (info)` } : { text, met: !x.seqScans.length };
  }),
  line('session', 'IndexedDB, catalogue, after the 30-search session (rows as JSON)', '<= 25 MB', (s) => ({
    text: mb(catalogueBytes(s)),
    met: catalogueBytes(s) <= 25 * MB,
  })),
  line('session', '  the whole origin (navigator.storage.estimate)', '', (s) => ({ text: mb(s.idb.usage) })),
  line('pack', 'Offline pack of 5,000 listings (150 ms RTT)', '<= 10 s', ({ result: r }) =>
    'notMeasurable' in r
      ? { text: `not measurable: ${r.notMeasurable}` }
      : // A pack that kept nothing has not been measured, however fast it said so.
        { text: `${sec(r.ms)} (${r.listings.toLocaleString('en-GB')} kept)`, met: r.listings > 0 && r.ms <= 10_000 },
  ),
  line('pack', '  raw IndexedDB put of as many rows, same page', '', ({ rawPut }) => ({
    text: `${sec(rawPut.ms)} (${rawPut.rows.toLocaleString('en-GB')} rows)`,
  })),
  line('pack', '  pack / raw put', '<= 2x', ({ result: r, rawPut }) =>
    'notMeasurable' in r || r.listings === 0
      ? { text: 'n/a' }
      : { text: `${(r.ms / rawPut.ms).toFixed(1)}x`, met: r.ms <= 2 * rawPut.ms },
  ),
  line(
    'session',
    `Main-thread tasks over 50 ms during the session (${SESSION_CPU}x CPU)`,
    'none',
    ({ longTasks: t }) => ({
      text: t.count ? `${t.count} (longest ${ms(t.longestMs)}, ${ms(t.totalMs)} in all)` : 'none',
      met: t.count === 0,
    }),
  ),
  line('oldDownload', 'Old design: whole vehicle_listings first download (info)', 'comparison', (o) => ({
    text: `${sec(o.ms)}, ${mb(o.bytes)} (${o.rows.toLocaleString('en-GB')} rows)`,
  })),
];

export function printReport(results: SizeFigures[]): void {
  const head = [
    'Figure',
    'Target',
    ...results.map((r) => `${r.listings.toLocaleString('en-GB')} (${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`),
  ];
  const rows = LINES.map((l) => [
    l.name,
    l.target,
    ...results.map((r) => {
      const c = l.cell(r);
      return c.met === undefined ? c.text : `${c.text} ${c.met ? 'met' : 'MISSED'}`;
    }),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const r of rows) console.log(line(r));
  const missed = LINES.flatMap((l) =>
    results.flatMap((r) =>
      l.cell(r).met === false ? [`${l.name.trim()} at ${r.listings.toLocaleString('en-GB')}`] : [],
    ),
  );
  for (const r of results)
    if (r.server?.seqScans.length)
      console.log(`${r.listings.toLocaleString('en-GB')}: sequential scans in ${r.server.seqScans.join('; ')}.`);
  for (const r of results)
    if (r.session?.stopped)
      console.log(`${r.listings.toLocaleString('en-GB')}: the session stopped early (${r.session.stopped}).`);
  console.log(missed.length ? `\nMissed (${missed.length}): ${missed.join('; ')}` : '\nEvery measurable target met.');
  for (const r of results)
    console.log(
      `${r.listings.toLocaleString('en-GB')}: stack ready in ${sec(r.bootMs)}${r.seeded ? ' (seed included)' : ' (kept database reused)'}; ` +
        `session's first visit (150 ms RTT, fresh profile) ${r.session?.firstVisitMs == null ? 'none' : sec(r.session.firstVisitMs)}`,
    );
}
