import { describe, expect, it } from 'vitest';
import { accountWasDeleted, forgetAccountDeleted, rememberAccountDeleted } from './account-deleted-notice';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('the account-deleted notice', () => {
  it('is there after a deletion until it has been shown', () => {
    const storage = memoryStorage();
    expect(accountWasDeleted(storage)).toBe(false);
    rememberAccountDeleted(storage);
    expect(accountWasDeleted(storage)).toBe(true);
    forgetAccountDeleted(storage);
    expect(accountWasDeleted(storage)).toBe(false);
  });
});
