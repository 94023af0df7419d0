// `npx tsx bench/trace-timeline.ts TRACE.json ASSETS_DIR [MIN_MS] [FROM,TO]`: a Chromium trace's main-thread
// tasks over MIN_MS (default 20) in time order, each with the app's source functions that took most of it, and
// the search requests the page sent: what ran between a tap and its cards. Times are seconds after the trace's
// first task over 50 ms, the clock bench/trace-profile.ts uses (its TRACE_WINDOW then sums a span found here).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { mainThreadProfile, type ProfileNode, type TraceEvent } from './trace-tasks';

const [file, assets, minArg, spanArg] = process.argv.slice(2);
if (!file || !assets) {
  console.error('usage: npx tsx bench/trace-timeline.ts TRACE.json ASSETS_DIR [MIN_MS] [FROM,TO]');
  process.exit(1);
}
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
if (!main) throw new Error('no renderer main thread in the trace');
const onMain = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
  .sort((a, b) => a.ts - b.ts);
const origin = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)[1]?.ts ?? onMain[0].ts;
const minUs = Number(minArg ?? 20) * 1000;
const [from, to] = (spanArg ?? '-1e9,1e9').split(',').map((s) => origin + Number(s) * 1e6);
const { nodes, samples } = mainThreadProfile(events, main);

const maps = new Map<string, TraceMap | null>();
function where(frame: ProfileNode['callFrame']): string | null {
  const chunk = frame.url?.split('/').pop() ?? '';
  if (!chunk) return null;
  let map = maps.get(chunk);
  if (map === undefined) {
    const mapFile = path.join(assets, `${chunk}.map`);
    map = existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null;
    maps.set(chunk, map);
  }
  let at: ReturnType<typeof originalPositionFor> | null = null;
  try {
    at = map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  } catch {
    return null; // a frame outside the map's lines (an inline script of the same name)
  }
  if (!at?.source || !at.source.includes('/src/')) return null;
  return `${at.name ?? frame.functionName ?? '?'} ${at.source.replace(/^.*\/src\//, 'src/')}:${at.line}`;
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
