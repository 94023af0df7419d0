// The preference profile's shape and defaults: the one TypeScript source for the app (src/data) and the
// ml-recommendations function (which imports it, so: relative imports with '.ts' only, for Deno). The column
// defaults of public.user_preference_profiles in supabase/migrations must say the same (see the test).

export type DrivingStyle = 'economical' | 'performance' | 'comfort' | 'practical';

/** What recommendations are scored on. */
export interface PreferenceProfile {
  budget_min: number;
  budget_max: number;
  preferred_brands: string[];
  preferred_fuel_types: string[];
  preferred_body_styles: string[];
  family_size: number;
  driving_style: DrivingStyle | null;
  priority_features: string[];
}

/** The whole stored profile, less the row's id, owner and timestamps. */
export interface PreferenceProfileFields extends PreferenceProfile {
  profile_data: Record<string, unknown>;
  learning_data: Record<string, unknown>;
  onboarding_completed_at: string | null;
  onboarding_dismissed_at: string | null;
}

export const DEFAULT_PREFERENCE_PROFILE: Readonly<PreferenceProfile> = Object.freeze({
  budget_min: 15000,
  budget_max: 50000,
  preferred_brands: [],
  preferred_fuel_types: [],
  preferred_body_styles: [],
  family_size: 2,
  driving_style: null,
  priority_features: [],
});

/** A new profile's fields (fresh arrays and objects, safe to mutate). */
export function defaultPreferenceProfileFields(): PreferenceProfileFields {
  return {
    ...DEFAULT_PREFERENCE_PROFILE,
    preferred_brands: [],
    preferred_fuel_types: [],
    preferred_body_styles: [],
    priority_features: [],
    profile_data: { interaction_count: 0 },
    learning_data: {},
    onboarding_completed_at: null,
    onboarding_dismissed_at: null,
  };
}
