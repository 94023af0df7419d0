// Issue 36: every body style has its own silhouette, and a model's own figures shape it. The side views are
// rasterised (car-raster.ts, no browser) and compared as bitmaps.
import { describe, expect, it } from 'vitest';
import { carDrawing } from './car-art';
import { SILHOUETTE_BODY, SILHOUETTES, type Silhouette } from './car-shape';
import { bounds, iou, rasterise } from './car-raster';

const sideBitmap = (silhouette: Silhouette, model?: Parameters<typeof carDrawing>[0]['model']) =>
  rasterise(
    carDrawing({
      bodyStyle: SILHOUETTE_BODY[silhouette],
      silhouette,
      model,
      colour: 'Red',
      brand: 'Ford',
      view: 'side',
    }),
  );

describe('issue 36: car silhouettes', () => {
  it('rasterises the side view into a car-sized silhouette standing on the ground', () => {
    const bm = sideBitmap('hatchback');
    const box = bounds(bm);
    expect(box.right - box.left).toBeGreaterThan(200);
    expect(box.bottom).toBeGreaterThanOrEqual(198);
    expect(box.bottom).toBeLessThanOrEqual(201);
    expect(box.top).toBeGreaterThan(60);
  });

  it('gives every pair of body styles different side silhouettes (IoU below 0.85)', () => {
    const bitmaps = SILHOUETTES.map((s) => sideBitmap(s));
    const pairs: string[] = [];
    for (let i = 0; i < SILHOUETTES.length; i++)
      for (let j = i + 1; j < SILHOUETTES.length; j++) {
        const overlap = iou(bitmaps[i], bitmaps[j]);
        if (overlap >= 0.85) pairs.push(`${SILHOUETTES[i]}/${SILHOUETTES[j]} ${overlap.toFixed(3)}`);
      }
    expect(pairs).toEqual([]);
  });

  it('draws a longer, lower model of one body style with a longer, lower silhouette', () => {
    const model = (length_mm: number, height_mm: number) =>
      ({
        body_style: 'sedan',
        length_mm,
        height_mm,
        seats: 5,
        doors: 4,
        boot_litres: 450,
        fuel_type: 'petrol',
        price_from: 40000,
        power_bhp: 180,
        name: 'Test',
      }) as const;
    const short = bounds(sideBitmap('saloon', model(4600, 1490)));
    const long = bounds(sideBitmap('saloon', model(5000, 1380)));
    const [shortLength, longLength] = [short.right - short.left, long.right - long.left];
    const [shortHeight, longHeight] = [short.bottom - short.top, long.bottom - long.top];
    expect(longLength).toBeGreaterThan(shortLength + 10);
    expect(longHeight).toBeLessThan(shortHeight - 2);
    expect(longHeight / longLength).toBeLessThan((shortHeight / shortLength) * 0.9);
  });

  it('puts the wheels where the wheelbase says: a longer wheelbase moves the axles apart', () => {
    const model = (wheelbase_mm: number) =>
      ({
        body_style: 'hatchback',
        length_mm: 4300,
        height_mm: 1450,
        wheelbase_mm,
        seats: 5,
        doors: 5,
        boot_litres: 380,
        fuel_type: 'petrol',
        price_from: 25000,
        power_bhp: 130,
        name: 'Test',
      }) as const;
    const hubs = (svg: string) =>
      [...svg.matchAll(/<circle cx="([\d.]+)" cy="[\d.]+" r="[\d.]+" fill="#1f2226"/g)].map((m) => Number(m[1]));
    const draw = (wb: number) => carDrawing({ bodyStyle: 'hatchback', model: model(wb), colour: 'Blue', view: 'side' });
    const [r1, f1] = hubs(draw(2550));
    const [r2, f2] = hubs(draw(2750));
    expect(f2 - r2).toBeGreaterThan(f1 - r1 + 8);
  });
});
