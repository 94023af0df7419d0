// @vitest-environment jsdom
// The price editor sends the server's confirmation flag only after the dealer said yes to a dialog that
// states the old and new price and the cut; a plain price goes out unflagged; a silly one goes nowhere.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { VehicleListing } from '@/data/types';
import { PriceEditor } from './price-editor';

const updatePrice = vi.fn(async () => undefined);
vi.mock('@/data/leads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/data/leads')>()),
  useDealerListingWrites: () => ({ updatePrice, setStatus: vi.fn() }),
}));

const listing = { id: 'l1', title: '2020 Ford Fiesta', price: 20_000, status: 'active' } as VehicleListing;

function typePrice(value: string) {
  render(<PriceEditor listing={listing} />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit price of 2020 Ford Fiesta' }));
  fireEvent.change(screen.getByLabelText('New price for 2020 Ford Fiesta, in pounds'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

afterEach(() => {
  cleanup();
  updatePrice.mockClear();
});

describe('PriceEditor', () => {
  it('refuses £1 with the range message and sends nothing', async () => {
    typePrice('1');
    expect((await screen.findByRole('alert')).textContent).toBe('The price must be between £100 and £5,000,000.');
    expect(updatePrice).not.toHaveBeenCalled();
  });

  it('sends a cut of 30% or less at once, without the flag', async () => {
    typePrice('£14,000');
    await vi.waitFor(() => expect(updatePrice).toHaveBeenCalledWith('l1', 14_000, false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first for a 40% cut, sends nothing on "No" and the confirmed price on "Yes"', async () => {
    typePrice('12000');
    expect((await screen.findByTestId('price-confirm-text')).textContent).toContain(
      '2020 Ford Fiesta: from £20,000 to £12,000, a cut of 40%.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByTestId('price-confirm-text')).toBeNull();
    expect(updatePrice).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, set £12,000' }));
    await vi.waitFor(() => expect(updatePrice).toHaveBeenCalledWith('l1', 12_000, true));
  });

  it('asks first for a price under £500 even without a big cut', async () => {
    typePrice('450');
    expect((await screen.findByTestId('price-confirm-text')).textContent).toContain('That is under £500.');
  });
});
