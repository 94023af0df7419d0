// @vitest-environment jsdom
// The listing page's first screenful comes first: the panels under the key facts mount in later commits,
// one drawn frame apart, so the browser never lays out the whole page in one task (Total Blocking Time).
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { generateCatalogue } from '../../../../supabase/seed/catalogue';
import { db } from '@/data/db';
import { withFreshStore } from '@/data/testing/fresh-store';
import { ListingScreen } from './listing-screen';

const cat = generateCatalogue();
const listing = cat.vehicle_listings.find((l) =>
  cat.listing_price_history.some((h) => h.vehicle_listing_id === l.id && h.price !== l.price),
)!;
const model = cat.car_models.find((m) => m.id === listing.car_model_id)!;

withFreshStore();
beforeEach(async () => {
  await db.brands.bulkPut(cat.brands.filter((b) => b.id === listing.brand_id));
  await db.car_models.put(model);
  await db.dealers.bulkPut(cat.dealers.filter((d) => d.id === listing.dealer_id));
  await db.vehicle_listings.put(listing);
  await db.listing_price_history.bulkPut(cat.listing_price_history.filter((h) => h.vehicle_listing_id === listing.id));
});

/** Which parts of the page each commit left in the DOM (a MutationObserver batch per commit). */
function watchCommits(root: HTMLElement) {
  const commits: {
    price: boolean;
    facts: boolean;
    thumbsDrawn: boolean;
    history: boolean;
    costs: boolean;
    finance: boolean;
  }[] = [];
  const observer = new MutationObserver(() =>
    commits.push({
      price: !!root.querySelector('[data-testid="listing-price"]'),
      facts: !!root.querySelector('#facts-h'),
      thumbsDrawn: !!root.querySelector('.cat-thumb svg'),
      history: !!root.querySelector('#history-h'),
      costs: /running costs/i.test(root.textContent ?? ''),
      finance: /finance/i.test(root.textContent ?? ''),
    }),
  );
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return { commits, stop: () => observer.disconnect() };
}

describe('ListingScreen', () => {
  it('draws the car, its key facts and the price first; the thumbnails and the panels below them later', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const { commits, stop } = watchCommits(root);
    render(
      <MemoryRouter>
        <ListingScreen listingId={listing.id} />
      </MemoryRouter>,
      { container: root },
    );
    await screen.findByRole('heading', { name: 'Price history' }, { timeout: 10_000 });
    await screen.findByRole('heading', { name: /finance/i }, { timeout: 10_000 });
    stop();
    const first = commits.findIndex((c) => c.price);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(commits[first]).toMatchObject({
      price: true,
      facts: true,
      thumbsDrawn: false,
      history: false,
      costs: false,
      finance: false,
    });
    // The thumbnails' pictures are drawn later too, a few a task, by the draw queue.
    await waitFor(() => expect(root.querySelectorAll('.cat-thumb span.cat-img > svg')).toHaveLength(4));
    const historyAt = commits.findIndex((c) => c.history);
    const costsAt = commits.findIndex((c) => c.costs);
    const financeAt = commits.findIndex((c) => c.finance);
    expect(historyAt).toBeGreaterThan(first);
    expect(costsAt).toBeGreaterThan(historyAt);
    expect(financeAt).toBeGreaterThan(costsAt);
  });
});
