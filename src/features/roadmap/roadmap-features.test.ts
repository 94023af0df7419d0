import { describe, expect, it } from 'vitest';
import { ROADMAP_FEATURES } from './roadmap-features';

describe('ROADMAP_FEATURES (SPEC §3, §9)', () => {
  it('has 8 features with unique ids and progress between 15 and 95', () => {
    expect(ROADMAP_FEATURES).toHaveLength(8);
    expect(new Set(ROADMAP_FEATURES.map((f) => f.id)).size).toBe(8);
    for (const f of ROADMAP_FEATURES) {
      expect(f.progress).toBeGreaterThanOrEqual(15);
      expect(f.progress).toBeLessThanOrEqual(95);
    }
  });

  it('marks exactly voice, behavioural learning and security as implemented', () => {
    expect(ROADMAP_FEATURES.filter((f) => f.implemented).map((f) => f.id)).toEqual([
      'voice',
      'behavioural-learning',
      'security',
    ]);
  });
});
