// Unit tests run against an in-memory IndexedDB so Dexie code is exercised for real.
import 'fake-indexeddb/auto';
