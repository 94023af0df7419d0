// @vitest-environment jsdom
// Issue 33: a dealer's Storage photo wins over the drawing (no Illustration tag) with srcset, lazy loading and
// the drawing's fixed box; a photo that fails (still uploading) shows the drawing and is asked for again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { CarImage } from './car-image';
import { listingGallerySlides } from './gallery-slides';

const PATH = 'd0000000-0000-4000-8000-000000000001/l0000000-0000-4000-8000-000000000002/a1.jpg';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CarImage with a Storage photo', () => {
  it('draws the photo from its resized variants, lazily, in the fixed box, untagged', () => {
    const { container } = render(<CarImage bodyStyle="suv" colour="Red" alt="A red SUV" labelled photo={PATH} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(
      /\/storage\/v1\/render\/image\/public\/listing-photos\/.+a1\.jpg\?width=640$/,
    );
    expect(img.getAttribute('srcset')).toMatch(/\?width=320 320w, .+\?width=640 640w, .+\?width=1280 1280w$/);
    expect(img.getAttribute('sizes')).toContain('100vw');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '240']);
    expect(img.getAttribute('alt')).toBe('A red SUV');
    expect(container.querySelector('.car-art-tag')).toBeNull();
  });

  it('shows the drawing while a photo cannot load, then asks for it again', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = render(<CarImage bodyStyle="suv" colour="Red" alt="A red SUV" labelled photo={PATH} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img[data-photo]')).toBeNull();
    expect(container.querySelector('.car-art-tag')?.textContent).toBe('Illustration');
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    const again = container.querySelector('img[data-photo]');
    expect(again?.getAttribute('src')).toMatch(/width=640&attempt=1$/);
  });
});

describe('listingGallerySlides', () => {
  it("gives the dealer's photos in order, each with a drawn view to fall back to", () => {
    const slides = listingGallerySlides({ image_seed: 3, photos: [PATH, PATH.replace('a1', 'b2')] });
    expect(slides.map((s) => [s.photo, s.label])).toEqual([
      [PATH, 'photo 1 of 2'],
      [PATH.replace('a1', 'b2'), 'photo 2 of 2'],
    ]);
    expect(slides[0].photoUrl).toMatch(/width=1280$/);
    expect(slides[0].view).toBeTruthy();
  });
  it('gives the drawn views when there are no photos', () => {
    const slides = listingGallerySlides({ image_seed: 3, photos: [] });
    expect(slides.length).toBeGreaterThan(1);
    expect(slides.every((s) => s.photo === null && s.photoUrl === null)).toBe(true);
  });
});
