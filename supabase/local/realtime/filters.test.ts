import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from './filters';

describe('postgres_changes filters', () => {
  const row = { id: 'a1', user_id: 'u-1', price: 20000, title: 'Golf, GTI', data: { x: 1 } };

  it('matches eq / neq / lt / lte / gt / gte numerically when both sides are numbers', () => {
    expect(matchesFilter(parseFilter('user_id=eq.u-1'), row)).toBe(true);
    expect(matchesFilter(parseFilter('user_id=neq.u-1'), row)).toBe(false);
    expect(matchesFilter(parseFilter('price=lt.100000'), row)).toBe(true);
    expect(matchesFilter(parseFilter('price=lte.20000'), row)).toBe(true);
    expect(matchesFilter(parseFilter('price=gt.9999'), row)).toBe(true);
    expect(matchesFilter(parseFilter('price=gte.20001'), row)).toBe(false);
  });

  it('parses in lists with quotes', () => {
    expect(matchesFilter(parseFilter('title=in.(Polo,"Golf, GTI")'), row)).toBe(true);
    expect(matchesFilter(parseFilter('user_id=in.(u-2,u-3)'), row)).toBe(false);
  });

  it('never matches a column the row does not carry', () => {
    expect(matchesFilter(parseFilter('dealer_id=eq.x'), row)).toBe(false);
  });

  it('rejects malformed filters', () => {
    expect(() => parseFilter('user_id')).toThrow();
    expect(() => parseFilter('user_id=like.x')).toThrow();
    expect(() => parseFilter('user_id=in.x')).toThrow();
  });
});
