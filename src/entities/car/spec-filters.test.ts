// Issue 34: ?body=saloon and ?body=estate were silently ignored; the body synonyms now read as the styles.
import { describe, expect, it } from 'vitest';
import { savedSearchFiltersFromQuery } from '@/data/catalogue/filters';
import { readSpecFilters } from './spec-filters';

describe('body synonyms in the marketplace URL', () => {
  it('reads saloon/sedan and estate/wagon as the same body styles, in canonical order', () => {
    expect(readSpecFilters(new URLSearchParams('body=saloon')).body).toEqual(['sedan']);
    expect(readSpecFilters(new URLSearchParams('body=sedan')).body).toEqual(['sedan']);
    expect(readSpecFilters(new URLSearchParams('body=estate')).body).toEqual(['wagon']);
    expect(readSpecFilters(new URLSearchParams('body=Estate,saloon,wagon')).body).toEqual(['sedan', 'wagon']);
    expect(readSpecFilters(new URLSearchParams('body=lorry')).body).toEqual([]);
  });

  it('reads the plug-in hybrid fuel', () => {
    expect(readSpecFilters(new URLSearchParams('fuel=plugin_hybrid,hybrid')).fuel).toEqual(['hybrid', 'plugin_hybrid']);
  });

  it('matches saved searches the same way', () => {
    const f = savedSearchFiltersFromQuery('?body=saloon,estate&fuel=plugin_hybrid');
    expect(f.body).toEqual(['sedan', 'wagon']);
    expect(f.fuel).toEqual(['plugin_hybrid']);
  });
});
