// Saved searches: validated names, one outbox op per write, the 50-per-user cap, and the local
// "N new since you last looked" count (same matching rules as the server's trigger).
import { describe, expect, it } from 'vitest';
import { MotorlyDb } from '../db';
import { loadSavedSearches } from '../hooks/use-saved-searches';
import { savedSearchFiltersFromQuery } from '../catalogue/filters';
import { brandRow, listingRow } from '../testing/fixtures';
import type { CarModel, VehicleListing } from '../types';
import {
  SAVED_SEARCH_MESSAGES,
  createSavedSearch,
  deleteSavedSearch,
  markSavedSearchViewed,
  renameSavedSearch,
  validateSavedSearchName,
} from './saved-searches';
import { withTestDb } from '../testing/test-db';

let db: MotorlyDb;
const USER = '11111111-1111-4111-8111-111111111111';

withTestDb('test-saved-searches', (d) => (db = d), USER);

function listing(id: string, over: Partial<VehicleListing>): VehicleListing {
  return listingRow({ id, car_model_id: 'm-fiesta', brand_id: 'b-ford', ...over });
}

describe('saved search filters', () => {
  it('keeps the matchable keys and the canonical query without paging or sorting', () => {
    expect(
      savedSearchFiltersFromQuery(
        'make=ford&model=fiesta&price_max=6000&fuel=petrol,diesel&body=nonsense&page=3&sort=mileage',
      ),
    ).toEqual({
      query: 'make=ford&model=fiesta&price_max=6000&fuel=petrol%2Cdiesel',
      make: 'ford',
      model: 'fiesta',
      price_max: 6000,
      fuel: ['petrol', 'diesel'],
    });
    expect(savedSearchFiltersFromQuery('model=fiesta&price_mode=monthly&price_max=100')).toEqual({
      query: 'price_mode=monthly',
    });
  });
});

describe('saved searches repository', () => {
  it('validates names', async () => {
    expect(validateSavedSearchName('  ')).toBe(SAVED_SEARCH_MESSAGES.nameRequired);
    expect(validateSavedSearchName('x'.repeat(81))).toBe(SAVED_SEARCH_MESSAGES.nameTooLong);
    await expect(createSavedSearch(db, '', 'make=ford')).rejects.toThrow(SAVED_SEARCH_MESSAGES.nameRequired);
    expect(await db.outbox.count()).toBe(0);
  });

  it('creates, renames, marks viewed and deletes through the outbox', async () => {
    const s = await createSavedSearch(db, '  Cheap Ford ', 'make=ford&price_max=6000');
    expect(s).toMatchObject({ user_id: USER, name: 'Cheap Ford', filters: { make: 'ford', price_max: 6000 } });
    await renameSavedSearch(db, s.id, 'Fords');
    await markSavedSearchViewed(db, s.id);
    await deleteSavedSearch(db, s.id);
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => [o.type, o.table, o.row_id])).toEqual([
      ['create', 'saved_searches', s.id],
      ['update', 'saved_searches', s.id],
      ['update', 'saved_searches', s.id],
      ['delete', 'saved_searches', s.id],
    ]);
    expect(ops[1].data).toEqual({ name: 'Fords' });
    expect(await db.saved_searches.count()).toBe(0);
  });

  it('refuses a 51st search', async () => {
    await db.saved_searches.bulkPut(
      Array.from({ length: 50 }, (_, i) => ({
        id: `s${i}`,
        user_id: USER,
        name: `S${i}`,
        filters: { query: '' },
        last_viewed_at: '2026-01-01T00:00:00Z',
      })),
    );
    await expect(createSavedSearch(db, 'One more', '')).rejects.toThrow(SAVED_SEARCH_MESSAGES.tooMany);
  });

  it('counts matching listings listed since the search was last opened', async () => {
    await db.brands.bulkPut([brandRow({ id: 'b-ford' })]);
    await db.car_models.bulkPut([
      { id: 'm-fiesta', brand_id: 'b-ford', slug: 'fiesta', name: 'Fiesta', price_from: 18000 } as CarModel,
    ]);
    const s = await createSavedSearch(db, 'Fiestas', 'make=ford&model=fiesta&price_max=6000');
    const after = new Date(Date.parse(s.last_viewed_at) + 60_000).toISOString();
    await db.vehicle_listings.bulkPut([
      listing('old', {}),
      listing('new-match', { listed_at: after }),
      listing('new-too-dear', { listed_at: after, price: 9000 }),
      listing('new-other-make', { listed_at: after, brand_id: 'b-other' }),
      listing('new-sold', { listed_at: after, status: 'sold' }),
    ]);
    expect((await loadSavedSearches(db)).map((v) => [v.name, v.newCount])).toEqual([['Fiestas', 1]]);
    await db.saved_searches.update(s.id, { last_viewed_at: new Date(Date.parse(after) + 1000).toISOString() });
    expect((await loadSavedSearches(db))[0].newCount).toBe(0);
  });
});
