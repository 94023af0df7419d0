// `npx tsx bench/trace-profile.ts TRACE.json ASSETS_DIR [MIN_MS]`: where each long task of a Chromium trace
// (bench:scroll-tasks' BENCH_TRACE, bench:scale's BENCH_SCALE_TRACE) spent its time, from the main thread's CPU
// profile: the functions it ran (self and inclusive samples, mapped to the source when the build has source
// maps: BENCH_SOURCEMAP=1), and its style, layout and paint steps (ms after the task's start). The first task
// (the page's own start) is left out. TRACE_WINDOW=FROM,TO (seconds after the first task listed) sums that span
// instead: what the main thread ran between two moments, long tasks or not.
import { readMainThread, sourcePlaces } from './trace-read';
import { mainThreadProfile, type ProfileNode } from './trace-tasks';

const [file, assets, minArg] = process.argv.slice(2);
if (!file || !assets) {
  console.error('usage: npx tsx bench/trace-profile.ts TRACE.json ASSETS_DIR [MIN_MS]');
  process.exit(1);
}
const minUs = Number(minArg ?? 50) * 1000;
const { events, main, onMain } = readMainThread(file);
const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > minUs).slice(1);

const { nodes, samples } = mainThreadProfile(events, main);

const placeOf = sourcePlaces(assets);
/** "function source:line", through the chunk's source map when there is one. */
function where(frame: ProfileNode['callFrame']): string {
  const chunk = frame.url?.split('/').pop() ?? '';
  if (!chunk) return frame.functionName || '(native)';
  const at = placeOf(frame);
  if (at) return `${at.name} ${at.source.replace(/.*node_modules\//, '~').replace(/.*src\//, 'src/')}:${at.line}`;
  return `${frame.functionName || '?'} ${chunk}:${frame.lineNumber}`;
}

const top = (counts: Map<string, number>, n: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `    ${v}\t${k}`)
    .join('\n');

/** The functions a span of the main thread ran: self and inclusive samples. */
function profileOf(from: number, to: number) {
  const inTask = samples.filter((s) => s.ts >= from && s.ts <= to);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const s of inTask) {
    const leaf = nodes.get(s.node);
    if (!leaf) continue;
    const name = where(leaf.callFrame);
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set<string>();
    for (let node: ProfileNode | undefined = leaf; node; node = nodes.get(node.parent ?? -1)) {
      const k = where(node.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + 1);
    }
  }
  return { count: inTask.length, self, inclusive };
}

// TRACE_WINDOW=FROM,TO (seconds, on the tasks' clock below): everything the main thread ran between, as one span.
const span = process.env.TRACE_WINDOW?.split(',').map(Number);
if (span?.length === 2 && tasks.length) {
  const origin = tasks[0].ts;
  const p = profileOf(origin + span[0] * 1e6, origin + span[1] * 1e6);
  console.log(`${span[0]}-${span[1]} s, ${p.count} samples`);
  console.log(`  self:\n${top(p.self, 25)}\n  inclusive:\n${top(p.inclusive, 60)}`);
  process.exit(0);
}

for (const task of tasks) {
  const end = task.ts + (task.dur ?? 0);
  const { count, self, inclusive } = profileOf(task.ts, end);
  const steps = onMain
    .filter((e) => e.ts >= task.ts && e.ts <= end && ['UpdateLayoutTree', 'Layout', 'Paint'].includes(e.name))
    .filter((e) => (e.dur ?? 0) >= 500)
    .map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}@${((e.ts - task.ts) / 1000).toFixed(0)}`);
  const at = ((task.ts - tasks[0].ts) / 1e6).toFixed(2);
  console.log(`\n${((task.dur ?? 0) / 1000).toFixed(0)} ms task at ${at} s, ${count} samples`);
  console.log(`  style, layout, paint (ms@ms): ${steps.join(', ') || 'none'}`);
  console.log(`  self:\n${top(self, 12)}\n  inclusive:\n${top(inclusive, 30)}`);
}
