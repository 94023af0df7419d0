// Loaded lazily once signed in, so Dexie stays out of the first-paint bundle: mirrors the live unread
// count from the local store into the shell's tiny store that the bell reads, and toasts new arrivals.
import { useEffect } from 'react';
import { useUnreadNotificationCount } from '@/data';
import { useLiveNotificationToasts } from '@/features/notifications';
import { setUnreadCount } from '../shell-store';

export default function UnreadBridge() {
  const count = useUnreadNotificationCount();
  useLiveNotificationToasts();
  useEffect(() => {
    setUnreadCount(count);
    return () => setUnreadCount(0);
  }, [count]);
  return null;
}
