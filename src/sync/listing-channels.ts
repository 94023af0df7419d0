// Realtime for listings, scoped (issue 32): the device follows changes to the listings it holds, by id
// (`id=in.(...)`, at most 100 ids a channel), and to its offline pack's area (`outcode=in.(...)`), never
// the whole table. The held set changes as the user bookmarks, opens or enquires about cars and as the
// pack downloads; update() then closes the channels no longer needed and opens the missing ones, keeping
// the rest (a new bookmark adds one small channel; the set is re-chunked when channels get fragmented).
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { milesBetween } from '@/domain/uk/distance';
import { chunked, ID_CHUNK } from './held-listings-pull';
import { syncError, type SyncErrorEvent } from './sync-errors';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

/** What the device holds, as realtime follows it. */
export interface HeldListings {
  /** Pinned listing ids: followed by id. */
  ids: readonly string[];
  /** The offline pack's listing ids: followed through the area's channel. */
  packIds: ReadonlySet<string>;
  /** The offline pack's area (null: no pack). */
  area: { outcodes: readonly string[]; centre: { lat: number; lng: number }; radius: number } | null;
}

export interface ListingChannelOptions {
  client: SupabaseClient;
  /** Writes a change into the local store (realtime.ts changeApplier). */
  apply(change: Change): void;
  /** A channel (re)subscribed: changes may have been missed meanwhile, so the engine catches up. */
  onSubscribed(): void;
  onError(event: SyncErrorEvent): void;
}

interface Followed {
  key: string;
  channel: RealtimeChannel;
  ids: ReadonlySet<string>;
}

/** Whether an area change concerns this device: a held listing, or an unsold one within the pack's radius. */
export function areaChangeWanted(change: Change, held: HeldListings, pinned: ReadonlySet<string>): boolean {
  const row = (change.eventType === 'DELETE' ? change.old : change.new) as Record<string, unknown>;
  if (typeof row.id === 'string' && (pinned.has(row.id) || held.packIds.has(row.id))) return true;
  const { area } = held;
  if (!area || change.eventType === 'DELETE') return false;
  const { lat, lng, status } = row;
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    status !== 'sold' &&
    milesBetween(area.centre, { lat, lng }) <= area.radius
  );
}

export class ListingChannels {
  private byId: Followed[] = [];
  private area: Followed | null = null;
  private held: HeldListings = { ids: [], packIds: new Set(), area: null };
  private heldIds = new Set<string>();

  constructor(private readonly opts: ListingChannelOptions) {}

  /** The channels' filters, for tests and diagnostics. */
  filters(): string[] {
    return [...this.byId, ...(this.area ? [this.area] : [])].map((f) => f.key);
  }

  async update(held: HeldListings): Promise<void> {
    this.held = held;
    this.heldIds = new Set(held.ids);
    await this.updateIds();
    await this.updateArea();
  }

  async close(): Promise<void> {
    const all = [...this.byId, ...(this.area ? [this.area] : [])];
    this.byId = [];
    this.area = null;
    await Promise.all(all.map((f) => this.opts.client.removeChannel(f.channel)));
  }

  private async updateIds(): Promise<void> {
    const wanted = this.heldIds;
    let keep = this.byId.filter((f) => [...f.ids].every((id) => wanted.has(id)));
    const covered = new Set(keep.flatMap((f) => [...f.ids]));
    const missing = [...wanted].filter((id) => !covered.has(id)).sort();
    // Fragmented (many part-filled channels): one fresh set of full chunks instead.
    if (keep.length + Math.ceil(missing.length / ID_CHUNK) > Math.ceil(wanted.size / ID_CHUNK) + 2) keep = [];
    const dropped = this.byId.filter((f) => !keep.includes(f));
    const fresh = keep.length ? missing : [...wanted].sort();
    this.byId = [...keep, ...chunked(fresh).map((ids) => this.open(`id=in.(${ids.join(',')})`, new Set(ids)))];
    await Promise.all(dropped.map((f) => this.opts.client.removeChannel(f.channel)));
  }

  private async updateArea(): Promise<void> {
    const outcodes = this.held.area?.outcodes ?? [];
    const key = outcodes.length ? `outcode=in.(${[...outcodes].sort().join(',')})` : null;
    if (this.area?.key === key) return;
    const old = this.area;
    this.area = key ? this.open(key, new Set(), true) : null;
    if (old) await this.opts.client.removeChannel(old.channel);
  }

  private open(filter: string, ids: ReadonlySet<string>, area = false): Followed {
    const { client } = this.opts;
    const channel = client.channel(`motorly-listings-${crypto.randomUUID().slice(0, 8)}`);
    channel.on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'vehicle_listings', filter },
      (change: Change) => {
        if (!area || areaChangeWanted(change, this.held, this.heldIds)) this.opts.apply(change);
      },
    );
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') this.opts.onSubscribed();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
        this.opts.onError(syncError('realtime', err ?? new Error(`Realtime ${status}`)));
    });
    return { key: filter, channel, ids };
  }
}
