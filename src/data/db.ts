// The local-first store: one Dexie (IndexedDB) database per origin. Screens read it through live
// queries; only repositories write it (row + outbox op in one transaction); the sync worker fills
// it from the server. Schema changes add a version, never edit old ones: one without an upgrade function
// joins LATER_SCHEMAS (declared with the newest at once); one with an upgrade function is declared on its
// own, as 2 and 3 are.
import { Dexie, type EntityTable, type Table } from 'dexie';
import { loadModelPrices, registerListingDerived } from './catalogue/listing-derived';
import type { CarModel, OutboxOp, ParkedOp, SyncStateRow, TableRows, VehicleListing } from './types';
import { DEFAULT_DB_NAME } from './db-name';
import { registerListingHistoryCascade } from './listing-history-cascade';
import { COMPARE_MIRROR_SCHEMA, OFFLINE_PACK_SCHEMA } from './offline-pack/types';
import { SYNCED_TABLES, syncedStores, type SyncedTableEntry } from './synced-tables';
import type { QueryWindowRow } from './catalogue/query/window-types';

export { DEFAULT_DB_NAME };

type Tables = { [K in keyof TableRows]: EntityTable<TableRows[K], 'id'> };

/** Version 1: catalogue + user tables, outbox and key/value sync state. */
export const SCHEMA_V1: Record<string, string> = {
  brands: 'id, &slug, name, updated_at',
  car_models: 'id, brand_id, slug, [brand_id+slug], body_style, fuel_type, price_from, updated_at',
  reviews: 'id, car_model_id, updated_at',
  dealers: 'id, slug, outcode, updated_at',
  vehicle_listings:
    'id, price, mileage, year, listed_at, car_model_id, brand_id, dealer_id, fuel_type, body_style, status, updated_at',
  listing_price_history: 'id, vehicle_listing_id, [vehicle_listing_id+changed_at]',
  bookmarks: 'id, user_id, car_model_id, vehicle_listing_id, created_at',
  leads: 'id, user_id, dealer_id, vehicle_listing_id, created_at',
  lead_messages: 'id, lead_id, [lead_id+created_at]',
  notifications: 'id, user_id, created_at',
  price_alerts: 'id, user_id, vehicle_listing_id, created_at',
  user_preferences: 'id, user_id',
  user_preference_profiles: 'id, user_id',
  personalized_recommendations: 'id, user_id, car_model_id, expires_at',
  search_interactions: 'id, user_id, created_at',
  error_reports: 'id, user_id, reported_at',
  outbox: 'id, seq, [table+row_id], user_id',
  sync_state: 'key',
};

/**
 * Version 2: the "needs attention" store for ops that used up their tries (before, they stayed in
 * the outbox with retries >= 3), and compound indexes for the marketplace's sorted filters.
 */
export const SCHEMA_V2: Record<string, string> = {
  vehicle_listings:
    'id, price, mileage, year, listed_at, car_model_id, brand_id, dealer_id, fuel_type, body_style, status, updated_at, ' +
    '[brand_id+price], [fuel_type+price], [body_style+price], [car_model_id+price], [dealer_id+listed_at], [brand_id+year], [brand_id+mileage]',
  car_models:
    'id, brand_id, slug, [brand_id+slug], body_style, fuel_type, price_from, updated_at, [brand_id+price_from], [body_style+price_from], [fuel_type+price_from]',
  bookmarks:
    'id, user_id, car_model_id, vehicle_listing_id, created_at, [user_id+car_model_id], [user_id+vehicle_listing_id]',
  notifications: 'id, user_id, created_at, [user_id+created_at]',
  price_alerts: 'id, user_id, vehicle_listing_id, created_at, [user_id+created_at]',
  personalized_recommendations: 'id, user_id, car_model_id, expires_at, [user_id+recommendation_score]',
  needs_attention: 'id, seq, [table+row_id], user_id, failure',
};

/**
 * Version 3: indexes on listing fields the marketplace filters on, including the local-only
 * derived fields colour_key, ulez and annual_tax (catalogue/listing-derived.ts).
 */
export const SCHEMA_V3: Record<string, string> = {
  vehicle_listings:
    SCHEMA_V2.vehicle_listings +
    ', gearbox, seats, insurance_group, colour_key, annual_tax, ulez, [ulez+price], [gearbox+price], [fuel_type+annual_tax]',
};

/**
 * Version 4: drops the listing compound indexes the marketplace search no longer reads (it counts
 * ranges of single-field indexes, catalogue/listing-index.ts); each one cost a write per stored
 * listing. [car_model_id+price] stays: the model screen lists a model's cars by price with it.
 */
export const SCHEMA_V4: Record<string, string> = {
  vehicle_listings:
    'id, price, mileage, year, listed_at, car_model_id, brand_id, dealer_id, fuel_type, body_style, status, updated_at, ' +
    '[car_model_id+price], gearbox, seats, insurance_group, colour_key, annual_tax, ulez',
};

/** Version 5: the signed-in user's dealer memberships (the Dealer Hub works offline too) and saved searches. */
export const SCHEMA_V5: Record<string, string> = {
  dealer_members: 'id, user_id, dealer_id',
  saved_searches: 'id, user_id, created_at, [user_id+created_at]',
};

/**
 * Version 6: vehicle_listings keeps only the indexes something reads through IndexedDB. The
 * marketplace search filters and sorts on orders it builds in memory from the rows' own values
 * (catalogue/listing-index.ts, LISTING_ORDER_FIELDS), so the single-field indexes on price, mileage,
 * year, brand, fuel, body, status, gearbox, seats, insurance group, colour, tax and ULEZ were only
 * written, at a cost on every stored listing (most of a first download's IndexedDB time).
 * Still read: car_model_id (a listing's comparables, a model's re-derive, the assistant),
 * [car_model_id+price] (a model's cars by price, the AI search's cheapest per model), dealer_id (the
 * Dealer Hub), listed_at (saved searches' newest listings) and updated_at (the listing indexes' state
 * check and look-back).
 */
export const SCHEMA_V6: Record<string, string> = {
  vehicle_listings: 'id, car_model_id, dealer_id, listed_at, updated_at, [car_model_id+price]',
};

/** Version 7 (issue 32): the query engine's coverage ledger, one window per normalised query (LRU by lastUsed). */
export const SCHEMA_V7: Record<string, string> = {
  query_windows: 'key, lastUsed',
};

/** Version 8 (issue 32): the recently opened listings and the offline pack (data/offline-pack), local only. */
export const SCHEMA_V8: Record<string, string> = OFFLINE_PACK_SCHEMA;

/**
 * Version 9 (issue 32): vehicle_listings drops its updated_at index. It served the listing indexes' state
 * check and look-back over the whole stored catalogue, which are gone; nothing reads it now (the sync
 * cursors live in sync_state), and every stored listing paid a write for it.
 */
export const SCHEMA_V9: Record<string, string> = {
  vehicle_listings: 'id, car_model_id, dealer_id, listed_at, [car_model_id+price]',
};

/** Version 10 (issue 32): the compared listings, mirrored from the page's compare list so workers pin them. */
export const SCHEMA_V10: Record<string, string> = COMPARE_MIRROR_SCHEMA;

/** Versions 4 to 10, in order: none has an upgrade function. */
const LATER_SCHEMAS: readonly [number, Record<string, string>][] = [
  [4, SCHEMA_V4],
  [5, SCHEMA_V5],
  [6, SCHEMA_V6],
  [7, SCHEMA_V7],
  [8, SCHEMA_V8],
  [9, SCHEMA_V9],
  [10, SCHEMA_V10],
];
const LATEST_VERSION = LATER_SCHEMAS[LATER_SCHEMAS.length - 1][0];
/** Their stores merged as Dexie merges versions (a later version's spec of a store replaces an earlier one's). */
const SCHEMA_V4_TO_LATEST: Record<string, string> = Object.assign({}, ...LATER_SCHEMAS.map(([, stores]) => stores));

export const MAX_TRIES = 3;

export class MotorlyDb extends Dexie {
  declare brands: Tables['brands'];
  declare car_models: Tables['car_models'];
  declare reviews: Tables['reviews'];
  declare dealers: Tables['dealers'];
  declare vehicle_listings: Tables['vehicle_listings'];
  declare listing_price_history: Tables['listing_price_history'];
  declare bookmarks: Tables['bookmarks'];
  declare leads: Tables['leads'];
  declare lead_messages: Tables['lead_messages'];
  declare dealer_members: Tables['dealer_members'];
  declare notifications: Tables['notifications'];
  declare price_alerts: Tables['price_alerts'];
  declare user_preferences: Tables['user_preferences'];
  declare user_preference_profiles: Tables['user_preference_profiles'];
  declare personalized_recommendations: Tables['personalized_recommendations'];
  declare search_interactions: Tables['search_interactions'];
  declare error_reports: Tables['error_reports'];
  declare saved_searches: Tables['saved_searches'];
  declare outbox: EntityTable<OutboxOp, 'id'>;
  declare needs_attention: EntityTable<ParkedOp, 'id'>;
  declare sync_state: EntityTable<SyncStateRow, 'key'>;
  declare query_windows: EntityTable<QueryWindowRow, 'key'>;

  /**
   * `maxVersion` opens an older schema (upgrade tests); `synced` is the synced-tables list, which the
   * newest version declares at its current indexes (unchanged stores are no change to Dexie).
   */
  constructor(
    name: string = DEFAULT_DB_NAME,
    maxVersion = Number.POSITIVE_INFINITY,
    synced: readonly SyncedTableEntry[] = SYNCED_TABLES,
  ) {
    super(name);
    registerListingDerived(this);
    registerListingHistoryCascade(this);
    this.version(1).stores(SCHEMA_V1);
    if (maxVersion >= 2) {
      this.version(2)
        .stores(SCHEMA_V2)
        .upgrade(async (tx) => {
          // Ops that had already failed 3 times move to "needs attention" so the user sees them.
          const outbox = tx.table<OutboxOp, string>('outbox');
          const parked = tx.table<ParkedOp, string>('needs_attention');
          const exhausted = await outbox.filter((op) => op.retries >= MAX_TRIES).toArray();
          const now = Date.now();
          await parked.bulkPut(exhausted.map((op) => ({ ...op, parked_at: now, failure: 'transient' as const })));
          await outbox.bulkDelete(exhausted.map((op) => op.id));
        });
    }
    if (maxVersion >= 3) {
      this.version(3)
        .stores(SCHEMA_V3)
        .upgrade(async (tx) => {
          // Re-put stored listings so the derived-fields middleware fills them (prices loaded first).
          await loadModelPrices(this, tx.table<CarModel, string>('car_models'));
          const listings = tx.table<VehicleListing, string>('vehicle_listings');
          await listings.bulkPut(await listings.toArray());
        });
    }
    if (maxVersion > LATEST_VERSION) {
      // Versions 4 to 10 have no upgrade function, so the newest declares their stores at once: Dexie upgrades
      // an older database by comparing its installed stores with the newest (Dexie 3+), and re-parses every
      // version declared so far at each stores() call, so eleven calls made the store's construction a 40-60 ms
      // task at 4x CPU in the page and in each worker (bench:scale's session trace); four make a fraction.
      this.version(LATEST_VERSION).stores({ ...SCHEMA_V4_TO_LATEST, ...syncedStores(synced) });
      return;
    }
    // A given schema version (an upgrade test): the literal versions up to it.
    for (const [version, stores] of LATER_SCHEMAS) if (maxVersion >= version) this.version(version).stores(stores);
  }

  /** The Dexie table for a synced table name. */
  tableOf<K extends keyof TableRows>(name: K): Table<TableRows[K], string> {
    return this.table(name);
  }
}

/** Opens (lazily) a store under the given IndexedDB name; tests use one name per simulated client. */
export function createDatabase(name: string = DEFAULT_DB_NAME): MotorlyDb {
  return new MotorlyDb(name);
}

/** The app's store. */
export const db: MotorlyDb = createDatabase();
