// @vitest-environment jsdom
// Issue 34: Value my car refuses a model and year that never existed, and says when the model was sold.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { db } from '@/data';
import { brandRow, modelRow } from '@/data/testing/fixtures';
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
