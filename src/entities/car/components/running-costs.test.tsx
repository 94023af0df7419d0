// @vitest-environment jsdom
// Issue 34: a plug-in hybrid's running costs split its miles between electricity and petrol rather than
// trusting its weighted mpg, and its economy label shows the electric range that explains that mpg.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { modelRow } from '@/data/testing/fixtures';
import { economyLabel } from './model-card';
import { RunningCosts } from './running-costs';

const kuga = {
  fuel: 'plugin_hybrid' as const,
  co2: 32,
  listPrice: 36_000,
  firstRegistered: '2022-05-01',
  mpg: 201.8,
  miPerKwh: 2.76,
  evRangeMiles: 35,
  insuranceGroup: 20,
  used: true,
};

afterEach(cleanup);

describe('RunningCosts for a plug-in hybrid', () => {
  it('costs fuel and electricity and notes the planned per-mile charge at the default 8,000 miles', () => {
    render(<RunningCosts {...kuga} />);
    expect(screen.getByText('Fuel and electricity a year')).toBeTruthy();
    expect(screen.getByText(/on petrol alone/)).toBeTruthy();
    expect(screen.getByText(/A per-mile charge of 1.5p is planned from April 2028: about £120 a year/)).toBeTruthy();
    expect((screen.getByLabelText('Miles you drive a year') as HTMLInputElement).value).toBe('8000');
  });

  it('leaves petrol cars without the per-mile charge', () => {
    render(<RunningCosts {...kuga} fuel="petrol" mpg={45} evRangeMiles={null} />);
    expect(screen.getByText('Fuel a year')).toBeTruthy();
    expect(screen.queryByText(/per-mile charge/)).toBeNull();
  });
});

describe('economyLabel', () => {
  it('shows a plug-in hybrid’s electric range beside its weighted mpg', () => {
    const phev = modelRow({ id: 'kuga', fuel_type: 'plugin_hybrid', mpg: 201.8, ev_range_miles: 35 });
    expect(economyLabel(phev)).toBe('201.8 mpg weighted, 35 miles electric');
    expect(economyLabel(modelRow({ id: 'prius', fuel_type: 'hybrid', mpg: 62.8 }))).toBe('62.8 mpg');
  });
});
