// The one list of synced tables. Everything that names "the synced tables" derives from it: the
// SyncTableName union and the catalogue/user groups (types.ts), the Dexie stores (db.ts), the realtime
// subscriptions (sync/realtime.ts) and the sync card's wording (features/sync-status/labels.ts).
// Adding a synced table: one entry here, its row type in types.ts' TableRows, and its SQL (a table with
// id, updated_at and the touch_updated_at + log_deletion triggers, and RLS); tests/integration/
// synced-tables.test.ts holds this list to the SQL.

/**
 * How realtime streams a table into the store (sync/realtime.ts):
 * - `public`: every change, for everyone;
 * - `own`: the signed-in user's rows (filter user_id=eq.<user>);
 * - `shared`: signed in, no filter: RLS decides per subscriber (a dealer's leads carry the buyer's user_id);
 * - `held`: only the rows this device holds (sync/listing-channels.ts: by id and the offline pack's area);
 * - `none`: pulled only.
 */
export type RealtimeScope = 'public' | 'own' | 'shared' | 'held' | 'none';

export interface SyncedTableEntry {
  readonly name: string;
  /** catalogue: public, pulled for everyone; user: the signed-in user's, cleared on sign-out. */
  readonly group: 'catalogue' | 'user';
  /** The Dexie index string of the current schema version (primary key first). */
  readonly indexes: string;
  readonly realtime: RealtimeScope;
  /** What one row is called on the sync card ("Bookmark added"). */
  readonly label: string;
}

// Order matters: the engine pulls each group in this order.
export const SYNCED_TABLES = [
  { name: 'brands', group: 'catalogue', indexes: 'id, &slug, name, updated_at', realtime: 'none', label: 'Brand' },
  {
    name: 'car_models',
    group: 'catalogue',
    indexes:
      'id, brand_id, slug, [brand_id+slug], body_style, fuel_type, price_from, updated_at, [brand_id+price_from], [body_style+price_from], [fuel_type+price_from]',
    realtime: 'none',
    label: 'Car model',
  },
  { name: 'dealers', group: 'catalogue', indexes: 'id, slug, outcode, updated_at', realtime: 'none', label: 'Dealer' },
  { name: 'reviews', group: 'catalogue', indexes: 'id, car_model_id, updated_at', realtime: 'public', label: 'Review' },
  {
    name: 'vehicle_listings',
    group: 'catalogue',
    indexes: 'id, car_model_id, dealer_id, listed_at, [car_model_id+price]',
    realtime: 'held',
    label: 'Listing',
  },
  {
    name: 'listing_price_history',
    group: 'catalogue',
    indexes: 'id, vehicle_listing_id, [vehicle_listing_id+changed_at]',
    realtime: 'none',
    label: 'Price change',
  },
  {
    name: 'bookmarks',
    group: 'user',
    indexes:
      'id, user_id, car_model_id, vehicle_listing_id, created_at, [user_id+car_model_id], [user_id+vehicle_listing_id]',
    realtime: 'none',
    label: 'Bookmark',
  },
  {
    name: 'leads',
    group: 'user',
    indexes: 'id, user_id, dealer_id, vehicle_listing_id, created_at',
    realtime: 'shared',
    label: 'Enquiry',
  },
  {
    name: 'lead_messages',
    group: 'user',
    indexes: 'id, lead_id, [lead_id+created_at]',
    realtime: 'shared',
    label: 'Enquiry message',
  },
  {
    name: 'dealer_members',
    group: 'user',
    indexes: 'id, user_id, dealer_id',
    realtime: 'own',
    label: 'Dealer membership',
  },
  {
    name: 'notifications',
    group: 'user',
    indexes: 'id, user_id, created_at, [user_id+created_at]',
    realtime: 'own',
    label: 'Notification',
  },
  {
    name: 'price_alerts',
    group: 'user',
    indexes: 'id, user_id, vehicle_listing_id, created_at, [user_id+created_at]',
    realtime: 'own',
    label: 'Price alert',
  },
  {
    name: 'user_preferences',
    group: 'user',
    indexes: 'id, user_id',
    realtime: 'own',
    label: 'Notification preferences',
  },
  {
    name: 'user_preference_profiles',
    group: 'user',
    indexes: 'id, user_id',
    realtime: 'none',
    label: 'Personalisation profile',
  },
  {
    name: 'personalized_recommendations',
    group: 'user',
    indexes: 'id, user_id, car_model_id, expires_at, [user_id+recommendation_score]',
    realtime: 'none',
    label: 'Recommendation',
  },
  {
    name: 'search_interactions',
    group: 'user',
    indexes: 'id, user_id, created_at',
    realtime: 'none',
    label: 'Search activity',
  },
  {
    name: 'error_reports',
    group: 'user',
    indexes: 'id, user_id, reported_at',
    realtime: 'none',
    label: 'Error report',
  },
  {
    name: 'saved_searches',
    group: 'user',
    indexes: 'id, user_id, created_at, [user_id+created_at]',
    realtime: 'own',
    label: 'Saved search',
  },
] as const satisfies readonly SyncedTableEntry[];

type Entry = (typeof SYNCED_TABLES)[number];
export type SyncTableName = Entry['name'];
export type CatalogueTable = Extract<Entry, { group: 'catalogue' }>['name'];
export type UserTable = Extract<Entry, { group: 'user' }>['name'];

const names = <E extends Entry>(keep: (e: Entry) => e is E): E['name'][] =>
  SYNCED_TABLES.filter(keep).map((e) => e.name);

export const CATALOGUE_TABLES: readonly CatalogueTable[] = names(
  (e): e is Extract<Entry, { group: 'catalogue' }> => e.group === 'catalogue',
);
export const USER_TABLES: readonly UserTable[] = names(
  (e): e is Extract<Entry, { group: 'user' }> => e.group === 'user',
);
export const SYNC_TABLES: readonly SyncTableName[] = SYNCED_TABLES.map((e) => e.name);

/** A table name from the wire (a tombstone's table_name) that this device syncs. */
export function isSyncTable(name: string): name is SyncTableName {
  return (SYNC_TABLES as readonly string[]).includes(name);
}

/** The synced tables realtime streams with the given scope, in list order. */
export function realtimeTables(scope: RealtimeScope): SyncTableName[];
export function realtimeTables(scope: RealtimeScope, tables: readonly SyncedTableEntry[]): string[];
export function realtimeTables(scope: RealtimeScope, tables: readonly SyncedTableEntry[] = SYNCED_TABLES): string[] {
  return tables.filter((t) => t.realtime === scope).map((t) => t.name);
}

/** Dexie stores for the synced tables: name -> index string. */
export function syncedStores(tables: readonly SyncedTableEntry[] = SYNCED_TABLES): Record<string, string> {
  return Object.fromEntries(tables.map((t) => [t.name, t.indexes]));
}

/** Sync-card wording per table. */
export function syncedLabels(tables: readonly SyncedTableEntry[] = SYNCED_TABLES): Record<string, string> {
  return Object.fromEntries(tables.map((t) => [t.name, t.label]));
}
