// A Chromium trace's long tasks on the page's main thread, each with where its time went (bench:scroll-tasks
// with BENCH_TRACE): the top-level task, then its heaviest kinds of work and script functions by total time.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
  // BENCH_TRACE_INVALIDATIONS=1: what dirtied style, layout and paint (heavy: only to find what repaints).
  ...(process.env.BENCH_TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
];

/** A Chromium trace event, as far as the benches read it (bench/scroll.ts too). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { functionName?: string; url?: string; lineNumber?: number; type?: string };
    frame_reporter?: { state?: string };
    chrome_frame_reporter?: { state?: string };
  };
}

/** Writes the trace to `file` and returns a text summary of its tasks over 50 ms (durations in ms). */
export function summariseTrace(raw: unknown[], file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ traceEvents: raw }));
  const events = raw as TraceEvent[];
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.ph === 'M');
  if (!main) return 'trace: no renderer main thread';
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  const running = profileSamples(events, main);
  const lines = [
    `trace ${file}: ${tasks.length} tasks over 50 ms (cpu: the main thread's profile samples in the task times the ` +
      `sampling interval, the time it ran: a busy machine stretches a task's wall time, not its samples)`,
  ];
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end);
    const byKind = new Map<string, number>();
    for (const e of inside) {
      const fn = e.args?.data?.functionName;
      const kind =
        e.name === 'FunctionCall'
          ? `FunctionCall ${fn || '?'} ${e.args?.data?.url?.split('/').pop() ?? ''}:${e.args?.data?.lineNumber ?? ''}`
          : e.name === 'EventDispatch'
            ? `EventDispatch ${e.args?.data?.type ?? ''}`
            : e.name;
      byKind.set(kind, (byKind.get(kind) ?? 0) + (e.dur ?? 0));
    }
    const top = [...byKind]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, d]) => `${k} ${(d / 1000).toFixed(0)}`);
    const cpu = running.times.filter((ts) => ts >= t.ts && ts <= end).length * running.interval;
    lines.push(
      `  ${((t.dur ?? 0) / 1000).toFixed(0)} ms (cpu ${(cpu / 1000).toFixed(0)}) at ${((t.ts - tasks[0].ts) / 1e6).toFixed(2)} s: ${top.join(' | ')}`,
    );
  }
  return lines.join('\n');
}

/** A node of a V8 CPU profile: the function it was in, and its caller. */
export interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

interface ProfileChunk {
  name: string;
  pid: number;
  id?: string;
  args?: {
    data?: {
      cpuProfile?: { samples?: number[]; nodes?: ProfileNode[] };
      timeDeltas?: number[];
    };
  };
}

/** The main thread's CPU profile in the trace: its nodes, and each sample (trace µs) with the node it caught. */
export function mainThreadProfile(
  events: TraceEvent[],
  main: TraceEvent,
): { nodes: Map<number, ProfileNode>; samples: { ts: number; node: number; delta: number }[] } {
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number; delta: number }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid) as
    (TraceEvent & { id?: string; args?: { data?: { startTime?: number } } }) | undefined;
  if (!profile) return { nodes, samples };
  let ts = profile.args?.data?.startTime ?? 0;
  for (const e of events as unknown as ProfileChunk[]) {
    if (e.name !== 'ProfileChunk' || e.pid !== main.pid || e.id !== profile.id) continue;
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      const delta = data?.timeDeltas?.[i] ?? 0;
      ts += delta;
      samples.push({ ts, node, delta });
    });
  }
  return { nodes, samples };
}

/** When the main thread's CPU profile caught it running (trace µs, idle samples left out), and the median
 * interval between samples (µs). */
function profileSamples(events: TraceEvent[], main: TraceEvent): { times: number[]; interval: number } {
  const { nodes, samples } = mainThreadProfile(events, main);
  const times = samples.filter((s) => nodes.get(s.node)?.callFrame.functionName !== '(idle)').map((s) => s.ts);
  const sorted = samples
    .map((s) => s.delta)
    .filter((d) => d > 0)
    .sort((a, b) => a - b);
  return { times, interval: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}
