// @vitest-environment jsdom
// Issue 34: Value my car refuses a model and year that never existed, and says when the model was sold.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { db } from '@/data/db';
import { brandRow, listingRow, modelRow } from '@/data/testing/fixtures';
import { withFreshStore } from '@/data/testing/fresh-store';
import { ValuationScreen } from './valuation-screen';

withFreshStore();
beforeEach(async () => {
  // jsdom lays nothing out; the screen scrolls its answer into view on a phone.
  Element.prototype.scrollIntoView = () => {};
  await db.brands.put(brandRow({ id: 'ford', name: 'Ford' }));
  await db.car_models.put(
    modelRow({
      id: 'puma',
      brand_id: 'ford',
      name: 'Puma',
      production_years: [
        [1997, 2002],
        [2019, null],
      ],
    }),
  );
});

async function fill(year: string) {
  render(
    <MemoryRouter>
      <ValuationScreen now={new Date('2026-11-01T09:00:00Z')} />
    </MemoryRouter>,
  );
  const make = await screen.findByLabelText('Make');
  // The makes come from the store's live query (shared with the listing cards): listed once it has answered.
  await screen.findByRole('option', { name: 'Ford' });
  fireEvent.change(make, { target: { value: 'ford' } });
  fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'puma' } });
  fireEvent.change(screen.getByLabelText(/Year or plate/), { target: { value: year } });
  fireEvent.change(screen.getByLabelText(/Mileage/), { target: { value: '40000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Value my car' }));
}

describe('ValuationScreen', () => {
  it('refuses a 2012 Ford Puma and says when the Puma was sold', async () => {
    await fill('2012');
    expect(
      await screen.findByText('The Ford Puma was not made in 2012: it was sold from 1997 to 2002 and from 2019.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '2012 Ford Puma' })).toBeNull();
  });

  it('values a year the model was made, and hints its mileage at the default 8,000 a year', async () => {
    await fill('2021');
    await waitFor(() => expect(screen.getByRole('heading', { name: '2021 Ford Puma' })).toBeTruthy());
    expect(screen.getByText(/A 2021 car at 8,000 miles a year has done about 44,000\./)).toBeTruthy();
    expect(screen.getByText(/The Ford Puma was sold from 1997 to 2002 and from 2019\./)).toBeTruthy();
  });
});

describe('ValuationScreen comparables (issue 32)', () => {
  const comparable = (i: number) => ({
    id: `c${i}`,
    car_model_id: 'puma',
    year: 2021,
    mileage: 36_000 + i * 1_000,
    price: 15_000 + i * 100,
    condition: 'used' as const,
  });
  afterEach(() => vi.unstubAllGlobals());

  it("values from the server's comparables when online", async () => {
    const asked: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      asked.push([url, JSON.parse(String(init.body))]);
      return Promise.resolve(new Response(JSON.stringify(Array.from({ length: 6 }, (_, i) => comparable(i)))));
    });
    await fill('2021');
    expect((await screen.findByTestId('valuation-count')).textContent).toBe('Based on 6 similar cars for sale.');
    expect(asked).toEqual([
      [
        expect.stringMatching(/\/rest\/v1\/rpc\/listing_comparables$/),
        { car_model: 'puma', car_year: 2021, car_mileage: 40000 },
      ],
    ]);
    expect(screen.queryByTestId('valuation-offline')).toBeNull();
  });

  it('values from the cars saved on this phone when the server cannot be reached, and says so', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await db.vehicle_listings.bulkPut(
      Array.from({ length: 5 }, (_, i) => listingRow({ ...comparable(i), brand_id: 'ford', status: 'active' })),
    );
    await fill('2021');
    expect((await screen.findByTestId('valuation-count')).textContent).toBe(
      'Based on 5 similar cars saved on this phone.',
    );
    expect(screen.getByTestId('valuation-offline').textContent).toMatch(/offline/);
  });
});
