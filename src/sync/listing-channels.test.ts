// Realtime for listings, scoped: channels by id (at most 100 ids each) and by the pack's outcodes, kept
// when the held set grows, rebuilt when it shrinks, and area changes filtered to the pack's radius.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { ListingChannels, areaChangeWanted, type HeldListings } from './listing-channels';

type Handler = (change: unknown) => void;

function fakeClient() {
  const open = new Map<object, { filter: string; handler: Handler }>();
  const client = {
    channel: () => {
      const ch = {
        on(_type: string, spec: { filter: string }, handler: Handler) {
          open.set(ch, { filter: spec.filter, handler });
          return ch;
        },
        subscribe(cb: (status: string) => void) {
          cb('SUBSCRIBED');
          return ch;
        },
      };
      return ch;
    },
    removeChannel: (ch: object) => {
      open.delete(ch);
      return Promise.resolve('ok');
    },
  };
  return { client: client as unknown as SupabaseClient, open };
}

const ids = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `id-${String(from + i).padStart(4, '0')}`);
const held = (pinned: string[], area: HeldListings['area'] = null): HeldListings => ({
  ids: pinned,
  packIds: new Set(),
  area,
});
const M1 = { lat: 53.4794, lng: -2.2453 };

describe('listing channels', () => {
  it('follows held ids in channels of at most 100, and the area by outcode', async () => {
    const { client, open } = fakeClient();
    const onSubscribed = vi.fn();
    const channels = new ListingChannels({ client, apply: vi.fn(), onSubscribed, onError: vi.fn() });
    await channels.update(held(ids(0, 250), { outcodes: ['M2', 'M1'], centre: M1, radius: 10 }));
    const filters = [...open.values()].map((c) => c.filter);
    expect(filters).toHaveLength(4);
    expect(filters.filter((f) => f.startsWith('id=in.(')).map((f) => f.split(',').length)).toEqual([100, 100, 50]);
    expect(filters).toContain('outcode=in.(M1,M2)');
    expect(onSubscribed).toHaveBeenCalledTimes(4);
  });

  it('keeps the channels it has when a listing is added, and drops the one whose listing went', async () => {
    const { client, open } = fakeClient();
    const channels = new ListingChannels({ client, apply: vi.fn(), onSubscribed: vi.fn(), onError: vi.fn() });
    await channels.update(held(ids(0, 150)));
    const before = new Set(open.keys());
    await channels.update(held(ids(0, 151)));
    expect([...before].every((ch) => open.has(ch))).toBe(true);
    expect(open.size).toBe(3);
    await channels.update(held(ids(1, 151)));
    // The first chunk lost an id: it is closed, and its other 99 ids follow in a new channel.
    const all = [...open.values()].flatMap((c) => c.filter.slice(7, -1).split(','));
    expect(all.sort()).toEqual(ids(1, 151));
    await channels.close();
    expect(open.size).toBe(0);
  });

  it('writes area changes only for held listings or unsold cars within the radius', () => {
    const area = { outcodes: ['M1'], centre: M1, radius: 10 };
    const h: HeldListings = { ids: [], packIds: new Set(['in-pack']), area };
    const change = (row: Record<string, unknown>, eventType = 'UPDATE') => ({ eventType, new: row, old: row }) as never;
    const pinned = new Set(['pinned']);
    expect(areaChangeWanted(change({ id: 'in-pack', lat: 0, lng: 0 }), h, pinned)).toBe(true);
    expect(areaChangeWanted(change({ id: 'pinned', lat: 0, lng: 0 }), h, pinned)).toBe(true);
    expect(areaChangeWanted(change({ id: 'new', ...M1, status: 'active' }, 'INSERT'), h, pinned)).toBe(true);
    expect(areaChangeWanted(change({ id: 'new', ...M1, status: 'sold' }), h, pinned)).toBe(false);
    expect(areaChangeWanted(change({ id: 'far', lat: 54.5, lng: -2.2, status: 'active' }), h, pinned)).toBe(false);
  });

  it('applies a change from an id channel', async () => {
    const { client, open } = fakeClient();
    const apply = vi.fn();
    const channels = new ListingChannels({ client, apply, onSubscribed: vi.fn(), onError: vi.fn() });
    await channels.update(held(['a']));
    const change = { eventType: 'UPDATE', new: { id: 'a', price: 1 }, old: { id: 'a' } };
    [...open.values()][0].handler(change);
    expect(apply).toHaveBeenCalledWith(change);
  });
});
