// A listing link opened on a device that has the catalogue (a later visit: the service worker answers):
// /listing-early-view.js reads the car, its brand and its model straight from the local store and draws the
// page's top before the app's code has run, as it does on a first visit from the network's answer
// (listing-answer.ts). Raw IndexedDB, read-only, because that script must stay small: Dexie is
// the app's own and arrives with it. The answer has the Data API's shape (the row with `brand` and
// `car_model` embedded); null when the store, the tables or the car are missing.
import { DEFAULT_DB_NAME } from '@/data/db-name';

const TABLES = ['vehicle_listings', 'brands', 'car_models'] as const;

type Row = Record<string, unknown>;

export function readLocalListing(id: string, dbName: string = DEFAULT_DB_NAME): Promise<Row[] | null> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = indexedDB.open(dbName);
    } catch {
      resolve(null);
      return;
    }
    // No store on this device: leave creating it (with its schema) to the app.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      // The app upgrading its schema meanwhile must not wait for this connection.
      db.onversionchange = () => db.close();
      const done = (rows: Row[] | null) => {
        db.close();
        resolve(rows);
      };
      if (!TABLES.every((t) => db.objectStoreNames.contains(t))) return done(null);
      const tx = db.transaction([...TABLES], 'readonly');
      const listing = tx.objectStore('vehicle_listings').get(id);
      let brand: IDBRequest | undefined;
      let model: IDBRequest | undefined;
      listing.onsuccess = () => {
        const row = listing.result as Row | undefined;
        if (!row) return;
        if (typeof row.brand_id === 'string') brand = tx.objectStore('brands').get(row.brand_id);
        if (typeof row.car_model_id === 'string') model = tx.objectStore('car_models').get(row.car_model_id);
      };
      tx.oncomplete = () => {
        const row = listing.result as Row | undefined;
        done(row ? [{ ...row, brand: brand?.result ?? null, car_model: model?.result ?? null }] : null);
      };
      tx.onerror = () => done(null);
      tx.onabort = () => done(null);
    };
  });
}
