// The /account profile form: a name, the home postcode distances are measured from, and the annual
// mileage running costs, valuations and recommendations assume (blank = DEFAULT_ANNUAL_MILES).
import { normalisePostcode, POSTCODE_MESSAGES } from '@/domain/uk/distance';
import { MAX_ANNUAL_MILES, MIN_ANNUAL_MILES } from '@/domain/uk/mileage';

export const ANNUAL_MILEAGE_MIN = MIN_ANNUAL_MILES;
export const ANNUAL_MILEAGE_MAX = MAX_ANNUAL_MILES;

export interface ProfileForm {
  name: string;
  postcode: string;
  mileage: string;
}

export interface ProfileValues {
  display_name: string;
  home_postcode: string;
  annual_mileage: number | null;
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

export function validateProfile(form: ProfileForm): { values: ProfileValues } | { errors: ProfileErrors } {
  const errors: ProfileErrors = {};
  const name = form.name.trim();
  if (name.length > 80) errors.name = 'Keep your name to 80 characters or fewer.';
  let postcode = '';
  if (form.postcode.trim()) {
    const pc = normalisePostcode(form.postcode);
    if (pc) postcode = pc;
    else errors.postcode = POSTCODE_MESSAGES.invalid_postcode;
  }
  let mileage: number | null = null;
  const rawMiles = form.mileage.trim().replace(/,/g, '');
  if (rawMiles) {
    const n = Number(rawMiles);
    if (!/^\d+$/.test(rawMiles) || n < ANNUAL_MILEAGE_MIN || n > ANNUAL_MILEAGE_MAX) {
      errors.mileage = `Enter whole miles a year between ${ANNUAL_MILEAGE_MIN.toLocaleString('en-GB')} and ${ANNUAL_MILEAGE_MAX.toLocaleString('en-GB')}.`;
    } else mileage = n;
  }
  if (Object.keys(errors).length) return { errors };
  return { values: { display_name: name, home_postcode: postcode, annual_mileage: mileage } };
}
