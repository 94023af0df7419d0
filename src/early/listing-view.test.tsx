// @vitest-environment jsdom
// The page a shared listing link draws before the app runs must be the DOM the app's first render puts in
// its place: any difference would blink or shift when the app takes over.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ListingLayout } from '@/entities/car/components/listing-layout';
import { earlyListingParts, type EarlyListingParts } from './listing-parts';
import { listingEarlyView } from './listing-view';

/** A Data API answer's row as the head script receives it (listing-request.ts), trimmed to what matters. */
const row = {
  id: '920ee558-b744-5e62-ac34-2863bd074331',
  title: '2023 Peugeot 208 1.2 PureTech 100 GT',
  condition: 'used',
  year: 2023,
  mileage: 12345,
  fuel_type: 'petrol',
  gearbox: 'manual',
  colour: 'Vertigo Blue',
  body_style: 'hatchback',
  image_seed: 7,
  price: 15995,
  brand: { id: 'b1', name: 'Peugeot', slug: 'peugeot' },
  car_model: {
    id: 'm1',
    name: '208',
    body_style: 'hatchback',
    length_mm: 4055,
    height_mm: 1430,
    seats: 5,
    doors: 5,
    boot_litres: 311,
    fuel_type: 'petrol',
    price_from: 19000,
    power_bhp: 100,
    reviews: [],
  },
};

/** A comparable copy: the early view's marker off, adjacent text nodes merged (React splits " › "). */
function comparable(node: Element): Element {
  const copy = node.cloneNode(true) as Element;
  copy.removeAttribute('data-early-view');
  copy.normalize();
  return copy;
}

function appRender(parts: EarlyListingParts): Element {
  const { container } = render(
    <MemoryRouter>
      <ListingLayout listing={parts.listing} brand={parts.brand} model={parts.model} />
    </MemoryRouter>,
  );
  return container.firstElementChild!;
}

describe('listing early view', () => {
  it("is the DOM of the app's first render of the same listing (ListingLayout with no slots)", () => {
    const parts = earlyListingParts(row)!;
    const early = listingEarlyView(document, parts);
    const app = appRender(parts);
    expect(early.dataset.earlyView).toBe('');
    expect(comparable(early).isEqualNode(comparable(app))).toBe(true);
    expect(early.querySelector('h1')?.textContent).toBe(row.title);
    expect(early.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('without a brand, as the app renders it then too', () => {
    const parts = earlyListingParts({ ...row, brand: null, car_model: [] })!;
    expect(parts.brand).toBeNull();
    expect(parts.model).toBeNull();
    expect(comparable(listingEarlyView(document, parts)).isEqualNode(comparable(appRender(parts)))).toBe(true);
  });

  it('takes the embedded rows as objects or one-row arrays, and refuses a row without what the top shows', () => {
    const asArrays = earlyListingParts({ ...row, brand: [row.brand], car_model: [row.car_model] })!;
    expect(asArrays.brand).toEqual({ name: 'Peugeot', slug: 'peugeot' });
    expect(asArrays.model?.name).toBe('208');
    expect(earlyListingParts(null)).toBeNull();
    expect(earlyListingParts({ ...row, title: undefined })).toBeNull();
    expect(earlyListingParts({ ...row, year: '2023' })).toBeNull();
    expect(earlyListingParts({ ...row, gearbox: 'cvt' })).toBeNull();
  });
});
