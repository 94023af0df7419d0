// The realtime changes the leader writes into the local store, newest first, as they arrive (for the
// tech demo). Only changes after the hook mounts are shown: realtime has no history.
import { useEffect, useState } from 'react';
import type { RealtimeNotice } from './channels';
import { onRealtimeNotice } from './page-status';

export function useRealtimeNotices(limit = 30): RealtimeNotice[] {
  const [notices, setNotices] = useState<RealtimeNotice[]>([]);
  useEffect(() => onRealtimeNotice((notice) => setNotices((list) => [notice, ...list].slice(0, limit))), [limit]);
  return notices;
}
