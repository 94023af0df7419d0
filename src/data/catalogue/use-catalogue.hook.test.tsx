// @vitest-environment jsdom
// The brands and models screens join with come from the one query the listing cards share; the reviews (their
// whole texts, most of these tables' bytes) are read only by the screens that show reviews, and a review's write
// does not re-read the models on the page's main thread.
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { db } from '../db';
import { brandRow, modelRow } from '../testing/fixtures';
import { withFreshStore } from '../testing/fresh-store';
import type { DealerRow, ReviewRow } from './types';
import { useCatalogueBasics, useCatalogueModels, useDealersByIds } from './use-catalogue';

withFreshStore();

const review = (id: string, car_model_id: string, published_at: string): ReviewRow =>
  ({ id, car_model_id, cs_score: 7, published: true, published_at }) as unknown as ReviewRow;

describe('catalogue basics', () => {
  it('answers brands by name and models by id, and re-reads only the reviews when a review is written', async () => {
    const models = renderHook(() => useCatalogueModels());
    // Loading until the store answers; an empty store answers empty lists (loaded, not loading).
    expect(models.result.current).toBeUndefined();
    await waitFor(() => expect(models.result.current).toEqual(expect.objectContaining({ brands: [], models: [] })));

    await db.brands.bulkPut([
      brandRow({ id: 'b1', name: 'Volvo', slug: 'volvo' }),
      brandRow({ id: 'b2', name: 'Audi', slug: 'audi' }),
    ]);
    await db.car_models.bulkPut([
      modelRow({ id: 'm1', brand_id: 'b1', slug: 'xc40' }),
      modelRow({ id: 'm2', brand_id: 'b2', slug: 'a3' }),
    ]);
    await waitFor(() => expect(models.result.current?.models.map((m) => m.id)).toEqual(['m1', 'm2']));
    const shown = models.result.current!;
    expect(shown.brands.map((b) => b.name)).toEqual(['Audi', 'Volvo']);
    expect(shown.brandById.get('b1')?.name).toBe('Volvo');
    expect(shown.modelById.get('m2')?.brand_id).toBe('b2');

    const basics = renderHook(() => useCatalogueBasics());
    await waitFor(() => expect(basics.result.current?.reviewByModel.size).toBe(0));
    const modelReads = vi.spyOn(db.car_models, 'toArray');
    await db.reviews.bulkPut([
      review('r1', 'm1', '2026-01-01T00:00:00Z'),
      review('r2', 'm1', '2026-06-01T00:00:00Z'),
      review('r3', 'm2', '2026-03-01T00:00:00Z'),
    ]);
    await waitFor(() => expect(basics.result.current?.reviewByModel.get('m1')?.id).toBe('r2'));
    expect(basics.result.current?.reviewByModel.get('m2')?.id).toBe('r3');
    expect(modelReads).not.toHaveBeenCalled();
    expect(models.result.current).toBe(shown);
  });
});

const dealer = (id: string, town: string): DealerRow => ({ id, town, name: `Dealer ${id}` }) as unknown as DealerRow;

describe('dealers by id', () => {
  it("reads only a next page's new dealers, and every dealer again when one changes", async () => {
    await db.dealers.bulkPut([dealer('d1', 'Leeds'), dealer('d2', 'York'), dealer('d3', 'Hull')]);
    const reads = vi.spyOn(db.dealers, 'bulkGet');
    const { result, rerender } = renderHook(({ ids }) => useDealersByIds(ids), {
      initialProps: { ids: ['d1', 'd2', 'd1'] },
    });
    await waitFor(() => expect(result.current?.get('d2')?.town).toBe('York'));
    expect(reads.mock.calls.map((c) => c[0])).toEqual([['d1', 'd2']]);

    // The next page: its dealers d2 (read already), d3 and one the store does not hold.
    rerender({ ids: ['d1', 'd2', 'd1', 'd2', 'd3', 'd9'] });
    await waitFor(() => expect(result.current?.get('d3')?.town).toBe('Hull'));
    expect(reads.mock.calls.map((c) => c[0])).toEqual([
      ['d1', 'd2'],
      ['d3', 'd9'],
    ]);
    expect([...result.current!.keys()].sort()).toEqual(['d1', 'd2', 'd3']);

    // A change to a dealer read on the first page shows: the table changed, so every dealer is read again.
    await db.dealers.update('d1', { town: 'Wakefield' });
    await waitFor(() => expect(result.current?.get('d1')?.town).toBe('Wakefield'));
    expect(reads.mock.calls.at(-1)?.[0]).toEqual(['d1', 'd2', 'd3', 'd9']);
    // A dealer added later that a card already asked for appears too.
    await db.dealers.put(dealer('d9', 'Ripon'));
    await waitFor(() => expect(result.current?.get('d9')?.town).toBe('Ripon'));
  });
});
