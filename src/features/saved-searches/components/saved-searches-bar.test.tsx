// @vitest-environment jsdom
// The marketplace's saved-search strip: signed out it offers sign-in and runs no saved-search query (that
// query reads the newest 500 listings on every listing change); signed in it shows the user's searches.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SavedSearchView } from '@/data/saved-searches';

const useSavedSearches = vi.fn<() => SavedSearchView[] | undefined>(() => []);
vi.mock('@/data/saved-searches', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/data/saved-searches')>()),
  useSavedSearches: () => useSavedSearches(),
}));

const fetchCounts = vi.fn<() => Promise<Record<string, { count: number; since: string }>>>(() => Promise.resolve({}));
vi.mock('../api/saved-search-counts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/saved-search-counts')>()),
  fetchSavedSearchNewCounts: () => fetchCounts(),
}));

const notifications = vi.fn<() => { id: string; type: string }[] | undefined>(() => undefined);
vi.mock('@/data/notifications', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/data/notifications')>()),
  useNotifications: () => notifications(),
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

describe('SavedSearchesBar new matches (issue 32)', () => {
  const search = {
    id: 's1',
    name: 'Family SUVs',
    newCount: 1,
    last_viewed_at: '2026-11-20T10:00:00Z',
    filters: { query: 'body=suv' },
  } as unknown as SavedSearchView;

  it("shows the server's count over the whole market, not the device's", async () => {
    useSavedSearches.mockReturnValue([search]);
    fetchCounts.mockResolvedValue({ s1: { count: 12, since: '2026-11-20T10:00:00Z' } });
    render(
      <MemoryRouter initialEntries={['/marketplace']}>
        <SavedSearchesBar signedIn />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByText('12 new since you last looked')).toBeTruthy());
  });

  it("offline, shows the device's count as a lower bound", async () => {
    useSavedSearches.mockReturnValue([search]);
    fetchCounts.mockRejectedValue(new TypeError('Failed to fetch'));
    render(
      <MemoryRouter initialEntries={['/marketplace']}>
        <SavedSearchesBar signedIn />
      </MemoryRouter>,
    );
    await waitFor(() => expect(fetchCounts).toHaveBeenCalled());
    expect(screen.getByText('1+ new since you last looked (offline)')).toBeTruthy();
  });

  it('asks the server again when a new_match notification arrives', async () => {
    useSavedSearches.mockReturnValue([search]);
    fetchCounts.mockClear();
    fetchCounts.mockResolvedValue({ s1: { count: 0, since: '2026-11-20T10:00:00Z' } });
    // a new element each time: React skips re-rendering an identical one
    const view = () => (
      <MemoryRouter initialEntries={['/marketplace']}>
        <SavedSearchesBar signedIn />
      </MemoryRouter>
    );
    const { rerender } = render(view());
    await waitFor(() => expect(fetchCounts).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/new since you last looked/)).toBeNull();
    fetchCounts.mockResolvedValue({ s1: { count: 1, since: '2026-11-20T10:00:00Z' } });
    notifications.mockReturnValue([{ id: 'n1', type: 'new_match' }]);
    rerender(view());
    await waitFor(() => expect(screen.getByText('1 new since you last looked')).toBeTruthy());
    expect(fetchCounts).toHaveBeenCalledTimes(2);
  });
});
