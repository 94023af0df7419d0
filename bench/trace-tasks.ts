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

interface ProfileChunk {
  name: string;
  pid: number;
  id?: string;
  args?: {
    data?: {
      cpuProfile?: { samples?: number[]; nodes?: { id: number; callFrame: { functionName: string } }[] };
      timeDeltas?: number[];
    };
  };
}

/** When the main thread's CPU profile caught it running (trace µs, idle samples left out), and the median
 * interval between samples (µs). */
function profileSamples(events: TraceEvent[], main: TraceEvent): { times: number[]; interval: number } {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid) as
    (TraceEvent & { id?: string; args?: { data?: { startTime?: number } } }) | undefined;
  if (!profile) return { times: [], interval: 0 };
  const idle = new Set<number>();
  const times: number[] = [];
  const deltas: number[] = [];
  let t = profile.args?.data?.startTime ?? 0;
  for (const e of events as unknown as ProfileChunk[]) {
    if (e.name !== 'ProfileChunk' || e.pid !== main.pid || e.id !== profile.id) continue;
    const data = e.args?.data;
    const cpu = data?.cpuProfile as {
      samples?: number[];
      nodes?: { id: number; callFrame: { functionName: string } }[];
    };
    for (const n of cpu?.nodes ?? []) if (n.callFrame.functionName === '(idle)') idle.add(n.id);
    (cpu?.samples ?? []).forEach((node, i) => {
      const d = data?.timeDeltas?.[i] ?? 0;
      t += d;
      deltas.push(d);
      if (!idle.has(node)) times.push(t);
    });
  }
  const sorted = deltas.filter((d) => d > 0).sort((a, b) => a - b);
  return { times, interval: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}
