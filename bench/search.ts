// `npm run bench:search`: search_listings over HTTP (supabase-js -> the embedded stack's /rest/v1/rpc),
// p95 across a set of filter/sort combinations, beside its target (issue 32): at 10,800 listings on
// PGlite (a fresh temporary store), and at 450,000 on PostgreSQL when DATABASE_URL is set (seeded on
// first use with MOTORLY_LISTINGS=450000; the seed's time is printed). Each combination is also
// EXPLAINed (search_listings_plans, service role): any sequential scan of vehicle_listings is listed.
// Each size runs in its own child process: the catalogue's size is read once, when its module loads.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startStack } from '../supabase/local/server';
import { isMain } from './is-main';

const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20);
const UK_MARKET = 450_000;

type Filters = Record<string, unknown>;
interface Combo {
  name: string;
  filters: Filters;
  sort: string;
  /** Ask for the second page (the first page's cursor). */
  next?: boolean;
}

export interface SearchFigures {
  listings: number;
  p50: number;
  p95: number;
  calls: number;
  perCombo: { name: string; p95: number; total: number; estimate: boolean }[];
  seqScans: string[];
}

const client = (url: string, key: string): SupabaseClient =>
  createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** The benchmarked combinations: the marketplace's common searches, every sort, a radius, a next page. */
async function combos(anon: SupabaseClient): Promise<Combo[]> {
  const { data } = await anon.from('car_models').select('slug, brands!inner(slug)').eq('brands.slug', 'volkswagen');
  const model = (data?.[0] as { slug: string } | undefined)?.slug ?? 'golf';
  return [
    { name: 'all, relevance', filters: {}, sort: 'relevance' },
    { name: 'all, next page', filters: {}, sort: 'relevance', next: true },
    { name: 'all, price low-high', filters: {}, sort: 'price-asc' },
    { name: 'make, relevance', filters: { make: 'volkswagen' }, sort: 'relevance' },
    { name: 'make + model, price', filters: { make: 'volkswagen', model }, sort: 'price-asc' },
    { name: 'price range, mileage', filters: { price_min: 10000, price_max: 20000 }, sort: 'mileage' },
    { name: 'body + fuel, newest', filters: { body: ['suv'], fuel: ['hybrid'] }, sort: 'newest' },
    { name: 'year + gearbox, reduction', filters: { year_min: 2021, gearbox: 'automatic' }, sort: 'reduction' },
    { name: 'monthly, price high-low', filters: { monthly_max: 300 }, sort: 'price-desc' },
    { name: 'EV + tax + ULEZ', filters: { fuel: ['electric'], tax_max: 200, ulez: true }, sort: 'relevance' },
    { name: 'LS1 25 mi, distance', filters: { postcode: 'LS1 4AP', radius: 25 }, sort: 'distance' },
    { name: 'M1 50 mi, relevance', filters: { postcode: 'M1 1AA', radius: 50 }, sort: 'relevance' },
    { name: 'SW1A, relevance bands', filters: { postcode: 'SW1A 1AA' }, sort: 'relevance' },
  ];
}

interface Answer {
  next_cursor: string | null;
  total: number;
  total_is_estimate: boolean;
  plans?: unknown[];
}

async function call(c: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<Answer> {
  const { data, error } = await c.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as Answer;
}

/** "Seq Scan on vehicle_listings" nodes anywhere in a plan tree. */
function seqScans(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => seqScans(n, out));
  else if (node && typeof node === 'object') {
    const n = node as Record<string, unknown>;
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'vehicle_listings') out.push('Seq Scan');
    Object.values(n).forEach((v) => seqScans(v, out));
  }
  return out;
}

export async function measureSearch(url: string, anonKey: string, serviceKey: string): Promise<SearchFigures> {
  const anon = client(url, anonKey);
  const service = client(url, serviceKey);
  const list = await combos(anon);
  const args = async (c: Combo) => {
    const base = { filters: c.filters, sort: c.sort };
    if (!c.next) return base;
    return { ...base, after: (await call(anon, 'search_listings', base)).next_cursor };
  };
  const prepared = await Promise.all(list.map(async (c) => ({ c, a: await args(c) })));
  const all: number[] = [];
  const perCombo: SearchFigures['perCombo'] = [];
  const seq: string[] = [];
  for (const { c, a } of prepared) {
    const plans = await call(service, 'search_listings_plans', a);
    if (seqScans(plans.plans).length > 0) seq.push(c.name);
    const times: number[] = [];
    let last: Answer | undefined;
    await call(anon, 'search_listings', a); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      last = await call(anon, 'search_listings', a);
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    all.push(...times);
    perCombo.push({ name: c.name, p95: pct(times, 0.95), total: last!.total, estimate: last!.total_is_estimate });
  }
  all.sort((x, y) => x - y);
  const { count } = await anon.from('vehicle_listings').select('id', { count: 'estimated', head: true });
  return { listings: count ?? 0, p50: pct(all, 0.5), p95: pct(all, 0.95), calls: all.length, perCombo, seqScans: seq };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** One size, in this process: start the stack, measure, print, stop. */
async function phase(kind: 'pglite' | 'postgres'): Promise<void> {
  const dir = kind === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'motorly-bench-search-')) : undefined;
  const started = Date.now();
  const stack = await startStack({
    port: 0,
    quiet: true,
    ...(dir ? { dataDir: dir, databaseUrl: '' } : { databaseUrl: process.env.DATABASE_URL }),
  });
  const bootMs = Date.now() - started;
  try {
    const f = await measureSearch(stack.url, stack.anonKey, stack.serviceRoleKey);
    const target = kind === 'pglite' ? 100 : 50;
    const db = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    console.log(
      `\n${db}, ${f.listings.toLocaleString('en-GB')} listings (stack ready in ${(bootMs / 1000).toFixed(1)} s, seed included when the store was empty)`,
    );
    for (const c of f.perCombo)
      console.log(
        `  ${c.name.padEnd(28)} p95 ${c.p95.toFixed(1).padStart(6)} ms  total ${c.estimate ? '~' : ''}${c.total}`,
      );
    const verdict = f.p95 <= target ? 'meets' : 'MISSES';
    console.log(
      `  search_listings over HTTP, p95 of ${f.calls} calls: ${f.p95.toFixed(1)} ms (p50 ${f.p50.toFixed(1)} ms)   target <= ${target} ms: ${verdict}`,
    );
    console.log(`  sequential scans of vehicle_listings: ${f.seqScans.length ? f.seqScans.join('; ') : 'none'}`);
    console.log(`  load average (1, 5, 15 min): ${load()}`);
  } finally {
    await stack.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

function runChild(kind: 'pglite' | 'postgres'): Promise<void> {
  const env = { ...process.env };
  if (kind === 'pglite') delete env.MOTORLY_LISTINGS;
  else env.MOTORLY_LISTINGS ??= String(UK_MARKET);
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [`--phase=${kind}`], { env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${kind} phase exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const only = process.argv.find((a) => a.startsWith('--phase='))?.slice(8);
  if (only === 'pglite' || only === 'postgres') return phase(only);
  console.log(`bench:search: ${ROUNDS} timed calls per combination, one at a time; load average ${load()}`);
  await runChild('pglite');
  if (process.env.DATABASE_URL) await runChild('postgres');
  else console.log('\nPostgreSQL: skipped (set DATABASE_URL; an empty database is seeded with 450,000 listings)');
}

if (isMain(import.meta.url))
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
