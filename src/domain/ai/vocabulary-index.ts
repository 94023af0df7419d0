/**
 * The parser's dictionary: catalogue brands and models plus the UK words for body styles, fuels and
 * gearboxes, keyed by their letters and digits only ("MX-5" and "mx5" are one key, "ID.3" is "id3").
 */
import type { BodyStyle, FuelType, Gearbox } from '../uk/body';
import type { Vocabulary } from './query-types';

export type Entry =
  | { kind: 'brand'; names: string[] }
  | { kind: 'model'; names: string[]; brands: string[]; exact: boolean; numeric: boolean; ambiguous: boolean }
  | { kind: 'body'; styles: BodyStyle[] }
  | { kind: 'fuel'; fuels: FuelType[] }
  | { kind: 'gearbox'; value: Gearbox }
  | { kind: 'seats'; min: number };

export const keyOf = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');

/** Words that are model names but mean something else in plain English: they need their brand or a capital. */
const AMBIGUOUS_MODEL_WORDS = new Set([
  'across',
  'spring',
  'born',
  'seal',
  'explorer',
  'compass',
  'swift',
  'leaf',
  'focus',
  'superb',
  'junior',
  'capri',
  'puma',
  'dolphin',
  'model',
  'range',
  'land',
  'grand',
  'grande',
  'cooper',
  'e',
  'id',
  'one',
  'jazz',
  'avenger',
]);

const BRAND_ALIASES: Record<string, string> = {
  vw: 'Volkswagen',
  volkswagon: 'Volkswagen',
  merc: 'Mercedes-Benz',
  mercedes: 'Mercedes-Benz',
  mercs: 'Mercedes-Benz',
  benz: 'Mercedes-Benz',
  beemer: 'BMW',
  beamer: 'BMW',
  bimmer: 'BMW',
  alfa: 'Alfa Romeo',
  landie: 'Land Rover',
  landrover: 'Land Rover',
  vauxhall: 'Vauxhall',
  citroen: 'Citroën',
  skoda: 'Skoda',
  chevy: '',
  mercedesbenz: 'Mercedes-Benz',
};

const COUNTRY_WORDS: Record<string, string> = {
  german: 'Germany',
  japanese: 'Japan',
  korean: 'South Korea',
  french: 'France',
  italian: 'Italy',
  british: 'United Kingdom',
  swedish: 'Sweden',
  chinese: 'China',
  american: 'United States',
  czech: 'Czech Republic',
  spanish: 'Spain',
};

const BODY_WORDS: [string, BodyStyle[]][] = [
  ['saloon', ['sedan']],
  ['sedan', ['sedan']],
  ['estate', ['wagon']],
  ['wagon', ['wagon']],
  ['touring', ['wagon']],
  ['tourer', ['wagon']],
  ['sports tourer', ['wagon']],
  ['shooting brake', ['wagon']],
  ['avant', ['wagon']],
  ['hatch', ['hatchback']],
  ['hatchback', ['hatchback']],
  ['hot hatch', ['hatchback']],
  ['suv', ['suv']],
  ['4x4', ['suv']],
  ['crossover', ['suv']],
  ['off roader', ['suv']],
  ['offroader', ['suv']],
  ['chelsea tractor', ['suv']],
  ['coupe', ['coupe']],
  ['convertible', ['convertible']],
  ['cabriolet', ['convertible']],
  ['cabrio', ['convertible']],
  ['soft top', ['convertible']],
  ['softtop', ['convertible']],
  ['roadster', ['convertible']],
  ['drop top', ['convertible']],
  ['sports car', ['coupe', 'convertible']],
];

const FUEL_WORDS: [string, FuelType[]][] = [
  ['petrol', ['petrol']],
  ['diesel', ['diesel']],
  ['electric', ['electric']],
  ['ev', ['electric']],
  ['bev', ['electric']],
  ['battery electric', ['electric']],
  ['fully electric', ['electric']],
  ['all electric', ['electric']],
  ['leccy', ['electric']],
  ['electric vehicle', ['electric']],
  ['hybrid', ['hybrid']],
  ['phev', ['plugin_hybrid']],
  ['plug in hybrid', ['plugin_hybrid']],
  ['plugin hybrid', ['plugin_hybrid']],
  ['plug in', ['plugin_hybrid']],
  ['self charging hybrid', ['hybrid']],
  ['self charging', ['hybrid']],
  ['mild hybrid', ['hybrid']],
  ['hev', ['hybrid']],
];

const GEARBOX_WORDS: [string, Gearbox][] = [
  ['automatic', 'automatic'],
  ['auto', 'automatic'],
  ['auto box', 'automatic'],
  ['automatic gearbox', 'automatic'],
  ['dsg', 'automatic'],
  ['cvt', 'automatic'],
  ['tiptronic', 'automatic'],
  ['semi auto', 'automatic'],
  ['self shifting', 'automatic'],
  ['manual', 'manual'],
  ['manual gearbox', 'manual'],
  ['stick shift', 'manual'],
  ['manual box', 'manual'],
];

const SEAT_WORDS: [string, number][] = [
  ['people carrier', 7],
  ['mpv', 7],
  ['minivan', 7],
];

export interface VocabularyIndex {
  /** key -> entries, for spans of one to four words. */
  entries: Map<string, Entry[]>;
  /** Single-word keys the typo matcher may compare against (no numbers, no ambiguous words). */
  fuzzyKeys: string[];
  brandKeys: Map<string, string>;
  maxSpan: number;
}

function add(map: Map<string, Entry[]>, key: string, entry: Entry): void {
  if (!key) return;
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

export function buildVocabularyIndex(vocab: Vocabulary): VocabularyIndex {
  const entries = new Map<string, Entry[]>();
  const brandKeys = new Map<string, string>();
  for (const b of vocab.brands) brandKeys.set(keyOf(b.name), b.name);
  for (const [alias, name] of Object.entries(BRAND_ALIASES)) {
    if (name && vocab.brands.some((b) => b.name === name)) brandKeys.set(alias, name);
  }
  for (const [key, name] of brandKeys) add(entries, key, { kind: 'brand', names: [name] });
  for (const [word, country] of Object.entries(COUNTRY_WORDS)) {
    const names = vocab.brands
      .filter((b) => b.country === country)
      .map((b) => b.name)
      .sort();
    if (names.length) add(entries, word, { kind: 'brand', names });
  }

  const exact = new Map<string, { name: string; brand: string }[]>();
  const family = new Map<string, { name: string; brand: string }[]>();
  for (const m of vocab.models) {
    const k = keyOf(m.name);
    exact.set(k, [...(exact.get(k) ?? []), m]);
    const words = m.name.split(/\s+/);
    for (let n = 1; n < words.length; n++) {
      const fk = keyOf(words.slice(0, n).join(''));
      if (fk.length < 2 || /^\d+$/.test(fk)) continue;
      family.set(fk, [...(family.get(fk) ?? []), m]);
    }
  }
  const modelEntry = (key: string, list: { name: string; brand: string }[], isExact: boolean): Entry => ({
    kind: 'model',
    names: [...new Set(list.map((m) => m.name))],
    brands: [...new Set(list.map((m) => m.brand))],
    exact: isExact,
    numeric: /^\d+$/.test(key),
    ambiguous: AMBIGUOUS_MODEL_WORDS.has(key),
  });
  for (const [k, list] of exact) add(entries, k, modelEntry(k, list, true));
  for (const [k, list] of family) if (!exact.has(k)) add(entries, k, modelEntry(k, list, false));

  for (const [w, styles] of BODY_WORDS) add(entries, keyOf(w), { kind: 'body', styles });
  for (const [w, fuels] of FUEL_WORDS) add(entries, keyOf(w), { kind: 'fuel', fuels });
  for (const [w, value] of GEARBOX_WORDS) add(entries, keyOf(w), { kind: 'gearbox', value });
  for (const [w, min] of SEAT_WORDS) add(entries, keyOf(w), { kind: 'seats', min });

  const single = (w: string) => !w.includes(' ');
  const fuzzyKeys = [
    ...brandKeys.keys(),
    ...[...exact.keys(), ...family.keys()].filter((k) => !/\d/.test(k) && !AMBIGUOUS_MODEL_WORDS.has(k)),
    ...BODY_WORDS.map(([w]) => w).filter(single),
    ...FUEL_WORDS.map(([w]) => w).filter(single),
    ...GEARBOX_WORDS.map(([w]) => w).filter(single),
  ].filter((k) => k.length >= 4);
  return { entries, fuzzyKeys: [...new Set(fuzzyKeys)], brandKeys, maxSpan: 4 };
}
