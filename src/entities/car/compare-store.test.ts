// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
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
});
