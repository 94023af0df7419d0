// An error report's context made readable for /admin/errors (pure, unit tested): the browser from the
// user agent, the stack, and the remaining details as labelled values rather than raw JSON.
import type { ErrorReport } from '@/data/types';

export interface ReportContext {
  component?: string;
  action?: string;
  route?: string;
  app_version?: string;
  user_agent?: string;
  comment?: string;
  metadata?: Record<string, unknown>;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 131 on Windows" from a user agent; undefined when there is none. */
export function browserOf(userAgent: string | undefined): string | undefined {
  if (!userAgent) return undefined;
  const browser = BROWSERS.map(([re, name]) => {
    const m = re.exec(userAgent);
    return m ? `${name} ${m[1]}` : undefined;
  }).find(Boolean);
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}

/** Who reported it: their e-mail, a signed-out visitor, or an account since deleted. */
export function reporterOf(userId: string | null, emails: Record<string, string> | undefined): string {
  if (!userId) return 'A signed-out visitor';
  if (!emails) return 'Looking up…';
  return emails[userId] ?? 'An account since deleted';
}

/** The stack the app recorded, if any (metadata.stack). */
export function stackOf(report: ErrorReport): string | undefined {
  const stack = (report.context as ReportContext).metadata?.stack;
  return typeof stack === 'string' && stack.trim() ? stack : undefined;
}

const LABELS: Record<string, string> = {
  cause: 'Cause',
  code: 'Code',
  status: 'HTTP status',
  origin: 'Sync context',
  time: 'Happened at',
  last_at: 'Last occurrence',
  reported_by_user: 'Sent by the user',
  count: 'Occurrences',
};
const SHOWN_ELSEWHERE = new Set(['stack', 'count']);

const words = (key: string) => LABELS[key] ?? (key.charAt(0).toUpperCase() + key.slice(1)).replaceAll('_', ' ');

function valueText(value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (typeof value === 'string') {
    // ISO timestamps in en-GB, other text as it is.
    if (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value))
      return new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
    return value;
  }
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  return JSON.stringify(value);
}

/** The metadata not shown in its own place, as label / value pairs (empty and null values left out). */
export function otherDetails(report: ErrorReport): { label: string; value: string }[] {
  const metadata = (report.context as ReportContext).metadata ?? {};
  return Object.entries(metadata)
    .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => ({ label: words(key), value: valueText(value) }));
}
