// Whether the signed-in user belongs to a dealer (dealer_members, pulled with the user's rows): the
// header shows the Dealer Hub link only to members.
import { useLiveQuery } from './use-live-query';
import { db, type MotorlyDb } from '../db';
import { STATE_KEYS } from '../sync-state';

export async function isDealerMember(store: MotorlyDb): Promise<boolean> {
  // Both reads at once: inside a live query, a read made after awaiting another is not observed.
  const [user, members] = await Promise.all([store.sync_state.get(STATE_KEYS.user), store.dealer_members.toArray()]);
  const userId = user?.value as string | null | undefined;
  return !!userId && members.some((m) => m.user_id === userId);
}

export function useIsDealerMember(): boolean {
  return useLiveQuery(() => isDealerMember(db), []) ?? false;
}
