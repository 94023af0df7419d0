import { describe, expect, it } from 'vitest';
import { countVisit, ENGAGEMENT_KEY, noteBookmarked, readEngagement } from './engagement';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('issue 34: engagement for the install prompt', () => {
  it('counts a visit once per browser session, and a new session as the next visit', () => {
    const local = memory();
    const first = memory();
    expect(countVisit(local, first)).toEqual({ visits: 1, bookmarked: false });
    expect(countVisit(local, first)).toEqual({ visits: 1, bookmarked: false }); // a reload, same session
    expect(countVisit(local, memory())).toEqual({ visits: 2, bookmarked: false });
  });

  it('remembers a bookmark', () => {
    const local = memory();
    noteBookmarked(local);
    expect(readEngagement(local)).toEqual({ visits: 0, bookmarked: true });
  });

  it('reads junk as no engagement', () => {
    const local = memory();
    local.setItem(ENGAGEMENT_KEY, '{not json');
    expect(readEngagement(local)).toEqual({ visits: 0, bookmarked: false });
    local.setItem(ENGAGEMENT_KEY, JSON.stringify({ visits: -3, bookmarked: 'yes' }));
    expect(readEngagement(local)).toEqual({ visits: 0, bookmarked: false });
    expect(readEngagement(null)).toEqual({ visits: 0, bookmarked: false });
  });
});
