import { describe, expect, it } from 'vitest';
import { db } from './db';

describe('schema-step (a start-up step of src/main.tsx)', () => {
  it('opens the database before any query asks for it', async () => {
    expect(db.isOpen()).toBe(false);
    const { opened } = await import('./schema-step');
    await opened;
    expect(db.isOpen()).toBe(true);
  });
});
