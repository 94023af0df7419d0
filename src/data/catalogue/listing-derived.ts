/**
 * Derived, indexed fields of local vehicle_listings rows (never server columns): colour_key,
 * ulez (1 | 0: IndexedDB can't index booleans) and annual_tax (needs the model's list price).
 * A DBCore middleware computes them on every put/add through Dexie, so the first download, the
 * catch-up pull and realtime all get them from one place. Model list prices are kept in a Map per
 * database, loaded when it opens and updated from car_models writes.
 */
import {
  Dexie,
  type DBCore,
  type DBCoreMutateRequest,
  type DBCoreTable,
  type ObservabilitySet,
  type Table,
} from 'dexie';
import { annualTaxFor, listingUlezCompliant } from './listing-costs';
import { colourKey } from './colour-key';
import type { CarModelRow, ListingRow } from './types';

export interface ListingDerived {
  colour_key: string;
  ulez: 0 | 1;
  annual_tax: number;
}

/** Unknown tax (a malformed row): never within a "tax up to" filter. */
const UNKNOWN_TAX = Number.MAX_SAFE_INTEGER;

/**
 * The derived fields for a listing; without its model's list price the listing's own price stands
 * in. Never throws: a malformed row must not make the whole write (a pulled page) fail.
 */
export function deriveListing(l: ListingRow, listPrice: number | undefined): ListingDerived {
  let ulez: 0 | 1 = 0;
  let annualTax = UNKNOWN_TAX;
  try {
    ulez = listingUlezCompliant(l) ? 1 : 0;
    annualTax = annualTaxFor(l, listPrice ?? l.price);
  } catch {
    // Keep the defaults: not compliant, tax unknown.
  }
  return { colour_key: colourKey(typeof l.colour === 'string' ? l.colour : ''), ulez, annual_tax: annualTax };
}

type Prices = Map<string, number>;
const pricesByDb = new WeakMap<Dexie, Prices>();

function pricesOf(db: Dexie): Prices {
  let p = pricesByDb.get(db);
  if (!p) pricesByDb.set(db, (p = new Map()));
  return p;
}

/** Fills the price map from a car_models table (on open, and in the schema upgrade). */
export async function loadModelPrices(db: Dexie, models: Table<CarModelRow, string>): Promise<void> {
  const rows = await models.toArray();
  const prices = pricesOf(db);
  prices.clear(); // after the read: a write meanwhile never sees an empty map
  for (const m of rows) prices.set(m.id, m.price_from);
}

/** Open databases by name, whose price maps follow car_models writes made in other contexts. */
const watched = new Map<string, Set<Dexie>>();
const reloading = new WeakMap<Dexie, Promise<void>>();
let watching = false;

/**
 * Keeps the price map current when another tab or the sync worker writes car_models (this context's
 * own writes update it in the middleware below): without this, a tab that opened before the first
 * download derived every listing it wrote with the listing's own price as the list price.
 */
function followModelPrices(db: Dexie): void {
  if (!watching) {
    watching = true;
    Dexie.on('storagemutated', (parts: ObservabilitySet) => {
      for (const [name, dbs] of watched) {
        if (!Object.keys(parts).some((k) => k.startsWith(`idb://${name}/car_models/`))) continue;
        for (const d of dbs) {
          // setTimeout: outside whatever transaction zone fired the event.
          const run = new Promise<void>((resolve) => setTimeout(resolve, 0))
            .then(() => loadModelPrices(d, d.table('car_models')))
            .catch((err: unknown) => {
              // A database closed meanwhile has nothing to follow; any other failure is not hidden.
              if (!(err instanceof Error && err.name === 'DatabaseClosedError')) throw err;
            });
          reloading.set(d, run);
        }
      }
    });
  }
  const dbs = watched.get(db.name) ?? new Set<Dexie>();
  watched.set(db.name, dbs.add(db));
  db.on('close', () => dbs.delete(db));
}

/** Resolves once the price map has caught up with the car_models writes announced so far. */
export function modelPricesCurrent(db: Dexie): Promise<void> {
  return reloading.get(db) ?? Promise.resolve();
}

/** The row with its derived fields, using the database's known model prices. */
export function withListingDerived<T extends ListingRow>(db: Dexie, row: T): T & ListingDerived {
  return { ...row, ...deriveListing(row, pricesOf(db).get(row.car_model_id)) };
}

/**
 * Derive-on-write: what a put of `values` into `table` stores. The DBCore middleware below and the
 * raw bulk-write path (data/raw-bulk-write.ts) both call it, so every listing carries its derived
 * fields whichever way it was written.
 */
export function deriveOnWrite<T>(db: Dexie, table: string, values: readonly T[]): T[] {
  if (table !== 'vehicle_listings') return [...values];
  return values.map((v) => withListingDerived(db, v as T & ListingRow));
}

function listingTable(db: Dexie, down: DBCoreTable): DBCoreTable {
  return {
    ...down,
    mutate(req: DBCoreMutateRequest) {
      if (req.type !== 'put' && req.type !== 'add') return down.mutate(req);
      return down.mutate({ ...req, values: deriveOnWrite(db, 'vehicle_listings', req.values) });
    },
  };
}

function modelTable(db: Dexie, down: DBCoreTable): DBCoreTable {
  return {
    ...down,
    async mutate(req: DBCoreMutateRequest) {
      const res = await down.mutate(req);
      const prices = pricesOf(db);
      const changed: string[] = [];
      if (req.type === 'put' || req.type === 'add') {
        for (const m of req.values as CarModelRow[]) {
          const before = prices.get(m.id);
          prices.set(m.id, m.price_from);
          if (before !== undefined && before !== m.price_from) changed.push(m.id);
        }
      }
      // A new list price changes its listings' annual tax: re-derive them after this transaction.
      if (changed.length > 0) {
        const after = rederiving.get(db) ?? Promise.resolve();
        // setTimeout: out of the caller's transaction zone, so the re-derive runs its own transaction.
        const run = new Promise<void>((resolve) =>
          setTimeout(() => resolve(after.then(() => rederiveModels(db, changed))), 0),
        );
        rederiving.set(db, run);
        void run.finally(() => {
          if (rederiving.get(db) === run) rederiving.delete(db);
        });
      }
      return res;
    },
  };
}

const rederiving = new WeakMap<Dexie, Promise<void>>();

async function rederiveModels(db: Dexie, modelIds: string[]): Promise<void> {
  const listings = db.table<ListingRow, string>('vehicle_listings');
  try {
    // Read and re-put in one transaction, so a listing written meanwhile is never put back stale.
    await db.transaction('rw', listings, async () => {
      await listings.bulkPut(await listings.where('car_model_id').anyOf(modelIds).toArray());
    });
  } catch {
    // The database closed (or was deleted) meanwhile: nothing left to keep consistent.
  }
}

/** Resolves when listings re-derived after a model's list price changed are written (tests wait on it). */
export function listingDerivedSettled(db: Dexie): Promise<void> {
  return rederiving.get(db) ?? Promise.resolve();
}

/** Registers the middleware and the price map on a database (MotorlyDb's constructor calls this). */
export function registerListingDerived(db: Dexie): void {
  db.use({
    stack: 'dbcore',
    name: 'listing-derived',
    create(down: DBCore): DBCore {
      return {
        ...down,
        table(name: string) {
          const t = down.table(name);
          if (name === 'vehicle_listings') return listingTable(db, t);
          if (name === 'car_models') return modelTable(db, t);
          return t;
        },
      };
    },
  });
  db.on('ready', () => loadModelPrices(db, db.table('car_models')));
  followModelPrices(db);
}
