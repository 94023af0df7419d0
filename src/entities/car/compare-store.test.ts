// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/data/db';
import { comparedListings } from '@/data/offline-pack';
import { DEFAULT_ANNUAL_MILES, useCatalogueStore } from './compare-store';

const item = (n: number) => ({ kind: 'model' as const, id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` });

describe('catalogue store', () => {
  beforeEach(() => {
    localStorage.clear();
    useCatalogueStore.setState({ compare: [], annualMiles: DEFAULT_ANNUAL_MILES });
  });

  it('keeps at most four cars and persists them', () => {
    const s = useCatalogueStore.getState();
    for (let i = 1; i <= 5; i++) s.addToCompare(item(i));
    expect(useCatalogueStore.getState().compare).toHaveLength(4);
    const saved = JSON.parse(localStorage.getItem('motorly-catalogue') ?? '{}') as { state: { compare: unknown[] } };
    expect(saved.state.compare).toHaveLength(4);
  });

  it('reports why an add failed', () => {
    const s = useCatalogueStore.getState();
    s.addToCompare(item(1));
    expect(s.addToCompare(item(1))).toMatchObject({ ok: false, reason: 'duplicate' });
  });

  it('clamps the remembered mileage', () => {
    useCatalogueStore.getState().setAnnualMiles(999_999);
    expect(useCatalogueStore.getState().annualMiles).toBe(50_000);
    useCatalogueStore.getState().setAnnualMiles(Number.NaN);
    expect(useCatalogueStore.getState().annualMiles).toBe(DEFAULT_ANNUAL_MILES);
  });

  it('mirrors the compared listings (not models) into IndexedDB, where the workers pin them', async () => {
    const listing = (n: number) => ({ kind: 'listing' as const, id: item(n).id });
    const s = useCatalogueStore.getState();
    s.addToCompare(item(1));
    s.addToCompare(listing(2));
    s.addToCompare(listing(3));
    const mirrored = () => comparedListings(db).toCollection().primaryKeys();
    await vi.waitFor(async () => expect(await mirrored()).toEqual([item(2).id, item(3).id]));
    s.removeFromCompare(listing(2));
    await vi.waitFor(async () => expect(await mirrored()).toEqual([item(3).id]));
    s.clearCompare();
    await vi.waitFor(async () => expect(await mirrored()).toEqual([]));
  });

  it('pins a list saved before the mirror existed as the app starts', async () => {
    const saved = { compare: [{ kind: 'listing', id: item(7).id }], annualMiles: 8000, annualMilesChosen: false };
    localStorage.setItem('motorly-catalogue', JSON.stringify({ state: saved, version: 1 }));
    await vi.waitFor(async () => expect(await comparedListings(db).count()).toBe(0));
    vi.resetModules();
    await import('./compare-store');
    await vi.waitFor(async () => expect(await comparedListings(db).toCollection().primaryKeys()).toEqual([item(7).id]));
  });
});
