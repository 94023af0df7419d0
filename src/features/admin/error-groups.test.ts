import { describe, expect, it } from 'vitest';
import type { ErrorReport } from '@/data/types';
import { filterReports, groupReports } from './error-groups';

const NOW = Date.parse('2026-11-23T12:00:00Z');
let n = 0;
const report = (message: string, over: Partial<ErrorReport> = {}, count?: number): ErrorReport => ({
  id: `r${++n}`,
  user_id: null,
  message,
  context: { component: 'sync', ...(count ? { metadata: { count } } : {}) },
  severity: 'medium',
  reported_at: new Date(NOW - 60_000).toISOString(),
  resolved: false,
  created_at: '',
  updated_at: '',
  ...over,
});

describe('error groups', () => {
  it('group identical messages, counting coalesced bursts, most frequent first', () => {
    const groups = groupReports([report('a'), report('b', {}, 5), report('a', { severity: 'high' })]);
    expect(groups.map((g) => [g.message, g.count, g.worst])).toEqual([
      ['b', 5, 'medium'],
      ['a', 2, 'high'],
    ]);
  });

  it('filter by severity, time, component and resolved', () => {
    const old = report('old', { reported_at: new Date(NOW - 2 * 3_600_000).toISOString() });
    const auth = report('auth', { context: { component: 'auth' }, severity: 'high' });
    const done = report('done', { resolved: true });
    const all = [old, auth, done];
    const base = { severity: 'all', hours: 'all', component: '', showResolved: false } as const;
    expect(filterReports(all, base, NOW).map((r) => r.message)).toEqual(['old', 'auth']);
    expect(filterReports(all, { ...base, hours: '1' }, NOW).map((r) => r.message)).toEqual(['auth']);
    expect(filterReports(all, { ...base, severity: 'medium' }, NOW).map((r) => r.message)).toEqual(['old']);
    expect(filterReports(all, { ...base, component: 'sync', showResolved: true }, NOW).map((r) => r.message)).toEqual([
      'old',
      'done',
    ]);
  });
});
