// @vitest-environment jsdom
// /recommended end to end on the device: the real store (fake-indexeddb) and sync code, with a fake
// supabase client standing in for the ml-recommendations function.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { generateCatalogue } from '../../../supabase/seed/catalogue';
import { db } from '@/data/db';
import type { PersonalizedRecommendation } from '@/data/types';
import { loadRecommendations } from '@/data/recommendations';
import { TEST_USER, withFreshStore } from '@/data/testing/fresh-store';
import { RecommendedScreen } from './recommended-screen';

// Each card also counts its model's cars for sale (a live query each): on a loaded machine the first
// answers take longer than waitFor's default second.
configure({ asyncUtilTimeout: 10_000 });

const invoke = vi.fn();
vi.mock('@/sync/client', () => ({ getSupabase: () => ({ functions: { invoke } }) }));

const cat = generateCatalogue();
const models = cat.car_models;
const brandName = new Map(cat.brands.map((b) => [b.id, b.name]));
const title = (modelId: string) => {
  const m = models.find((x) => x.id === modelId)!;
  return `${brandName.get(m.brand_id)} ${m.name}`;
};

const row = (i: number, score: number): PersonalizedRecommendation => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user_id: TEST_USER,
  car_model_id: models[i]!.id,
  recommendation_score: score,
  reasons: [`Reason from the server ${i}`],
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  clicked: false,
  shown_count: 0,
  updated_at: new Date().toISOString(),
});
/** What the function answers: its rows, with the joined model as the real one sends it. */
const answer = (rows: PersonalizedRecommendation[]) => ({
  data: { recommendations: rows.map((r) => ({ ...r, car_models: { id: r.car_model_id } })), cached: false },
  error: null,
});

let online = true;
beforeAll(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
withFreshStore({
  before: () => {
    online = true;
    invoke.mockReset();
  },
});
beforeEach(async () => {
  await db.brands.bulkPut(cat.brands);
  await db.car_models.bulkPut(models);
  await db.reviews.bulkPut(cat.reviews);
});
afterEach(() => {
  invoke.mockReset();
});

const show = () =>
  render(
    <MemoryRouter>
      <RecommendedScreen userId={TEST_USER} authLoading={false} onEditPreferences={() => undefined} />
    </MemoryRouter>,
  );
const cardTitles = () =>
  screen.getAllByTestId('recommendation').map((li) => within(li).getByRole('heading').textContent);
const source = () => screen.getByTestId('recommendation-source').textContent;
const recOps = async () =>
  (await db.outbox.orderBy('seq').toArray())
    .filter((o) => o.table === 'personalized_recommendations')
    .map((o) => [o.row_id, o.data]);

describe('RecommendedScreen', () => {
  it('asks the function when nothing is cached, then shows its rows best first and counts each as shown', async () => {
    const rows = [row(3, 61), row(1, 88), row(2, 74)];
    invoke.mockResolvedValue(answer(rows));
    show();
    await waitFor(() => expect(source()).toBe('Ranked by our recommendations service.'));
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(invoke).toHaveBeenCalledWith('ml-recommendations', { body: { userId: TEST_USER, forceRefresh: false } });
    expect(cardTitles()).toEqual([title(models[1]!.id), title(models[2]!.id), title(models[3]!.id)]);
    expect(screen.getByText('Reason from the server 1')).toBeTruthy();
    // The joined model is not stored in the row.
    expect(await db.personalized_recommendations.get(rows[0]!.id)).not.toHaveProperty('car_models');
    await waitFor(async () => expect(await recOps()).toHaveLength(3));
    expect(await recOps()).toEqual(
      expect.arrayContaining([rows[0], rows[1], rows[2]].map((r) => [r!.id, { $inc: { shown_count: 1 } }])),
    );
    expect((await db.personalized_recommendations.get(rows[1]!.id))!.shown_count).toBe(1);
  });

  it('shows unexpired cached rows without calling the function; a click is queued for the server', async () => {
    const rows = [row(5, 50), row(6, 90)];
    await db.personalized_recommendations.bulkPut(rows);
    show();
    await waitFor(() => expect(source()).toBe('Ranked by our recommendations service.'));
    expect(cardTitles()).toEqual([title(models[6]!.id), title(models[5]!.id)]);
    await waitFor(async () => expect(await recOps()).toHaveLength(2));
    fireEvent.click(screen.getByRole('link', { name: title(models[5]!.id) }));
    await waitFor(async () => expect((await db.personalized_recommendations.get(rows[0]!.id))!.clicked).toBe(true));
    expect((await recOps()).at(-1)).toEqual([rows[0]!.id, { clicked: true }]);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('asks for a fresh set on Refresh', async () => {
    await db.personalized_recommendations.bulkPut([row(5, 50)]);
    invoke.mockResolvedValue(answer([row(7, 95)]));
    show();
    await waitFor(() => expect(cardTitles()).toEqual([title(models[5]!.id)]));
    // The sync engine uploads the "shown" op; a row with ops still queued would be kept (see the data test).
    await waitFor(async () => expect(await recOps()).toHaveLength(1));
    await db.outbox.clear();
    fireEvent.click(screen.getByRole('button', { name: /refresh/i }));
    await waitFor(() => expect(cardTitles()).toEqual([title(models[7]!.id)]));
    expect(invoke).toHaveBeenCalledWith('ml-recommendations', { body: { userId: TEST_USER, forceRefresh: true } });
    expect(await db.personalized_recommendations.count()).toBe(1); // the old set is replaced
  });

  it('offline, ranks on the device with the shared scoring and calls nothing', async () => {
    online = false;
    show();
    await waitFor(() => expect(source()).toMatch(/^You are offline: ranked on this device/));
    const expected = (await loadRecommendations(db, TEST_USER)).local;
    expect(expected).toHaveLength(10);
    expect(cardTitles()).toEqual(expected.map((c) => title(c.model.id)));
    expect(screen.getByRole('button', { name: /refresh/i }).hasAttribute('disabled')).toBe(true);
    // A card worked out here has no server row: opening it queues nothing.
    fireEvent.click(screen.getAllByTestId('recommendation')[0]!.querySelector('a')!);
    await new Promise((r) => setTimeout(r, 50));
    expect(invoke).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('falls back to the local ranking when the function fails', async () => {
    invoke.mockResolvedValue({ data: null, error: { message: 'boom' } });
    show();
    await waitFor(() => expect(source()).toMatch(/could not be reached, so these were ranked on this device/));
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('recommendation')).toHaveLength(10);
  });
});
