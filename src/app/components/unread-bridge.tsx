// Loaded lazily once signed in, so Dexie stays out of the first-paint bundle: mirrors the live unread
// count from the local store into the shell's tiny store that the bell reads.
import { useEffect } from 'react';
import { useUnreadNotificationCount } from '@/data';
import { setUnreadCount } from '../shell-store';

export default function UnreadBridge() {
  const count = useUnreadNotificationCount();
  useEffect(() => {
    setUnreadCount(count);
    return () => setUnreadCount(0);
  }, [count]);
  return null;
}
