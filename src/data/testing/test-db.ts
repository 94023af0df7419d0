// Test-only: a database of its own for each test, for tests that pass the store in rather than use the app's one.
import { afterEach, beforeEach } from 'vitest';
import { MotorlyDb } from '../db';
import { setSessionUser } from '../session';

/**
 * Each test gets a new database named `${prefix}-N`, signed in as `user` (null: signed out; left out: no session
 * written), handed to `use`; it is closed and deleted after the test.
 */
export function withTestDb(prefix: string, use: (db: MotorlyDb) => void, user?: string | null): void {
  let n = 0;
  let current: MotorlyDb | undefined;
  beforeEach(async () => {
    current = new MotorlyDb(`${prefix}-${++n}`);
    if (user !== undefined) await setSessionUser(current, user);
    use(current);
  });
  afterEach(async () => {
    current?.close();
    await current?.delete();
  });
}
