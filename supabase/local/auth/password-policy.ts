// Password and e-mail rules of SPEC §5. Reasons use GoTrue's names (length, characters, pwned).
import { AuthError } from './errors';
export const PASSWORD_MIN_LENGTH = 12;

export const MSG_INVALID_EMAIL = 'Invalid email format';
export const MSG_TOO_SHORT = 'Password must be at least 12 characters long';
export const MSG_CHARACTERS = 'Password must contain uppercase, lowercase, numbers, and special characters';
export const MSG_WEAK = 'Password is too common or contains weak patterns';

export interface PasswordProblem {
  message: string;
  reasons: ('length' | 'characters' | 'pwned')[];
}

// Words that make a password guessable wherever they appear (after undoing l33t substitutions).
const COMMON_FRAGMENTS = [
  'password',
  'passwort',
  'qwerty',
  'azerty',
  'letmein',
  'iloveyou',
  'welcome',
  'changeme',
  'trustno',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'superman',
  'starwars',
  'whatever',
  'computer',
  'abc123',
  'default',
  'p4ssw0rd',
  'secret123',
  'opensesame',
  'motorly',
];
// Whole passwords (letters only, lower-cased) that top every leaked-password list.
const COMMON_WORDS = new Set([
  'admin',
  'administrator',
  'login',
  'hello',
  'test',
  'guest',
  'user',
  'root',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'secret',
  'freedom',
  'michael',
  'jennifer',
  'charlie',
  'jordan',
  'hunter',
  'ranger',
  'buster',
  'soccer',
  'hockey',
  'killer',
  'batman',
  'thomas',
  'tigger',
  'robert',
  'summer',
  'winter',
  'spring',
  'autumn',
  'love',
  'lovely',
  'flower',
  'cookie',
  'chocolate',
  'pepper',
  'ginger',
  'liverpool',
  'chelsea',
  'arsenal',
  'manchester',
  'london',
  'england',
  'pokemon',
  'mustang',
  'ferrari',
  'porsche',
  'access',
  'matrix',
  'letmein',
  'welcome',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'passw',
  'pass',
  'abc',
  'abcdef',
]);
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890', 'qazwsx'];
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

function hasRepeatedRun(pw: string, len: number): boolean {
  let run = 1;
  for (let i = 1; i < pw.length; i += 1) {
    run = pw[i] === pw[i - 1] ? run + 1 : 1;
    if (run >= len) return true;
  }
  return false;
}

/** abcd, 1234, dcba, 4321 ... (runs of consecutive letters or digits). */
function hasSequentialRun(pw: string, len: number): boolean {
  const s = pw.toLowerCase();
  for (const dir of [1, -1]) {
    let run = 1;
    for (let i = 1; i < s.length; i += 1) {
      const prev = s.charCodeAt(i - 1);
      const cur = s.charCodeAt(i);
      const alnum = /[a-z0-9]/.test(s[i]) && /[a-z0-9]/.test(s[i - 1]);
      run = alnum && cur - prev === dir ? run + 1 : 1;
      if (run >= len) return true;
    }
  }
  return false;
}

function hasKeyboardRun(pw: string, len: number): boolean {
  const s = pw.toLowerCase();
  for (const row of KEYBOARD_ROWS) {
    for (const line of [row, [...row].reverse().join('')]) {
      for (let i = 0; i + len <= line.length; i += 1) {
        if (s.includes(line.slice(i, i + len))) return true;
      }
    }
  }
  return false;
}

export function isWeakPattern(password: string): boolean {
  const lower = password.toLowerCase();
  const unleet = [...lower].map((ch) => LEET[ch] ?? ch).join('');
  if (COMMON_FRAGMENTS.some((w) => lower.includes(w) || unleet.includes(w))) return true;
  const lettersOnly = unleet.replace(/[^a-z]/g, '');
  if (COMMON_WORDS.has(lettersOnly) || COMMON_WORDS.has(lower.replace(/[^a-z]/g, ''))) return true;
  return hasRepeatedRun(lower, 4) || hasSequentialRun(lower, 4) || hasKeyboardRun(lower, 4);
}

/** Returns the first failing rule's message and every failing reason, or null when the password is fine. */
export function checkPassword(password: string): PasswordProblem | null {
  const reasons: PasswordProblem['reasons'] = [];
  const messages: string[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    reasons.push('length');
    messages.push(MSG_TOO_SHORT);
  }
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];
  if (!classes.every((re) => re.test(password))) {
    reasons.push('characters');
    messages.push(MSG_CHARACTERS);
  }
  if (isWeakPattern(password)) {
    reasons.push('pwned');
    messages.push(MSG_WEAK);
  }
  return reasons.length ? { message: messages[0], reasons } : null;
}

const EMAIL_RE =
  /^[^\s@"<>(),;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email);
}

/** GoTrue's 422 weak_password error for a password that breaks the rules, else null. */
export function weakPasswordError(password: string): AuthError | null {
  const problem = checkPassword(password);
  return problem
    ? new AuthError(422, 'weak_password', problem.message, { weak_password: { reasons: problem.reasons } })
    : null;
}
