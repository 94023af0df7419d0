// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { PriceHistoryRow } from '@/data/catalogue';
import { PriceHistoryChart } from './price-history-chart';

const row = (price: number, changed_at: string): PriceHistoryRow =>
  ({ id: changed_at, vehicle_listing_id: 'l1', price, changed_at }) as PriceHistoryRow;

describe('PriceHistoryChart', () => {
  afterEach(cleanup);

  it('says in words that the price never changed, instead of a flat chart', () => {
    render(<PriceHistoryChart history={[row(12_995, '2026-09-14T10:00:00Z')]} current={12_995} />);
    expect(screen.getByTestId('price-unchanged').textContent).toBe(
      'No price changes since listed on 14 September 2026',
    );
    expect(document.querySelector('svg')).toBeNull();
  });

  it('draws the chart once the price has moved', () => {
    const history = [row(13_495, '2026-09-14T10:00:00Z'), row(12_995, '2026-10-01T10:00:00Z')];
    render(<PriceHistoryChart history={history} current={12_995} now={new Date('2026-11-01T00:00:00Z')} />);
    expect(screen.queryByTestId('price-unchanged')).toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/1 change/);
  });
});
