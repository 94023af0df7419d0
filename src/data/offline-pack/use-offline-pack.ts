import { db } from '../db';
import { useLiveQuery } from '../hooks/use-live-query';
import { readPack } from './pack';
import type { OfflinePack } from './types';

/** The offline pack's record as it changes (its progress too); null without a pack, undefined while reading. */
export function useOfflinePack(): OfflinePack | null | undefined {
  return useLiveQuery(async () => (await readPack(db)) ?? null, []);
}
