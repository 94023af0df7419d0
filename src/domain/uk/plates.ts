/**
 * Current-format UK registration plates (since September 2001): LL NN LLL.
 * The age identifier is the year's last two digits for March-August and year + 50 for September-February.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Letters allowed in the first two positions (no I, Q or Z) and the last three (no I or Q). */
export const MEMORY_TAG_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';
export const RANDOM_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXYZ';

const PLATE_RE = /^([A-HJ-PR-Y]{2})([0-9]{2})([A-HJ-PR-Z]{3})$/;

export interface DateRange {
  /** First day, ISO. */
  from: string;
  /** Last day, ISO (inclusive). */
  to: string;
}

export interface ParsedPlate {
  memoryTag: string;
  ageIdentifier: string;
  random: string;
  formatted: string;
  registered: DateRange;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function isoParts(date: string | Date): { year: number; month: number } {
  if (date instanceof Date) return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
  const m = /^(\d{4})-(\d{2})/.exec(date);
  if (!m) throw new RangeError(`Not an ISO date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

/** Age identifier for a first registration date, e.g. 2024-10-03 -> '74'. Valid Sep 2001 to Feb 2050. */
export function ageIdentifierFor(date: string | Date): string {
  const { year, month } = isoParts(date);
  const marchYear = month >= 3 ? year : year - 1; // Jan/Feb belong to the previous September's series
  if (marchYear < 2001 || (marchYear === 2001 && month >= 3 && month <= 8) || marchYear > 2049) {
    throw new RangeError('Current-format plates cover September 2001 to February 2050');
  }
  if (month >= 3 && month <= 8) return pad2(year % 100);
  return pad2((marchYear % 100) + 50);
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Registration dates an age identifier covers, e.g. '74' -> 2024-09-01 .. 2025-02-28. */
export function ageIdentifierRange(identifier: string): DateRange | null {
  if (!/^\d{2}$/.test(identifier)) return null;
  const n = Number(identifier);
  if (n >= 2 && n <= 49) {
    const year = 2000 + n;
    return { from: `${year}-03-01`, to: `${year}-08-31` };
  }
  if (n >= 51 && n <= 99) {
    const year = 2000 + n - 50;
    return { from: `${year}-09-01`, to: `${year + 1}-02-${pad2(lastDayOfMonth(year + 1, 2))}` };
  }
  return null;
}

/** Human label for an age identifier: '74' -> 'Sep 2024 – Feb 2025'. */
export function plateAgeLabel(identifier: string): string | null {
  const range = ageIdentifierRange(identifier);
  if (!range) return null;
  const label = (iso: string): string => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
  return `${label(range.from)} – ${label(range.to)}`;
}

function normalise(input: string): string {
  return input.toUpperCase().replace(/\s+/g, '');
}

/** Parses a current-format plate ('ab24cde', 'AB24 CDE'); null if it is not a valid one. */
export function parsePlate(input: string): ParsedPlate | null {
  const m = PLATE_RE.exec(normalise(input));
  if (!m) return null;
  const registered = ageIdentifierRange(m[2]);
  if (!registered) return null;
  return { memoryTag: m[1], ageIdentifier: m[2], random: m[3], formatted: `${m[1]}${m[2]} ${m[3]}`, registered };
}

export function isValidPlate(input: string): boolean {
  return parsePlate(input) !== null;
}

/** True when a plate's age identifier matches the first registration date. */
export function plateMatchesDate(plate: string, date: string | Date): boolean {
  const parsed = parsePlate(plate);
  if (!parsed) return false;
  try {
    return parsed.ageIdentifier === ageIdentifierFor(date);
  } catch {
    return false;
  }
}

/** Builds a plate for a registration date from a memory tag and three random letters. */
export function makePlate(memoryTag: string, date: string | Date, random: string): string {
  const plate = `${memoryTag}${ageIdentifierFor(date)} ${random}`;
  if (!isValidPlate(plate)) throw new RangeError(`Invalid plate letters: ${plate}`);
  return plate;
}
