// Listings something other than a query window refers to: never deleted when a window goes. The user's own
// rows (bookmarks, enquiries, price alerts), and, where this version of the store has them, the recently
// opened listings and the offline pack (their tables are read by name: they belong to the sync scope).
import type { MotorlyDb } from '../../db';
import { ownStockIds } from '../../offline-pack/held';

const KEPT_BY_ID_TABLES = ['recent_listings', 'offline_pack_listings'] as const;

export async function pinnedListingIds(db: MotorlyDb): Promise<Set<string>> {
  const ids = new Set<string>();
  const add = (id: string | null | undefined) => {
    if (id) ids.add(id);
  };
  const own = [db.bookmarks, db.leads, db.price_alerts] as const;
  for (const table of own) await table.each((row) => add(row.vehicle_listing_id));
  const names = new Set(db.tables.map((t) => t.name));
  for (const name of KEPT_BY_ID_TABLES) {
    if (names.has(name)) for (const id of await db.table(name).toCollection().primaryKeys()) add(String(id));
  }
  // A dealer member's own stock (the hub's), and listings with changes still waiting to be sent.
  for (const id of await ownStockIds(db)) add(id);
  for (const op of await db.outbox
    .where('[table+row_id]')
    .between(['vehicle_listings', ''], ['vehicle_listings', '\uffff'])
    .toArray())
    add(op.row_id);
  return ids;
}
