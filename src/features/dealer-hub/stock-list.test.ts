import { describe, expect, it } from 'vitest';
import type { OutboxOp, ParkedOp, VehicleListing } from '@/data/types';
import { listingSyncStates, selectStock, statusCounts, type StockItem, type StockQuery } from './stock-list';

const item = (
  id: string,
  title: string,
  o: {
    price?: number;
    status?: VehicleListing['status'];
    listed?: string;
    reg?: string;
    leads?: number;
    views?: number | null;
  } = {},
): StockItem => ({
  listing: {
    id,
    title,
    price: o.price ?? 10_000,
    status: o.status ?? 'active',
    listed_at: o.listed ?? '2026-11-01T00:00:00Z',
    registration: o.reg ?? null,
  } as VehicleListing,
  leads: o.leads ?? 0,
  views: o.views === undefined ? 0 : o.views,
  saves: 0,
});

const stock = [
  item('a', '2021 Ford Fiesta Titanium', {
    price: 12_000,
    listed: '2026-11-20T00:00:00Z',
    reg: 'AB21 CDE',
    leads: 1,
    views: 40,
  }),
  item('b', '2019 Volkswagen Golf GTI', {
    price: 18_500,
    listed: '2026-10-01T00:00:00Z',
    reg: 'CD19 FGH',
    leads: 4,
    views: null,
  }),
  item('c', '2018 Ford Focus ST', {
    price: 9_000,
    status: 'sold',
    listed: '2026-09-10T00:00:00Z',
    leads: 2,
    views: 90,
  }),
  item('d', '2022 Kia Niro', { price: 21_000, status: 'reserved', listed: '2026-11-10T00:00:00Z', views: 5 }),
];
const q = (over: Partial<StockQuery> = {}): StockQuery => ({ text: '', status: 'all', sort: 'newest', ...over });
const ids = (items: StockItem[]) => items.map((i) => i.listing.id);

describe('selectStock', () => {
  it('sorts by age either way, price either way, leads and views (unknown views last)', () => {
    expect(ids(selectStock(stock, q()))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(selectStock(stock, q({ sort: 'oldest' })))).toEqual(['c', 'b', 'd', 'a']);
    expect(ids(selectStock(stock, q({ sort: 'price-high' })))).toEqual(['d', 'b', 'a', 'c']);
    expect(ids(selectStock(stock, q({ sort: 'price-low' })))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(selectStock(stock, q({ sort: 'leads' })))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(selectStock(stock, q({ sort: 'views' })))).toEqual(['c', 'a', 'd', 'b']);
  });

  it('filters by status and searches the title word by word and the plate without its space', () => {
    expect(ids(selectStock(stock, q({ status: 'sold' })))).toEqual(['c']);
    expect(ids(selectStock(stock, q({ status: 'active' })))).toEqual(['a', 'b']);
    expect(ids(selectStock(stock, q({ text: 'ford', sort: 'price-low' })))).toEqual(['c', 'a']);
    expect(ids(selectStock(stock, q({ text: 'golf 2019' })))).toEqual(['b']);
    expect(ids(selectStock(stock, q({ text: 'cd19fgh' })))).toEqual(['b']);
    expect(ids(selectStock(stock, q({ text: 'ab21 cde' })))).toEqual(['a']);
    expect(ids(selectStock(stock, q({ text: 'ford', status: 'active' })))).toEqual(['a']);
    expect(selectStock(stock, q({ text: 'tesla' }))).toEqual([]);
  });

  it('breaks ties by title, so rows keep their places', () => {
    const tied = [item('y', 'Zeta'), item('x', 'Alpha'), item('z', 'Alpha')];
    expect(ids(selectStock(tied, q({ sort: 'leads' })))).toEqual(['x', 'z', 'y']);
  });

  it('counts each status', () => {
    expect(statusCounts(stock)).toEqual({ all: 4, active: 2, reserved: 1, sold: 1 });
  });
});

describe('listingSyncStates', () => {
  const op = (id: string, table: string, row: string, seq: number) =>
    ({ id, table, row_id: row, seq, type: 'update', data: {} }) as unknown as OutboxOp;
  const parked = (id: string, row: string, seq: number, last_error: string | null) =>
    ({ ...op(id, 'vehicle_listings', row, seq), last_error, parked_at: 1, failure: 'permanent' }) as ParkedOp;

  it("marks rows with queued edits 'pending' and refused ones with the first refusal's reason", () => {
    const states = listingSyncStates(
      [op('1', 'vehicle_listings', 'a', 5), op('2', 'bookmarks', 'b', 6), op('3', 'vehicle_listings', 'c', 7)],
      [parked('p2', 'c', 4, 'Second'), parked('p1', 'c', 3, 'Price refused: confirm it.'), parked('p3', 'd', 1, null)],
    );
    expect(states.get('a')).toEqual({ state: 'pending' });
    expect(states.has('b')).toBe(false);
    expect(states.get('c')).toEqual({ state: 'refused', message: 'Price refused: confirm it.', opId: 'p1' });
    expect(states.get('d')).toEqual({ state: 'refused', message: 'The server refused this change.', opId: 'p3' });
  });
});
