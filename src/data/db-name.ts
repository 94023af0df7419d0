/** The local store's IndexedDB database name, alone so the early-view script can name it without Dexie. */
export const DEFAULT_DB_NAME = 'motorly';
