// Search activity feeds recommendations only while personalisation is on (privacy settings switch).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePersonalisationStore } from '@/shared/lib/personalisation';
import { MotorlyDb } from '../db';
import { setSessionUser } from '../session';
import { recordSearchInteraction } from './activity';

let db: MotorlyDb;
let n = 0;

beforeEach(async () => {
  db = new MotorlyDb(`test-activity-${++n}`);
  await setSessionUser(db, '11111111-1111-4111-8111-111111111111');
});
afterEach(async () => {
  usePersonalisationStore.getState().setEnabled(true);
  await db.delete();
});

describe('recordSearchInteraction', () => {
  it('records a search (row + queued op) while personalisation is on', async () => {
    const row = await recordSearchInteraction(db, { interaction_type: 'search', search_query: 'estate' });
    expect(row?.search_query).toBe('estate');
    expect(await db.search_interactions.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('records nothing when personalisation is switched off', async () => {
    usePersonalisationStore.getState().setEnabled(false);
    expect(await recordSearchInteraction(db, { interaction_type: 'search', search_query: 'estate' })).toBeNull();
    expect(await db.search_interactions.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
