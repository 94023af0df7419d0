// The two in-page baselines bench:scale prints beside the app's figures:
//   - today's whole-catalogue first download, as the design before issue 32 did it: every vehicle_listings
//     page over REST (1,000 rows a page, the next one fetched while the last is written) into an
//     IndexedDB store with that design's indexes;
//   - a raw IndexedDB put of N listings (one transaction) into a store with the app's current indexes,
//     the floor an offline pack's download is compared with.
// Both are page.evaluate bodies: self-contained, no imports.

/** The vehicle_listings store's indexes before issue 32 (src/data/db.ts version 6). */
export const OLD_LISTING_INDEXES: { name: string; keyPath: string | string[] }[] = [
  { name: 'car_model_id', keyPath: 'car_model_id' },
  { name: 'dealer_id', keyPath: 'dealer_id' },
  { name: 'listed_at', keyPath: 'listed_at' },
  { name: 'updated_at', keyPath: 'updated_at' },
  { name: '[car_model_id+price]', keyPath: ['car_model_id', 'price'] },
];

export interface PullArgs {
  api: string;
  anonKey: string;
  indexes: { name: string; keyPath: string | string[] }[];
}

/** The old first download of vehicle_listings, timed from the first request to the last write. */
export async function pullWholeTable(a: PullArgs): Promise<{ rows: number; pages: number; ms: number }> {
  const PAGE = 1000;
  const name = `bench-old-pull-${Date.now()}`;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore('vehicle_listings', { keyPath: 'id' });
      for (const i of a.indexes) store.createIndex(i.name, i.keyPath);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const headers = { apikey: a.anonKey, authorization: `Bearer ${a.anonKey}` };
  const fetchPage = async (after: string) => {
    const gt = after ? `&id=gt.${after}` : '';
    const res = await fetch(`${a.api}/rest/v1/vehicle_listings?select=*&order=id.asc&limit=${PAGE}${gt}`, { headers });
    if (!res.ok) throw new Error(`vehicle_listings page: ${res.status}`);
    return (await res.json()) as { id: string }[];
  };
  const t0 = performance.now();
  let rows = 0;
  let pages = 0;
  let next: Promise<{ id: string }[]> | null = fetchPage('');
  while (next) {
    const page: { id: string }[] = await next;
    next = page.length === PAGE ? fetchPage(page[page.length - 1].id) : null;
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('vehicle_listings', 'readwrite');
      const store = tx.objectStore('vehicle_listings');
      for (const row of page) store.put(row);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    rows += page.length;
    pages++;
  }
  const ms = performance.now() - t0;
  db.close();
  indexedDB.deleteDatabase(name);
  return { rows, pages, ms };
}

/**
 * `count` listings fetched over REST (not timed), then put in one readwrite transaction into a fresh
 * store with the indexes the app's own vehicle_listings store has now (read from its database; the old
 * ones when the app has no such store). Returns the put's time.
 */
export async function rawListingPut(a: PullArgs & { count: number }): Promise<{ rows: number; ms: number }> {
  const request = <T>(req: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  let indexes = a.indexes;
  const app = await request(indexedDB.open('motorly'));
  if (app.objectStoreNames.contains('vehicle_listings')) {
    const store = app.transaction('vehicle_listings').objectStore('vehicle_listings');
    indexes = Array.from(store.indexNames, (n) => ({ name: n, keyPath: store.index(n).keyPath }));
  }
  app.close();
  const headers = { apikey: a.anonKey, authorization: `Bearer ${a.anonKey}` };
  const rows: { id: string }[] = [];
  while (rows.length < a.count) {
    const after = rows.length ? `&id=gt.${rows[rows.length - 1].id}` : '';
    const limit = Math.min(1000, a.count - rows.length);
    const res = await fetch(`${a.api}/rest/v1/vehicle_listings?select=*&order=id.asc&limit=${limit}${after}`, {
      headers,
    });
    const page = (await res.json()) as { id: string }[];
    rows.push(...page);
    if (page.length < limit) break;
  }
  const name = `bench-raw-put-${Date.now()}`;
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore('vehicle_listings', { keyPath: 'id' });
    for (const i of indexes) store.createIndex(i.name, i.keyPath);
  };
  const db = await request(open);
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('vehicle_listings', 'readwrite');
    for (const row of rows) tx.objectStore('vehicle_listings').put(row);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const ms = performance.now() - t0;
  db.close();
  indexedDB.deleteDatabase(name);
  return { rows: rows.length, ms };
}
