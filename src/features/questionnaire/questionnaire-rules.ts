/** The personalisation questionnaire's rules (SPEC §4, §5, §9), free of React so they are unit-tested. */
import type { DrivingStyle, UserPreferenceProfile } from '@/data/types';
import type { BodyStyle, FuelType } from '@/domain/uk';

export const STEP_COUNT = 5;
export const ONBOARDING_DELAY_MS = 2_000;
export const REPROMPT_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_PRIORITIES = 4;
export const BUDGET_MIN = { min: 5_000, max: 100_000, step: 1_000 } as const;
export const BUDGET_MAX_CEILING = 200_000;
export const FAMILY_SIZE = { min: 1, max: 8 } as const;

export const DRIVING_STYLES: readonly DrivingStyle[] = ['economical', 'performance', 'comfort', 'practical'];
export const PRIORITY_FEATURES = [
  'Safety Rating',
  'Fuel Economy',
  'Technology',
  'Reliability',
  'Performance',
  'Comfort',
  'Space',
  'Brand Reputation',
] as const;

export interface Answers {
  budgetMin: number;
  budgetMax: number;
  familySize: number;
  brands: string[];
  fuels: FuelType[];
  bodies: BodyStyle[];
  drivingStyle: DrivingStyle | null;
  priorities: string[];
}

export const DEFAULT_ANSWERS: Answers = {
  budgetMin: 15_000,
  budgetMax: 50_000,
  familySize: 2,
  brands: [],
  fuels: [],
  bodies: [],
  drivingStyle: null,
  priorities: [],
};

/** Answers prefilled from a stored profile (a returning user edits rather than starts again). */
export function answersFrom(p: UserPreferenceProfile | null | undefined): Answers {
  if (!p) return DEFAULT_ANSWERS;
  return {
    budgetMin: p.budget_min,
    budgetMax: p.budget_max,
    familySize: p.family_size,
    brands: p.preferred_brands,
    fuels: p.preferred_fuel_types as FuelType[],
    bodies: p.preferred_body_styles as BodyStyle[],
    drivingStyle: p.driving_style,
    priorities: p.priority_features.slice(0, MAX_PRIORITIES),
  };
}

/** Moving the minimum above the maximum drags the maximum with it; the maximum never drops below it. */
export function setBudgetMin(a: Answers, value: number): Answers {
  const min = Math.min(BUDGET_MIN.max, Math.max(BUDGET_MIN.min, value));
  return { ...a, budgetMin: min, budgetMax: Math.max(min, a.budgetMax) };
}

export function setBudgetMax(a: Answers, value: number): Answers {
  return { ...a, budgetMax: Math.min(BUDGET_MAX_CEILING, Math.max(a.budgetMin, value)) };
}

/** The message that blocks Next / Complete Setup on a step, or null. Steps are 0-4. */
export function stepError(step: number, a: Answers): string | null {
  switch (step) {
    case 2:
      return a.fuels.length === 0 ? 'Choose at least one fuel type.' : null;
    case 3:
      return a.bodies.length === 0 ? 'Choose at least one body style.' : null;
    case 4:
      if (!a.drivingStyle) return 'Choose a driving style.';
      if (a.priorities.length === 0) return 'Choose at least one priority feature.';
      if (a.priorities.length > MAX_PRIORITIES) return `Choose at most ${MAX_PRIORITIES} priority features.`;
      return null;
    default:
      return null;
  }
}

/** Whether to offer the questionnaire: never completed, and never dismissed or dismissed over 7 days ago. */
export function shouldOffer(profile: UserPreferenceProfile | null, now: number): boolean {
  if (profile?.onboarding_completed_at) return false;
  const dismissed = profile?.onboarding_dismissed_at;
  return !dismissed || now - Date.parse(dismissed) > REPROMPT_AFTER_MS;
}

export function toggle<T>(list: readonly T[], value: T, limit = Infinity): T[] {
  if (list.includes(value)) return list.filter((v) => v !== value);
  return list.length >= limit ? [...list] : [...list, value];
}
