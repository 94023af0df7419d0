// Checks for the contact-dealer form. E-mail uses the spec's 'Invalid email format' (SPEC §5) and the
// database's own rule (no '?', '#' or '%' that a mailto: link would read); the other messages say what
// to fix. Sizes match the server's constraints on public.leads.
import type { EnquiryInput } from '@/data/leads';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '@/shared/lib/email';

/** The enquiry's own fields as the form holds them (the listing and dealer come from the page). */
export interface EnquiryForm extends Omit<EnquiryInput, 'listingId' | 'dealerId' | 'partExchangeMileage'> {
  /** As typed (commas allowed). */
  partExchangeMileage: string;
}

export type EnquiryErrors = Partial<
  Record<'name' | 'email' | 'phone' | 'message' | 'partExchangeRegistration' | 'partExchangeMileage', string>
>;

export const ENQUIRY_LIMITS = { name: 100, message: 2000, mileage: 1_000_000 } as const;

export const ENQUIRY_MESSAGES = {
  name: 'Enter your name.',
  nameLength: 'Your name must be at most 100 characters.',
  email: INVALID_EMAIL_MESSAGE,
  phone: 'Enter a UK phone number, e.g. 07700 900123, or leave it empty.',
  message: 'Write a message to the dealer.',
  messageLength: 'Your message must be at most 2,000 characters.',
  registration: "Enter your car's registration, e.g. AB12 CDE.",
  mileage: "Enter your car's mileage in miles, e.g. 42,000.",
} as const;

/** UK numbers: 10 or 11 digits starting 0, or +44 and 9-10 digits; spaces, dashes and brackets allowed. */
export function isUkPhone(input: string): boolean {
  const compact = input.replace(/[\s()-]/g, '');
  return /^0\d{9,10}$/.test(compact) || /^\+44\d{9,10}$/.test(compact);
}

/** 2-7 letters and digits with at least one of each (current, prefix, suffix and dateless styles). */
export function isUkRegistration(input: string): boolean {
  const compact = input.replace(/\s/g, '').toUpperCase();
  return /^[A-Z0-9]{2,7}$/.test(compact) && /[A-Z]/.test(compact) && /\d/.test(compact);
}

/** '42,000' -> 42000; null when it is not a whole number of miles. */
export function parseMileage(input: string): number | null {
  const compact = input.replace(/[,\s]/g, '').replace(/miles?$/i, '');
  if (!/^\d+$/.test(compact)) return null;
  const n = Number(compact);
  return n <= ENQUIRY_LIMITS.mileage ? n : null;
}

export function validateEnquiry(form: EnquiryForm): EnquiryErrors {
  const errors: EnquiryErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = ENQUIRY_MESSAGES.name;
  else if (name.length > ENQUIRY_LIMITS.name) errors.name = ENQUIRY_MESSAGES.nameLength;
  const email = form.email.trim();
  if (!isValidEmail(email)) errors.email = ENQUIRY_MESSAGES.email;
  if (form.phone.trim() && !isUkPhone(form.phone)) errors.phone = ENQUIRY_MESSAGES.phone;
  const message = form.message.trim();
  if (!message) errors.message = ENQUIRY_MESSAGES.message;
  else if (message.length > ENQUIRY_LIMITS.message) errors.message = ENQUIRY_MESSAGES.messageLength;
  if (form.partExchange) {
    if (!isUkRegistration(form.partExchangeRegistration))
      errors.partExchangeRegistration = ENQUIRY_MESSAGES.registration;
    if (parseMileage(form.partExchangeMileage) === null) errors.partExchangeMileage = ENQUIRY_MESSAGES.mileage;
  }
  return errors;
}
