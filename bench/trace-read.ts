// Reading a Chromium trace for the trace tools (bench/trace-profile.ts, bench/trace-timeline.ts): the page's main
// thread and its complete events in time order, and a profile frame's place in the source through the build's maps.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { ProfileNode, TraceEvent } from './trace-tasks';

/** The trace's events, its renderer main thread, and that thread's complete ('X') events sorted by start. */
export function readMainThread(file: string): { events: TraceEvent[]; main: TraceEvent; onMain: TraceEvent[] } {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  return { events, main, onMain };
}

export interface SourcePlace {
  name: string;
  /** The original file, as its source map names it. */
  source: string;
  line: number;
}

/**
 * A profile frame's place in the source, through the chunk's source map in `assets` (BENCH_SOURCEMAP=1 builds):
 * null without a map, or for a frame outside the map's lines (an inline script of the same name).
 */
export function sourcePlaces(assets: string): (frame: ProfileNode['callFrame']) => SourcePlace | null {
  const maps = new Map<string, TraceMap | null>();
  return (frame) => {
    const chunk = frame.url?.split('/').pop() ?? '';
    if (!chunk) return null;
    let map = maps.get(chunk);
    if (map === undefined) {
      const mapFile = path.join(assets, `${chunk}.map`);
      map = existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null;
      maps.set(chunk, map);
    }
    if (!map) return null;
    try {
      const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
      return at.source ? { name: at.name ?? frame.functionName, source: at.source, line: at.line ?? 0 } : null;
    } catch {
      return null;
    }
  };
}
