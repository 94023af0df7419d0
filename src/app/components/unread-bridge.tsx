// Loaded lazily once signed in, so Dexie stays out of the first-paint bundle: mirrors the live unread
// count from the local store into the shell's tiny store that the bell reads, and toasts new arrivals;
// and whether the user belongs to a dealer, for the header's Dealer Hub link.
import { useEffect } from 'react';
import { useIsDealerMember } from '@/data/leads';
import { useUnreadNotificationCount } from '@/data/notifications';
import { useLiveNotificationToasts } from '@/features/notifications';
import { setIsDealer, setUnreadCount } from '../shell-store';

export default function UnreadBridge() {
  const count = useUnreadNotificationCount();
  const isDealer = useIsDealerMember();
  useLiveNotificationToasts();
  useEffect(() => {
    setUnreadCount(count);
    return () => setUnreadCount(0);
  }, [count]);
  useEffect(() => {
    setIsDealer(isDealer);
    return () => setIsDealer(false);
  }, [isDealer]);
  return null;
}
