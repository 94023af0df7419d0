// The early view's card pictures: drawn after the cards are on screen, a few per task, and only for the cards near
// the viewport, as the app's cards draw theirs (CarImage's whenNear, 600 px): a page of 20 drawings is 200-250 ms
// of main thread at 4x CPU, taken from the app's own start, and the app replaces the early cards anyway. A card
// scrolled near before the app takes over is drawn then.
import { CAR_ART_SHARED_DEFS, CAR_ART_SHARED_DEFS_ID } from '@/entities/car/components/car-art';
import { cardDrawing, type EarlyCardRow } from './marketplace-view';

/** How far outside the viewport a picture is drawn (CarImage's NEAR_MARGIN). */
export const NEAR_PX = 600;

const isNear = (box: Element, win: Window) => {
  const r = box.getBoundingClientRect();
  return r.bottom >= -NEAR_PX && r.top <= win.innerHeight + NEAR_PX;
};

/**
 * Fills the early view's empty picture boxes near the viewport, a few per task (a page of drawings in one task is a
 * long task on a phone), then the others as they come near, until done or the app has replaced the grid.
 */
export async function drawEarlyPictures(doc: Document, grid: Element, rows: EarlyCardRow[], perTask = 2) {
  if (!doc.getElementById(CAR_ART_SHARED_DEFS_ID)) doc.body.insertAdjacentHTML('afterbegin', CAR_ART_SHARED_DEFS);
  const win = doc.defaultView ?? window;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const draw = (box: HTMLElement) => {
    const row = byId.get(box.closest('[data-listing-id]')?.getAttribute('data-listing-id') ?? '');
    if (row && !box.firstChild) box.innerHTML = cardDrawing(row);
  };
  const boxes = [...grid.querySelectorAll<HTMLElement>('[data-listing-id] span.cat-img')];
  const near = boxes.filter((box) => isNear(box, win));
  for (let i = 0; i < near.length && grid.isConnected; i += perTask) {
    near.slice(i, i + perTask).forEach(draw);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const later = boxes.filter((box) => !near.includes(box));
  if (!later.length || !grid.isConnected || typeof IntersectionObserver === 'undefined') return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!grid.isConnected) return observer.disconnect();
      for (const e of entries)
        if (e.isIntersecting) {
          observer.unobserve(e.target);
          draw(e.target as HTMLElement);
        }
    },
    { rootMargin: `${NEAR_PX}px` },
  );
  later.forEach((box) => observer.observe(box));
}
