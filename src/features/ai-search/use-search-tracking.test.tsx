// @vitest-environment jsdom
// The AI search screen's tracking: one search_interactions row per distinct search shown, clicks and the
// time spent added to that row, everything through the outbox of the real (fake-indexeddb) store.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { db } from '@/data/db';
import { withFreshStore } from '@/data/testing/fresh-store';
import type { ParsedQuery } from '@/domain/ai/query-types';
import { useSearchTracking } from './use-search-tracking';

withFreshStore();

const MODEL = '22222222-2222-4222-8222-222222222222';
const LISTING = '33333333-3333-4333-8333-333333333333';
const suv: ParsedQuery = { bodyStyles: ['suv'], budgetMax: 25000 };

interface Props {
  q: string;
  filters: ParsedQuery | undefined;
  shown: number | undefined;
  relaxed: string[];
}

const track = (initial: Props) =>
  renderHook((p: Props) => useSearchTracking(p.q, p.filters, p.shown, p.relaxed), { initialProps: initial });

const rows = () => db.search_interactions.toArray();
const updates = async () => (await db.outbox.orderBy('seq').toArray()).filter((o) => o.type === 'update');

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useSearchTracking', () => {
  it('records a search once its results are known, with the query, filters, count and relaxed filters', async () => {
    const h = track({ q: 'family suv under 25k', filters: suv, shown: undefined, relaxed: [] });
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.search_interactions.count()).toBe(0); // results not computed yet: nothing to record
    h.rerender({ q: 'family suv under 25k', filters: suv, shown: 9, relaxed: ['Budget'] });
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    const [row] = await rows();
    expect(row).toMatchObject({
      search_query: 'family suv under 25k',
      interaction_type: 'ai_search',
      search_filters: { bodyStyles: ['suv'], budgetMax: 25000 },
      results_shown: 9,
      interaction_data: { relaxed: ['Budget'] },
    });
    expect(row!.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ type: 'create', table: 'search_interactions', row_id: row!.id });
  });

  it('keeps one row while the result count changes (a sync), and starts a new one for a new query', async () => {
    const h = track({ q: 'suv', filters: suv, shown: 9, relaxed: [] });
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    h.rerender({ q: 'suv', filters: { ...suv }, shown: 14, relaxed: [] });
    await new Promise((r) => setTimeout(r, 50));
    expect(await rows()).toHaveLength(1);
    h.rerender({ q: 'estate', filters: { bodyStyles: ['wagon'] }, shown: 4, relaxed: [] });
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    const all = await rows();
    expect(all.map((r) => r.search_query).sort()).toEqual(['estate', 'suv']);
    // Both searches were made in the same browser session.
    expect(new Set(all.map((r) => r.session_id)).size).toBe(1);
  });

  it('adds each click (car, listing, seconds since the results appeared) to the current search', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const h = track({ q: 'suv', filters: suv, shown: 9, relaxed: [] });
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    vi.setSystemTime(new Date('2026-11-25T10:00:08Z'));
    h.result.current(MODEL, LISTING);
    await waitFor(async () => expect((await rows())[0]!.results_clicked).toBe(1));
    vi.setSystemTime(new Date('2026-11-25T10:00:20Z'));
    h.result.current(MODEL);
    await waitFor(async () => expect((await rows())[0]!.results_clicked).toBe(2));
    expect((await rows())[0]).toMatchObject({ target_car_id: MODEL, time_spent_seconds: 20 });
    const [first, second] = await updates();
    expect(first!.data).toMatchObject({
      target_car_id: MODEL,
      time_spent_seconds: 8,
      interaction_data: { listing_id: LISTING },
      $inc: { results_clicked: 1 },
    });
    expect(second!.data).toMatchObject({ time_spent_seconds: 20, $inc: { results_clicked: 1 } });
  });

  it('stores the time spent on a search when the query changes and when the screen is left', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const h = track({ q: 'suv', filters: suv, shown: 9, relaxed: [] });
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    const first = (await rows())[0]!.id;
    vi.setSystemTime(new Date('2026-11-25T10:00:31Z'));
    h.rerender({ q: 'estate', filters: { bodyStyles: ['wagon'] }, shown: 4, relaxed: [] });
    await waitFor(async () => expect((await db.search_interactions.get(first))!.time_spent_seconds).toBe(31));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    const second = (await rows()).find((r) => r.id !== first)!.id;
    vi.setSystemTime(new Date('2026-11-25T10:01:16Z'));
    h.unmount();
    await waitFor(async () => expect((await db.search_interactions.get(second))!.time_spent_seconds).toBe(45));
    expect((await updates()).map((o) => [o.row_id, o.data])).toEqual([
      [first, { time_spent_seconds: 31 }],
      [second, { time_spent_seconds: 45 }],
    ]);
  });

  it('ignores clicks before any search was shown, and records nothing for an empty query', async () => {
    const h = track({ q: '', filters: {}, shown: 0, relaxed: [] });
    h.result.current(MODEL);
    await new Promise((r) => setTimeout(r, 50));
    expect(await db.search_interactions.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
