// bench:scale's table: each figure of issue 32's benchmark beside its target, one column per size.
// A figure the build cannot produce yet says why ("not measurable: ...") instead of a number.
import type { Tap } from './in-page';
import type { SizeFigures } from './measure';
import { SESSION_CPU } from './session';

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

export const catalogueBytes = (f: SizeFigures) =>
  f.session.idb.stores.filter((s) => CATALOGUE_STORE.test(s.store)).reduce((n, s) => n + s.bytes, 0);

const LINES: Line[] = [
  {
    name: 'Cold first visit /marketplace, 4x CPU, slow 4G: first results',
    target: '<= 1.5 s',
    cell: (f) =>
      f.cold.firstResultsMs === null
        ? { text: 'no results in 120 s', met: false }
        : { text: sec(f.cold.firstResultsMs), met: f.cold.firstResultsMs <= 1500 },
  },
  {
    name: 'Bytes on the wire before the first results (br as served, every requester)',
    target: '<= 100 KB',
    cell: (f) =>
      f.cold.bytes ? { text: kb(f.cold.bytes.total), met: f.cold.bytes.total <= 100 * KB } : { text: 'n/a' },
  },
  {
    name: "  the page's own requests (CDP encodedDataLength)",
    target: '',
    cell: (f) => ({ text: f.cold.pageBytes === null ? 'n/a' : kb(f.cold.pageBytes) }),
  },
  {
    name: '  all requesters: app files / API',
    target: '',
    cell: (f) => ({
      text: f.cold.bytes ? `${kb(f.cold.bytes.byRelay.app ?? 0)} / ${kb(f.cold.bytes.byRelay.api ?? 0)}` : 'n/a',
    }),
  },
  {
    name: `New search at 150 ms RTT (${SESSION_CPU}x CPU): first results, p95 of 20`,
    target: '<= 400 ms',
    cell: (f) => tapCell(f.session.newSearches, 400),
  },
  {
    name: 'Repeating a covered query: tap to results, p95 of 5',
    target: '<= 16 ms',
    cell: (f) => tapCell(f.session.repeats, 16),
  },
  {
    name: 'Next page at 150 ms RTT, p95 (after searches 21-25)',
    target: '<= 300 ms',
    cell: (f) =>
      f.session.nextPages.every((n) => n.how === 'none')
        ? { text: 'not measurable: no Next control nor "N of M shown" list' }
        : // A one-page answer has no next page: only the answers that had one are samples.
          tapCell(
            f.session.nextPages.filter((n) => n.how !== 'none'),
            300,
          ),
  },
  {
    name: 'search_listings over HTTP, p95 (bench/search.ts combinations)',
    target: '<= 100 ms PGlite / 50 ms PG',
    cell: (f) => ({ text: ms(f.server.p95), met: f.server.p95 <= (f.kind === 'pglite' ? 100 : 50) }),
  },
  {
    name: '  sequential scans of vehicle_listings',
    target: 'none',
    cell: (f) => ({
      text: f.server.seqScans.length ? f.server.seqScans.join('; ') : 'none',
      met: !f.server.seqScans.length,
    }),
  },
  {
    name: 'IndexedDB, catalogue, after the 30-search session (rows as JSON)',
    target: '<= 25 MB',
    cell: (f) => ({ text: mb(catalogueBytes(f)), met: catalogueBytes(f) <= 25 * MB }),
  },
  {
    name: '  the whole origin (navigator.storage.estimate)',
    target: '',
    cell: (f) => ({ text: mb(f.session.idb.usage) }),
  },
  {
    name: 'Offline pack of 5,000 listings (150 ms RTT)',
    target: '<= 10 s',
    cell: (f) =>
      'notMeasurable' in f.pack
        ? { text: `not measurable: ${f.pack.notMeasurable}` }
        : { text: `${sec(f.pack.ms)} (${f.pack.listings.toLocaleString('en-GB')} kept)`, met: f.pack.ms <= 10_000 },
  },
  {
    name: '  raw IndexedDB put of as many rows, same page',
    target: '',
    cell: (f) => ({ text: `${sec(f.rawPut.ms)} (${f.rawPut.rows.toLocaleString('en-GB')} rows)` }),
  },
  {
    name: '  pack / raw put',
    target: '<= 2x',
    cell: (f) =>
      'notMeasurable' in f.pack
        ? { text: 'n/a' }
        : { text: `${(f.pack.ms / f.rawPut.ms).toFixed(1)}x`, met: f.pack.ms <= 2 * f.rawPut.ms },
  },
  {
    name: `Main-thread tasks over 50 ms during the session (${SESSION_CPU}x CPU)`,
    target: 'none',
    cell: (f) => {
      const t = f.session.longTasks;
      return {
        text: t.count ? `${t.count} (longest ${ms(t.longestMs)}, ${ms(t.totalMs)} in all)` : 'none',
        met: t.count === 0,
      };
    },
  },
  {
    name: 'Old design: whole vehicle_listings first download (info)',
    target: 'comparison',
    cell: (f) =>
      f.oldDownload
        ? {
            text: `${sec(f.oldDownload.ms)}, ${mb(f.oldDownload.bytes)} (${f.oldDownload.rows.toLocaleString('en-GB')} rows)`,
          }
        : { text: 'not run at this size' },
  },
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
  console.log(missed.length ? `\nMissed (${missed.length}): ${missed.join('; ')}` : '\nEvery measurable target met.');
  for (const r of results)
    console.log(
      `${r.listings.toLocaleString('en-GB')}: stack ready in ${sec(r.bootMs)}${r.seeded ? ' (seed included)' : ' (kept database reused)'}; ` +
        `session's first visit (150 ms RTT, fresh profile) ${r.session.firstVisitMs === null ? 'no results' : sec(r.session.firstVisitMs)}`,
    );
}
