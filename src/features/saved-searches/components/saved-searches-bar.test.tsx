// @vitest-environment jsdom
// The marketplace's saved-search strip: signed out it offers sign-in and runs no saved-search query (that
// query reads the newest 500 listings on every listing change); signed in it shows the user's searches.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SavedSearchView } from '@/data';

const useSavedSearches = vi.fn<() => SavedSearchView[] | undefined>(() => []);
vi.mock('@/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/data')>()),
  useSavedSearches: () => useSavedSearches(),
}));

const { SavedSearchesBar } = await import('./saved-searches-bar');

afterEach(() => {
  cleanup();
  useSavedSearches.mockClear();
});

describe('SavedSearchesBar', () => {
  it('signed out: offers sign-in back to this search, and reads no saved searches', () => {
    render(
      <MemoryRouter initialEntries={['/marketplace?make=ford']}>
        <SavedSearchesBar signedIn={false} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Sign in to save this search' });
    expect(link.getAttribute('href')).toMatch(/^\/auth\?redirect=/);
    expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('redirect')).toBe(
      '/marketplace?make=ford',
    );
    expect(useSavedSearches).not.toHaveBeenCalled();
  });

  it("signed in: the user's saved searches, with what is new since each was opened", () => {
    useSavedSearches.mockReturnValue([
      {
        id: 's1',
        name: 'Family SUVs',
        newCount: 3,
        filters: { query: 'body=suv' },
      } as unknown as SavedSearchView,
    ]);
    render(
      <MemoryRouter initialEntries={['/marketplace']}>
        <SavedSearchesBar signedIn />
      </MemoryRouter>,
    );
    expect(useSavedSearches).toHaveBeenCalled();
    const chips = screen.getByRole('list', { name: 'Saved searches' });
    expect(chips.textContent).toContain('Family SUVs');
  });
});
