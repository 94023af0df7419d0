// First-boot seed, each part once (tracked in local_meta.seed_runs): the catalogue from
// supabase/seed/catalogue.ts, then supabase/seed.sql (demo accounts; it references dealers by slug).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db, Queryable } from './types';
import { copyText } from './db/copy-text';
import { quoteIdent } from './db/sql';

/** Insert order respects foreign keys. */
export const CATALOGUE_TABLES = [
  'brands',
  'car_models',
  'reviews',
  'dealers',
  'vehicle_listings',
  'listing_price_history',
] as const;
type CatalogueTable = (typeof CATALOGUE_TABLES)[number];
export type Catalogue = Record<CatalogueTable, Record<string, unknown>[]>;

const BATCH_ROWS = 2000;
const COPY_BATCH_LISTINGS = 1000;

const SEED_TABLE = `
create schema if not exists local_meta;
create table if not exists local_meta.seed_runs (name text primary key, ran_at timestamptz not null default now());`;

/** Inserts rows through json_populate_recordset: one bound JSON parameter per batch. */
export async function insertRows(tx: Queryable, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const colList = cols.map(quoteIdent).join(', ');
  const t = `public.${quoteIdent(table)}`;
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS);
    await tx.query(
      `insert into ${t} (${colList}) select ${colList} from json_populate_recordset(null::${t}, $1::text::json)`,
      [JSON.stringify(batch)],
    );
  }
}

/** insertRows through COPY (PostgreSQL): the server parses and inserts a batch several times faster. */
function copyRows(copyFrom: NonNullable<Queryable['copyFrom']>) {
  return async (_tx: Queryable, table: string, rows: Record<string, unknown>[]): Promise<void> => {
    if (rows.length === 0) return;
    const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const text = copyText(rows, cols);
    await copyFrom(`copy public.${quoteIdent(table)} (${cols.map(quoteIdent).join(', ')}) from stdin`, [text]);
  };
}

interface ListingBatch {
  listings: Record<string, unknown>[];
  history: Record<string, unknown>[];
  /** Each listing's price reduction (first price - price): the seed skips the trigger that keeps it. */
  reductions: number[];
}
interface CatalogueModule {
  generateCatalogue?: () => Catalogue | Promise<Catalogue>;
  /** The same rows with the listings in batches (supabase/seed/catalogue.ts), streamed by large seeds. */
  catalogueParts?: (batchSize?: number) => { tables: Partial<Catalogue>; listingBatches: Iterable<ListingBatch> };
}

async function loadCatalogue(file: string): Promise<CatalogueModule> {
  const mod = (await import(pathToFileURL(file).href)) as CatalogueModule;
  if (typeof mod.generateCatalogue !== 'function') throw new Error(`${file} does not export generateCatalogue()`);
  return mod;
}

/** Inserts the catalogue; listings stream when the module can (the next batch generates while one inserts). */
async function insertCatalogue(tx: Queryable, mod: CatalogueModule): Promise<number> {
  if (!mod.catalogueParts) {
    const cat = await mod.generateCatalogue!();
    for (const table of CATALOGUE_TABLES) await insertRows(tx, table, cat[table] ?? []);
    return cat.vehicle_listings?.length ?? 0;
  }
  // Smaller batches for COPY: fewer generated objects outlive a young-generation GC (about 20% less CPU).
  const parts = mod.catalogueParts(tx.copyFrom ? COPY_BATCH_LISTINGS : undefined);
  for (const table of CATALOGUE_TABLES) await insertRows(tx, table, parts.tables[table] ?? []);
  // Like pg_restore, build the listings' secondary indexes once after the load (a sort each) rather than
  // maintain them through hundreds of thousands of inserts.
  const indexes = await tx.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
      where i.indrelid in ('public.vehicle_listings'::regclass, 'public.listing_price_history'::regclass)
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const ix of indexes.rows) await tx.query(`drop index ${ix.name}`);
  const insert = tx.copyFrom ? copyRows(tx.copyFrom.bind(tx)) : insertRows;
  let pending: Promise<unknown> = Promise.resolve();
  let count = 0;
  for (const b of parts.listingBatches) {
    const listings = b.listings.map((l, i) => ({ ...l, price_reduction: b.reductions[i] }));
    // One batch in flight: the server loads it while the next one is generated.
    await pending;
    pending = Promise.all([insert(tx, 'vehicle_listings', listings), insert(tx, 'listing_price_history', b.history)]);
    count += listings.length;
  }
  await pending;
  await tx.query("set local maintenance_work_mem = '256MB'");
  for (const ix of indexes.rows) await tx.query(ix.def);
  return count;
}

async function once(db: Db, name: string, run: (tx: Queryable) => Promise<void>): Promise<boolean> {
  const done = await db.query('select 1 from local_meta.seed_runs where name = $1', [name]);
  if (done.rows.length > 0) return false;
  await db.transaction(async (tx) => {
    await run(tx);
    await tx.query('insert into local_meta.seed_runs (name) values ($1)', [name]);
  });
  return true;
}

export async function runSeed(db: Db, opts: { supabaseDir: string; log: (line: string) => void }): Promise<string[]> {
  await db.exec(SEED_TABLE);
  const done: string[] = [];
  const catalogueFile = path.join(opts.supabaseDir, 'seed', 'catalogue.ts');
  if (existsSync(catalogueFile)) {
    const ran = await once(db, 'catalogue', async (tx) => {
      const started = Date.now();
      // Bulk load like pg_restore: the generated rows are consistent and carry their own price history,
      // so skip per-row triggers (history, realtime notify) and FK checks. Needs superuser (PGlite is).
      const su = await tx.query<{ su: boolean }>('select rolsuper as su from pg_roles where rolname = current_user');
      if (su.rows[0]?.su) await tx.query("set local session_replication_role = 'replica'");
      const count = await insertCatalogue(tx, await loadCatalogue(catalogueFile));
      opts.log(`Seeded catalogue (${count} listings) in ${Date.now() - started} ms`);
    });
    if (ran) {
      done.push('catalogue');
      // PGlite has no autovacuum: without statistics the planner picks poor plans for listing queries.
      // Vacuum too: the visibility map lets counts over a bulk load use index-only scans at once.
      await db.exec('vacuum analyze');
    }
  }
  const seedSql = path.join(opts.supabaseDir, 'seed.sql');
  if (existsSync(seedSql)) {
    const ran = await once(db, 'seed.sql', (tx) => tx.exec(readFileSync(seedSql, 'utf8')));
    if (ran) {
      done.push('seed.sql');
      opts.log('Ran supabase/seed.sql');
    }
  }
  return done;
}
