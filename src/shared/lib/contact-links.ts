// mailto: and tel: links built from stored contact details. The details come from other people (a
// buyer's enquiry, a dealer's record), so each part is percent-encoded: '?', '&' or '#' in an address
// can never add a header (bcc=...), a body or a fragment to the link a dealer clicks.
import { isValidEmail } from './email';

/** Headers a link of ours may prefill. */
export interface MailtoFields {
  subject?: string;
  body?: string;
}

/** A mailto: link to one address, or null when it is not a valid address (show it as text then). */
export function mailtoHref(address: string, fields: MailtoFields = {}): string | null {
  const trimmed = address.trim();
  if (!isValidEmail(trimmed)) return null;
  const at = trimmed.lastIndexOf('@');
  const to = `${encodeURIComponent(trimmed.slice(0, at))}@${encodeURIComponent(trimmed.slice(at + 1))}`;
  const query = Object.entries(fields)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return `mailto:${to}${query ? `?${query}` : ''}`;
}

/** A tel: link dialling the number's digits (and a leading '+'), or null when there are none. */
export function telHref(phone: string): string | null {
  const kept = phone.replace(/[^\d+]/g, '');
  const digits = kept.replace(/\+/g, '');
  if (!digits) return null;
  return `tel:${kept.startsWith('+') ? '+' : ''}${encodeURIComponent(digits)}`;
}
