import { describe, expect, it } from 'vitest';
import type { RecommendationCard } from '@/data/personalisation';
import { brandRow, modelRow } from '@/data/testing/fixtures';
import { modelMarketplaceHref, onePerModel, usedCarsLabel } from './model-links';

const ford = brandRow({ id: 'b-ford', name: 'Ford', slug: 'ford' });
const card = (id: string, name: string, score: number): RecommendationCard => ({
  rowId: `row-${id}-${score}`,
  model: modelRow({ id, name, brand_id: ford.id }),
  brand: ford,
  score,
  reasons: [],
});

describe('recommendation cards', () => {
  it('keeps one card per model, the best-ranked one, by id and by brand and name', () => {
    const cards = [
      card('puma', 'Puma', 90),
      card('kuga', 'Kuga', 85),
      card('puma', 'Puma', 80),
      card('puma-2', 'Puma ', 75),
      card('puma-gen-e', 'Puma Gen-E', 70),
    ];
    expect(onePerModel(cards).map((c) => `${c.model.id}:${c.score}`)).toEqual(['puma:90', 'kuga:85', 'puma-gen-e:70']);
  });

  it('links to the marketplace filtered to the model, with its count in plain English', () => {
    expect(modelMarketplaceHref('ford', 'puma')).toBe('/marketplace?make=ford&model=puma');
    expect(usedCarsLabel(14, 'Ford Puma')).toBe('See 14 used Ford Pumas');
    expect(usedCarsLabel(1, 'Ford Puma')).toBe('See 1 used Ford Puma');
    expect(usedCarsLabel(2, 'Ford Focus')).toBe('See 2 used Ford Focus cars');
    expect(usedCarsLabel(14, 'Toyota Aygo X')).toBe('See 14 used Toyota Aygo X cars');
    expect(usedCarsLabel(1200, 'Kia EV6')).toBe('See 1,200 used Kia EV6 cars');
    expect(usedCarsLabel(0, 'Ford Puma')).toBeNull();
  });
});
