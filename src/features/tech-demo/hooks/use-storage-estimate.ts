import { useEffect, useState } from 'react';

export interface StorageEstimateView {
  usage: number | null;
  quota: number | null;
}

/** navigator.storage.estimate(), refreshed every 5 s (null figures where the browser has no estimate). */
export function useStorageEstimate(): StorageEstimateView | undefined {
  const [value, setValue] = useState<StorageEstimateView>();
  useEffect(() => {
    let live = true;
    const read = async () => {
      try {
        const e = await navigator.storage?.estimate?.();
        if (live) setValue({ usage: e?.usage ?? null, quota: e?.quota ?? null });
      } catch {
        if (live) setValue({ usage: null, quota: null });
      }
    };
    void read();
    const timer = setInterval(() => void read(), 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return value;
}

/** '1.2 MB' (decimal units, as browsers report storage). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = -1;
  do {
    v /= 1000;
    i++;
  } while (v >= 1000 && i < units.length - 1);
  return `${v.toLocaleString('en-GB', { maximumFractionDigits: v < 10 ? 1 : 0 })} ${units[i]}`;
}
