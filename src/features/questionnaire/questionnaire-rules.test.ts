import { describe, expect, it } from 'vitest';
import type { UserPreferenceProfile } from '@/data/types';
import {
  DEFAULT_ANSWERS,
  REPROMPT_AFTER_MS,
  setBudgetMax,
  setBudgetMin,
  shouldOffer,
  stepError,
  toggle,
} from './questionnaire-rules';

const profile = (over: Partial<UserPreferenceProfile>) =>
  ({ onboarding_completed_at: null, onboarding_dismissed_at: null, ...over }) as UserPreferenceProfile;

describe('questionnaire rules', () => {
  it('defaults to a £15,000-£50,000 budget and a family of 2', () => {
    expect(DEFAULT_ANSWERS).toMatchObject({ budgetMin: 15000, budgetMax: 50000, familySize: 2 });
  });

  it('keeps the budget inside the slider ranges with max never below min', () => {
    expect(setBudgetMin(DEFAULT_ANSWERS, 60000)).toMatchObject({ budgetMin: 60000, budgetMax: 60000 });
    expect(setBudgetMin(DEFAULT_ANSWERS, 1000).budgetMin).toBe(5000);
    expect(setBudgetMin(DEFAULT_ANSWERS, 150000).budgetMin).toBe(100000);
    expect(setBudgetMax(DEFAULT_ANSWERS, 10000).budgetMax).toBe(15000);
    expect(setBudgetMax(DEFAULT_ANSWERS, 500000).budgetMax).toBe(200000);
  });

  it('validates fuel, body style, driving style and 1-4 priorities', () => {
    expect(stepError(0, DEFAULT_ANSWERS)).toBeNull();
    expect(stepError(2, DEFAULT_ANSWERS)).toBe('Choose at least one fuel type.');
    expect(stepError(2, { ...DEFAULT_ANSWERS, fuels: ['diesel'] })).toBeNull();
    expect(stepError(3, DEFAULT_ANSWERS)).toBe('Choose at least one body style.');
    expect(stepError(4, { ...DEFAULT_ANSWERS, priorities: ['Space'] })).toBe('Choose a driving style.');
    expect(stepError(4, { ...DEFAULT_ANSWERS, drivingStyle: 'comfort' })).toBe('Choose at least one priority feature.');
    expect(stepError(4, { ...DEFAULT_ANSWERS, drivingStyle: 'comfort', priorities: ['a', 'b', 'c', 'd', 'e'] })).toBe(
      'Choose at most 4 priority features.',
    );
    expect(toggle(['a', 'b', 'c', 'd'], 'e', 4)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('offers itself until completed, and again 7 days after a dismissal', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(shouldOffer(null, now)).toBe(true);
    expect(shouldOffer(profile({ onboarding_completed_at: '2026-11-01T00:00:00Z' }), now)).toBe(false);
    expect(
      shouldOffer(profile({ onboarding_dismissed_at: new Date(now - REPROMPT_AFTER_MS + 60_000).toISOString() }), now),
    ).toBe(false);
    expect(
      shouldOffer(profile({ onboarding_dismissed_at: new Date(now - REPROMPT_AFTER_MS - 60_000).toISOString() }), now),
    ).toBe(true);
  });
});
