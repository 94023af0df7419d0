import { useEffect, useState } from 'react';

/** SPEC §9: search input is debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
