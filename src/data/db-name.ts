/** The local store's IndexedDB database name, alone so the head script can name it without Dexie. */
export const DEFAULT_DB_NAME = 'motorly';
