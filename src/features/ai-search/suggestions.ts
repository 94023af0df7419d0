/**
 * Up to three ways to finish what the shopper is typing: the last word completed to a catalogue
 * brand or model, or a common UK phrase ("under £20k", "7 seater", "with cheap tax").
 */
import type { Vocabulary } from '@/domain/ai/query-types';

export const MAX_SUGGESTIONS = 3;

const PHRASES = [
  'automatic',
  'manual',
  'electric',
  'hybrid',
  'diesel',
  'petrol',
  'estate',
  'SUV',
  'hatchback',
  'saloon',
  'convertible',
  'coupe',
  '7 seater',
  'under £10k',
  'under £15k',
  'under £20k',
  'under £30k',
  'under £200 a month',
  'under £300 a month',
  'with cheap tax',
  'with low insurance',
  'ULEZ compliant',
  'low mileage',
  'first car',
  'family SUV',
  'cheapest to run',
  'with 250 miles range',
  'something like a Golf but cheaper',
  'best rated',
];

export function suggest(text: string, vocab: Vocabulary | undefined): string[] {
  const trimmed = text.replace(/\s+$/, '');
  const match = /(^|\s)([^\s]+)$/.exec(trimmed);
  if (!match || trimmed.length < 2) return [];
  const last = match[2].toLowerCase();
  if (last.length < 2) return [];
  const head = trimmed.slice(0, trimmed.length - match[2].length);
  const lower = trimmed.toLowerCase();
  const candidates = [
    ...(vocab?.brands.map((b) => b.name) ?? []),
    ...(vocab?.models.map((m) => `${m.brand} ${m.name}`) ?? []),
    ...PHRASES,
  ];
  const out: string[] = [];
  for (const c of candidates) {
    const cl = c.toLowerCase();
    const fits = cl.startsWith(last) || cl.split(' ').slice(1).join(' ').startsWith(last);
    if (!fits || cl === last || lower.includes(cl)) continue;
    const s = `${head}${c}`;
    if (!out.includes(s)) out.push(s);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}
