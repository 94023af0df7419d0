// The e-mail address rule the database holds every contact address to (public.is_valid_email, migration
// 20261128000300): an RFC 5322 dot-atom local part without the characters that mean something in a URL
// ('?' starts mailto headers, '#' a fragment, '%' an escape), '@', and a host name of letter-digit-hyphen
// labels ending in an alphabetic top-level domain. Forms check with it so the server never refuses what
// they accepted.

const ATOM = "[A-Za-z0-9!$&'*+/=^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL_RE = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/** SPEC §5's message for an address that breaks the rule. */
export const INVALID_EMAIL_MESSAGE = 'Invalid email format';

/** True when `address` (as it will be stored: trim first) is a valid contact address. */
export function isValidEmail(address: string): boolean {
  return address.length <= 254 && address.split('@')[0].length <= 64 && EMAIL_RE.test(address);
}
