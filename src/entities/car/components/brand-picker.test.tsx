// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

afterEach(cleanup);
import { BrandPicker, brandMatches, type BrandOption } from './brand-picker';

const OPTIONS: BrandOption[] = [
  { value: 'ford', label: 'Ford', count: 120 },
  { value: 'kia', label: 'Kia', count: 1 },
  { value: 'mercedes-benz', label: 'Mercedes-Benz', count: 1234 },
  { value: 'skoda', label: 'Škoda', count: 40 },
];

function Harness({ multiple }: { multiple: boolean }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <BrandPicker
        legend="Make"
        anyLabel="Any make"
        options={OPTIONS}
        selected={selected}
        multiple={multiple}
        countNoun={['car', 'cars']}
        onChange={setSelected}
      />
      <output data-testid="chosen">{selected.join(',')}</output>
    </>
  );
}

describe('brandMatches', () => {
  it('ignores case, accents and punctuation', () => {
    expect(brandMatches('Mercedes-Benz', 'mercedes benz')).toBe(true);
    expect(brandMatches('Škoda', 'sko')).toBe(true);
    expect(brandMatches('Ford', '')).toBe(true);
    expect(brandMatches('Ford', 'kia')).toBe(false);
  });
});

describe('BrandPicker', () => {
  it('narrows the list as you type, with each count read as cars', () => {
    render(<Harness multiple={false} />);
    expect(screen.getAllByRole('radio')).toHaveLength(5); // "Any make" and four brands
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search makes' }), { target: { value: 'merc' } });
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(1);
    expect(radios[0].closest('label')?.textContent).toBe('Mercedes-Benz 1,234 cars');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByText('No make matches “zzz”.')).toBeTruthy();
  });

  it('says nothing matches only once something is typed (the makes may still be loading)', () => {
    render(
      <BrandPicker
        legend="Make"
        anyLabel="Any make"
        options={[]}
        selected={[]}
        multiple={false}
        countNoun={['car', 'cars']}
        onChange={() => undefined}
      />,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.queryByText(/No make matches/)).toBeNull();
  });

  it('picks the only match on Enter, and one brand at a time', () => {
    render(<Harness multiple={false} />);
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'ki' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('kia');
    expect(screen.getByText('1').textContent).toBe('1 car');
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.click(screen.getByLabelText(/^Ford/));
    expect(screen.getByTestId('chosen').textContent).toBe('ford');
    fireEvent.click(screen.getByLabelText('Any make'));
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('keeps several brands with checkboxes', () => {
    render(<Harness multiple />);
    fireEvent.click(screen.getByLabelText(/^Ford/));
    fireEvent.click(screen.getByLabelText(/^Kia/));
    expect(screen.getByTestId('chosen').textContent).toBe('ford,kia');
    fireEvent.click(screen.getByLabelText(/^Ford/));
    expect(screen.getByTestId('chosen').textContent).toBe('kia');
    expect(screen.queryByLabelText('Any')).toBeNull();
  });
});
