// Unit tests run against an in-memory IndexedDB so Dexie code is exercised for real.
import 'fake-indexeddb/auto';
import { WebSocket as NodeWebSocket } from 'ws';

// Browsers have a global WebSocket; Node 20 does not, and supabase-js throws when a client is built
// without one (e.g. the auth store's admin check builds the page client).
if (typeof globalThis.WebSocket === 'undefined') {
  Object.assign(globalThis, { WebSocket: NodeWebSocket });
}
