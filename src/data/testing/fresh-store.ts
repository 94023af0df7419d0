// Test-only: each test starts signed in on an empty local store, and rendered trees are unmounted
// before the store is wiped (a live query must not outlive its database).
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { db } from '../db';
import { setSessionUser } from '../session';

export const TEST_USER = '11111111-1111-4111-8111-111111111111';

export function withFreshStore(hooks: { before?: () => void; after?: () => void } = {}): void {
  beforeEach(async () => {
    await setSessionUser(db, TEST_USER);
    hooks.before?.();
  });
  afterEach(async () => {
    cleanup();
    hooks.after?.();
    await db.delete();
    await db.open();
  });
}
