// Client-side checks for the auth forms (SPEC §5). Messages are the spec's exact strings.

export const MIN_PASSWORD_LENGTH = 12;

export const AUTH_VALIDATION = {
  email: 'Invalid email format',
  length: 'Password must be at least 12 characters long',
  complexity: 'Password must contain uppercase, lowercase, numbers, and special characters',
  weak: 'Password is too common or contains weak patterns',
} as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Returns the error message, or null when the address looks valid. */
export function validateEmail(email: string): string | null {
  const trimmed = email.trim();
  return trimmed.length <= 254 && EMAIL_RE.test(trimmed) ? null : AUTH_VALIDATION.email;
}

// Fragments that make a password guessable however it is decorated.
const COMMON_FRAGMENTS = [
  'password',
  'passw0rd',
  'qwerty',
  'azerty',
  'letmein',
  'welcome',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno1',
  'changeme',
  'abc123',
  '123456',
  '654321',
  '111111',
];

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

function hasSequence(lower: string, run: number): boolean {
  for (const seq of SEQUENCES) {
    const both = [seq, [...seq].reverse().join('')];
    for (const s of both) {
      for (let i = 0; i + run <= s.length; i++) {
        if (lower.includes(s.slice(i, i + run))) return true;
      }
    }
  }
  return false;
}

/** True when the password contains a common word, a keyboard/alphabet run of 4, or 3 repeats. */
export function isWeakPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_FRAGMENTS.some((f) => lower.includes(f))) return true;
  if (/(.)\1\1/.test(password)) return true;
  return hasSequence(lower, 4);
}

/** Full policy for new passwords (sign-up, reset); returns the first failing rule's message. */
export function validateNewPassword(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return AUTH_VALIDATION.length;
  const complex =
    /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9]/.test(password);
  if (!complex) return AUTH_VALIDATION.complexity;
  if (isWeakPassword(password)) return AUTH_VALIDATION.weak;
  return null;
}
