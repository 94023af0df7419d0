// New notifications that arrive while the app is open (realtime -> Dexie -> live query) show a toast
// with their title and message when instant_notifications is on (SPEC §4). Rows already stored, and
// older rows brought by a catch-up pull after sign-in, are not toasted.
import { useEffect, useRef } from 'react';
import { useNotifications } from '@/data/notifications';
import { useNotificationPreferences } from '@/data/preferences';
import { toast } from '@/shared/ui';

/** Rows created this long before the app started listening still count as new (clock skew). */
const SKEW_MS = 60_000;

export function useLiveNotificationToasts(): void {
  const list = useNotifications();
  const prefs = useNotificationPreferences();
  const seen = useRef<Set<string> | null>(null);
  const since = useRef(Date.now() - SKEW_MS);
  const instant = prefs?.preferences.instant_notifications ?? false;

  useEffect(() => {
    if (!list) return;
    if (!seen.current) {
      seen.current = new Set(list.map((n) => n.id));
      return;
    }
    const fresh = list.filter((n) => !seen.current!.has(n.id));
    for (const n of fresh) seen.current.add(n.id);
    if (!instant) return;
    const newest = fresh.find((n) => !n.dismissed_at && Date.parse(n.created_at ?? '') >= since.current);
    // One toast at a time (SPEC §9): the newest arrival.
    if (newest) toast({ title: newest.title, description: newest.message });
  }, [list, instant]);
}
