// Part of `npm run bench:stack`: PGlite on the HTTP server's thread (before issue 31's fix, kept as
// STACK_DB_THREAD=main) against PGlite in its own worker thread (the default), in the same run. Both
// stacks run side by side on their own data; their load rounds alternate so that a change in the
// machine's load falls on both. Each figure is the best of its rounds.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../supabase/local/server';
import type { RunningStack } from '../supabase/local/types';

export type LoadKind = 'select' | 'insert';
export interface ThreadLoad {
  url: string;
  key: string;
  kind: LoadKind;
  total: number;
}
type Runner = (job: ThreadLoad) => Promise<{ rps: number }>;

const ROUNDS = Number(process.env.BENCH_THREAD_ROUNDS ?? 3);
const THREADS = ['main', 'worker'] as const;
type Thread = (typeof THREADS)[number];

export interface ThreadFigures {
  bootMs: Record<Thread, number>;
  selectRps: Record<Thread, number[]>;
  insertRps: Record<Thread, number[]>;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export async function compareThreads(
  run: Runner,
  counts: { selects: number; inserts: number },
): Promise<ThreadFigures> {
  const dirs: string[] = [];
  const stacks = {} as Record<Thread, RunningStack>;
  const figures: ThreadFigures = {
    bootMs: { main: 0, worker: 0 },
    selectRps: { main: [], worker: [] },
    insertRps: { main: [], worker: [] },
  };
  try {
    for (const thread of THREADS) {
      const dir = mkdtempSync(path.join(os.tmpdir(), `motorly-bench-${thread}-`));
      dirs.push(dir);
      process.stdout.write(`PGlite on the ${thread} thread: boot... `);
      const t = performance.now();
      stacks[thread] = await startStack({ dataDir: dir, databaseUrl: '', dbThread: thread, port: 0, quiet: true });
      figures.bootMs[thread] = performance.now() - t;
    }
    // Warm-up (V8 tiers PGlite's WebAssembly up over the first few thousand requests), then rounds.
    for (const thread of THREADS) {
      const s = stacks[thread];
      process.stdout.write(`warm-up (${thread})... `);
      await run({ url: s.url, key: s.anonKey, kind: 'select', total: counts.selects });
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const thread of THREADS) {
        const s = stacks[thread];
        process.stdout.write(`round ${round} ${thread}... `);
        figures.selectRps[thread].push(
          (await run({ url: s.url, key: s.anonKey, kind: 'select', total: counts.selects })).rps,
        );
        figures.insertRps[thread].push(
          (await run({ url: s.url, key: s.serviceRoleKey, kind: 'insert', total: counts.inserts })).rps,
        );
      }
    }
    process.stdout.write('\n');
    return figures;
  } finally {
    for (const s of Object.values(stacks)) await s.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export function printThreadTable(f: ThreadFigures, loadBefore: string): void {
  const best = (xs: number[]) => Math.max(...xs);
  const rows: [string, number, number, string][] = [
    ['boot (migrations + seed)', f.bootMs.main, f.bootMs.worker, 'ms'],
    ['filtered select (limit 20)', best(f.selectRps.main), best(f.selectRps.worker), 'req/s'],
    ['insert', best(f.insertRps.main), best(f.insertRps.worker), 'req/s'],
  ];
  const cells = rows.map(([name, main, worker, unit]) => [
    name,
    `${Math.round(main)} ${unit}`,
    `${Math.round(worker)} ${unit}`,
    `${(worker / main).toFixed(2)}x`,
  ]);
  const head = ['', 'main thread (before)', 'worker (after)', 'worker / main'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\nPGlite: main thread vs worker thread (best of ${f.selectRps.main.length} alternating rounds)`);
  console.log(`${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of cells) console.log(line(r));
  const rounds = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
  console.log(
    `rounds, selects/s: main ${rounds(f.selectRps.main)}; worker ${rounds(f.selectRps.worker)}\n` +
      `rounds, inserts/s: main ${rounds(f.insertRps.main)}; worker ${rounds(f.insertRps.worker)}`,
  );
  const cost = 1 - best(f.selectRps.worker) / best(f.selectRps.main);
  console.log(
    `Worker hop: ${(cost * 100).toFixed(1)}% of selects/s (target < 10%) -> ${cost < 0.1 ? 'met' : 'MISSED'}. ` +
      `Load average before: ${loadBefore}; after: ${load()}.`,
  );
}

export const loadAverage = load;
