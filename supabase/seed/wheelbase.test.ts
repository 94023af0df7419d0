// Issue 36: every model carries its published wheelbase, so its pictures put the wheels where the real car has
// them; the figures sit where wheelbases do, between about half and three quarters of the car's length.
import { describe, expect, it } from 'vitest';
import { catalogueParts } from './catalogue';
import { MODEL_WHEELBASES } from './data/wheelbases';

describe('issue 36: model wheelbases', () => {
  const { brands, car_models: models } = catalogueParts().tables;
  const brandName = new Map(brands.map((b) => [b.id, b.name]));

  it('gives every model its wheelbase from the table', () => {
    for (const m of models)
      expect(m.wheelbase_mm, m.name).toBe(MODEL_WHEELBASES[`${brandName.get(m.brand_id)}/${m.name}`]);
    expect(Object.keys(MODEL_WHEELBASES)).toHaveLength(models.length);
  });

  it('keeps each wheelbase in proportion to the length: 52-72% of it, longer on longer cars', () => {
    for (const m of models) {
      const share = (m.wheelbase_mm ?? 0) / (m.length_mm ?? 1);
      expect(share, `${m.name} ${m.wheelbase_mm}/${m.length_mm}`).toBeGreaterThan(0.52);
      expect(share, `${m.name} ${m.wheelbase_mm}/${m.length_mm}`).toBeLessThan(0.72);
    }
    const long = models.filter((m) => (m.length_mm ?? 0) > 4900);
    const short = models.filter((m) => (m.length_mm ?? 0) < 3900);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(long.map((m) => m.wheelbase_mm ?? 0))).toBeGreaterThan(
      mean(short.map((m) => m.wheelbase_mm ?? 0)) + 400,
    );
  });
});
