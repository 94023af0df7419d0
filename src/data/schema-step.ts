// The store's schema alone, for src/main.tsx's start-up steps: the database instance, whose every version's
// stores Dexie parses as it is declared (about half of the store's evaluation), is a task of its own, before
// the task that evaluates the rest of the store's modules.
import { db } from './db';
import { holdStartsUntil } from './own-task';

// Opened now rather than by the first live query, and live queries start only once it is open. On a first
// visit opening creates the database, and when a creation or an upgrade completes Dexie re-runs every live
// query subscribed by then, all in that one task: opened by the first query, that was every query of the
// screen at once (15-22 ms at 1x CPU on /marketplace, counted by Lighthouse's Total Blocking Time). A
// failure is not swallowed here: the held queries then run and fail with it, and report it as before.
export const opened: Promise<unknown> = db.open();
holdStartsUntil(opened);
