// `npx tsx bench/trace-timeline.ts TRACE.json ASSETS_DIR [MIN_MS] [FROM,TO]`: a Chromium trace's main-thread
// tasks over MIN_MS (default 20) in time order, each with the app's source functions that took most of it, and
// the search requests the page sent: what ran between a tap and its cards. Times are seconds after the trace's
// first task over 50 ms, the clock bench/trace-profile.ts uses (its TRACE_WINDOW then sums a span found here).
import { readMainThread, sourcePlaces } from './trace-read';
import { mainThreadProfile, type ProfileNode } from './trace-tasks';

const [file, assets, minArg, spanArg] = process.argv.slice(2);
if (!file || !assets) {
  console.error('usage: npx tsx bench/trace-timeline.ts TRACE.json ASSETS_DIR [MIN_MS] [FROM,TO]');
  process.exit(1);
}
const { events, main, onMain } = readMainThread(file);
const origin = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)[1]?.ts ?? onMain[0].ts;
const minUs = Number(minArg ?? 20) * 1000;
const [from, to] = (spanArg ?? '-1e9,1e9').split(',').map((s) => origin + Number(s) * 1e6);
const { nodes, samples } = mainThreadProfile(events, main);

const placeOf = sourcePlaces(assets);
/** "function src/file:line" for a frame of the app's own source, else null. */
function where(frame: ProfileNode['callFrame']): string | null {
  const at = placeOf(frame);
  if (!at?.source.includes('/src/')) return null;
  return `${at.name || '?'} ${at.source.replace(/^.*\/src\//, 'src/')}:${at.line}`;
}

/** The app's source frames with the most samples in [a, b): each counted once per sample. */
function appFrames(a: number, b: number): string {
  const counts = new Map<string, number>();
  for (const s of samples) {
    if (s.ts < a || s.ts >= b) continue;
    const seen = new Set<string>();
    for (let n = nodes.get(s.node); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
      const w = where(n.callFrame);
      if (w && !seen.has(w)) seen.add(w);
    }
    for (const w of seen) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 4)
    .map(([w, c]) => `${w} (${c})`)
    .join('; ');
}

const rows: { ts: number; line: string }[] = [];
for (const t of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minUs && e.ts >= from && e.ts < to)) {
  const end = t.ts + (t.dur ?? 0);
  const layout = onMain
    .filter((e) => e.ts >= t.ts && e.ts <= end && ['UpdateLayoutTree', 'Layout', 'Paint'].includes(e.name))
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  rows.push({
    ts: t.ts,
    line: `task ${((t.dur ?? 0) / 1000).toFixed(0)} ms (style/layout/paint ${(layout / 1000).toFixed(0)}): ${appFrames(t.ts, end)}`,
  });
}
for (const e of events) {
  if (e.name !== 'ResourceSendRequest' || e.ts < from || e.ts >= to) continue;
  const url = String((e.args?.data as { url?: string } | undefined)?.url ?? '');
  if (/rpc\/search_listings|\/rest\/v1\//.test(url))
    rows.push({ ts: e.ts, line: `request ${url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70)}` });
}
for (const r of rows.sort((a, b) => a.ts - b.ts)) console.log(`${((r.ts - origin) / 1e6).toFixed(3)} ${r.line}`);
