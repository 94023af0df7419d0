import { describe, expect, it } from 'vitest';
import { patchFilters, readSpecFilters, specFilterParams } from './spec-filters';
import { PAGE_SIZE_DEFAULT, readPaging, serializeFilterParams } from './url-params';

describe('filter URLs', () => {
  it('writes the given keys in order, leaves out empty ones, then sort and paging', () => {
    const p = serializeFilterParams(
      [
        ['b', ['x', 'y']],
        ['a', undefined],
        ['c', true],
        ['d', 5],
      ],
      { sort: 'cheap', page: 2, pageSize: 50 },
      'relevance',
    );
    expect(p.toString()).toBe('b=x%2Cy&c=1&d=5&sort=cheap&page=2&size=50');
    expect(
      serializeFilterParams([], { sort: 'relevance', page: 1, pageSize: PAGE_SIZE_DEFAULT }, 'relevance').toString(),
    ).toBe('');
  });

  it('reads paging forgivingly', () => {
    expect(readPaging(new URLSearchParams('page=0&size=5000'))).toEqual({ page: 1, pageSize: 1000 });
    expect(readPaging(new URLSearchParams('page=x'))).toEqual({ page: 1, pageSize: PAGE_SIZE_DEFAULT });
  });

  it('round-trips the shared car filters', () => {
    const f = {
      body: ['suv' as const],
      fuel: ['electric' as const],
      gearbox: 'automatic' as const,
      seatsMin: 7,
      insuranceMax: 20,
      ulez: true,
    };
    const p = serializeFilterParams(specFilterParams(f), { sort: 's', page: 1, pageSize: PAGE_SIZE_DEFAULT }, 's');
    expect(p.toString()).toBe('body=suv&fuel=electric&gearbox=automatic&seats=7&ins_max=20&ulez=1');
    expect(readSpecFilters(p)).toEqual(f);
  });

  it('goes back to page 1 on any change but paging', () => {
    expect(patchFilters({ page: 4, q: 'a' }, { q: 'b' })).toEqual({ page: 1, q: 'b' });
    expect(patchFilters({ page: 4, q: 'a' }, { page: 5 })).toEqual({ page: 5, q: 'a' });
  });
});
