import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '../db';
import { setSessionUser } from '../session';
import { isDealerMember } from './use-dealer-membership';

const USER = '66666666-6666-4666-8666-666666666666';
let db: MotorlyDb;
let n = 0;

beforeEach(async () => {
  db = new MotorlyDb(`dealer-membership-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

describe('issue 34: the header knows whether the user belongs to a dealer', () => {
  it('is true only for a signed-in user with a dealer_members row of their own', async () => {
    expect(await isDealerMember(db)).toBe(false);
    await setSessionUser(db, USER);
    await db.dealer_members.put({ id: crypto.randomUUID(), user_id: crypto.randomUUID(), dealer_id: 'd1' } as never);
    expect(await isDealerMember(db)).toBe(false);
    await db.dealer_members.put({ id: crypto.randomUUID(), user_id: USER, dealer_id: 'd1' } as never);
    expect(await isDealerMember(db)).toBe(true);
  });
});
