import { describe, expect, it } from 'vitest';
import {
  behaviourFrom,
  DEFAULT_PROFILE,
  personalisationScore,
  rankModels,
  type ModelFacts,
  type Profile,
} from './scoring';

const model = (over: Partial<ModelFacts>): ModelFacts => ({
  id: 'm',
  name: 'Model',
  brand: 'Kia',
  brand_id: 'kia',
  body_style: 'suv',
  fuel_type: 'electric',
  price_from: 30000,
  model_year: 2025,
  mpg: null,
  ev_range_miles: 300,
  insurance_group: 20,
  ncap_stars: 5,
  seats: 5,
  boot_litres: 450,
  zero_to_62: 7,
  power_bhp: 200,
  cs_score: 8,
  ...over,
});
const models = [
  model({ id: 'ev-suv' }),
  model({
    id: 'diesel-estate',
    brand: 'Skoda',
    brand_id: 'skoda',
    body_style: 'wagon',
    fuel_type: 'diesel',
    mpg: 60,
    ev_range_miles: null,
  }),
  model({
    id: 'petrol-hatch',
    brand: 'Ford',
    brand_id: 'ford',
    body_style: 'hatchback',
    fuel_type: 'petrol',
    mpg: 50,
    ev_range_miles: null,
    price_from: 20000,
  }),
  model({
    id: 'seven',
    brand: 'Skoda',
    brand_id: 'skoda',
    fuel_type: 'petrol',
    mpg: 40,
    ev_range_miles: null,
    seats: 7,
  }),
];
const none = { modelHits: new Map(), brandHits: new Map() };

describe('recommendation scoring', () => {
  it('ranks the models that fit the profile first, with reasons', () => {
    const p: Profile = { ...DEFAULT_PROFILE, preferred_fuel_types: ['diesel'], preferred_body_styles: ['wagon'] };
    const [top] = rankModels(models, p, none);
    expect(top.model.id).toBe('diesel-estate');
    expect(top.reasons).toContain('Matches your preferred fuel type (Diesel)');
    const ev = rankModels(
      models,
      { ...DEFAULT_PROFILE, preferred_fuel_types: ['electric'], preferred_body_styles: ['suv'] },
      none,
    );
    expect(ev[0].model.id).toBe('ev-suv');
  });

  it('puts a family that needs seven seats in a seven-seater', () => {
    const ranked = rankModels(models, { ...DEFAULT_PROFILE, family_size: 7 }, none);
    expect(ranked[0].model.id).toBe('seven');
  });

  it('learns from behaviour: clicks, bookmarks (double) and brands searched for', () => {
    const b = behaviourFrom(
      [
        { modelId: 'petrol-hatch' },
        { modelId: 'petrol-hatch', weight: 2 },
        { brandNames: ['skoda'] },
        { modelId: 'unknown' },
      ],
      models,
    );
    expect(b.modelHits.get('petrol-hatch')).toBe(3);
    expect(b.brandHits.get('skoda')).toBe(1);
    expect(b.count).toBe(3);
    const withBehaviour = rankModels(models, DEFAULT_PROFILE, b).find((s) => s.model.id === 'petrol-hatch')!;
    const without = rankModels(models, DEFAULT_PROFILE, none).find((s) => s.model.id === 'petrol-hatch')!;
    expect(withBehaviour.score).toBeGreaterThan(without.score);
    expect(withBehaviour.reasons).toContain('Similar to cars you have looked at');
  });
});

describe('personalisation score (basic 20, preferences 30, behaviour 50)', () => {
  it('is 0 with nothing known and 20 for a bare profile, not yet personalised', () => {
    expect(personalisationScore(null, 0)).toMatchObject({ score: 0, personalised: false });
    expect(personalisationScore(DEFAULT_PROFILE, 0)).toMatchObject({
      score: 20,
      basic: 20,
      preferences: 0,
      personalised: false,
    });
  });

  it('adds 6 per preference group and is personalised only above 30', () => {
    const one = { ...DEFAULT_PROFILE, preferred_fuel_types: ['hybrid'] };
    expect(personalisationScore(one, 0)).toMatchObject({ score: 26, personalised: false });
    expect(personalisationScore(one, 1)).toMatchObject({ score: 31, personalised: true });
    const full: Profile = {
      ...one,
      preferred_body_styles: ['suv'],
      preferred_brands: ['Kia'],
      driving_style: 'comfort',
      priority_features: ['Space'],
    };
    expect(personalisationScore(full, 0)).toMatchObject({ score: 50, preferences: 30 });
  });

  it('caps the interaction count at 10', () => {
    expect(personalisationScore(null, 10)).toMatchObject({ behaviour: 50, interactionCount: 10 });
    expect(personalisationScore(null, 250)).toMatchObject({
      score: 50,
      behaviour: 50,
      interactionCount: 10,
      personalised: true,
    });
  });
});

describe('plug-in hybrids (issue 34)', () => {
  it('name the fuel as shoppers do and count as modern technology', () => {
    const phev = model({ id: 'phev', fuel_type: 'plugin_hybrid', mpg: 201.8, ev_range_miles: 35 });
    const p: Profile = {
      ...DEFAULT_PROFILE,
      preferred_fuel_types: ['plugin_hybrid'],
      priority_features: ['Technology'],
    };
    const [top] = rankModels([phev], p, none);
    expect(top.reasons).toContain('Matches your preferred fuel type (Plug-in hybrid)');
    expect(top.reasons).toContain('Modern plug-in hybrid technology');
  });
});
