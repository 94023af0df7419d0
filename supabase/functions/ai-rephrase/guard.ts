// Faithfulness guard for the optional language model: a rephrase may change wording only. It is refused
// when it drops or alters a quoted figure, adds a number the answer never had, or names a car the answer
// did not (the model must not invent facts the catalogue did not ground).

export interface GroundedAnswer {
  /** The grounded answer as the on-device assistant wrote it. */
  text: string;
  /** Figures the answer quotes, as written ('£24,995', '52.3 mpg', '8,500 miles'). */
  figures: string[];
  /** Cars the answer names ('Volkswagen Golf'). */
  cars: string[];
  /** Other car names the catalogue knows (brands, models); a rephrase must not bring them in. */
  otherNames?: string[];
}

export type GuardResult = { ok: true } | { ok: false; reason: string };

// Brands a model might bring in from its own knowledge even when the catalogue list is not sent.
const KNOWN_BRANDS = [
  'Abarth',
  'Alfa Romeo',
  'Aston Martin',
  'Audi',
  'Bentley',
  'BMW',
  'BYD',
  'Citroen',
  'Cupra',
  'Dacia',
  'DS',
  'Ferrari',
  'Fiat',
  'Ford',
  'Genesis',
  'Honda',
  'Hyundai',
  'Jaguar',
  'Jeep',
  'Kia',
  'Lamborghini',
  'Land Rover',
  'Lexus',
  'Lotus',
  'Maserati',
  'Mazda',
  'McLaren',
  'Mercedes',
  'MG',
  'Mini',
  'Mitsubishi',
  'Nissan',
  'Peugeot',
  'Polestar',
  'Porsche',
  'Renault',
  'Rolls-Royce',
  'Seat',
  'Skoda',
  'Smart',
  'SsangYong',
  'Subaru',
  'Suzuki',
  'Tesla',
  'Toyota',
  'Vauxhall',
  'Volkswagen',
  'VW',
  'Volvo',
];

const collapse = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Numbers as written, without thousands separators: '£24,995' -> '24995', '52.3' -> '52.3'. */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, '').replace(/\.$/, ''));
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function mentions(text: string, name: string): boolean {
  const n = name.trim();
  if (!n) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(n)}($|[^\\p{L}\\p{N}])`, 'iu').test(text);
}

export function checkRephrase(input: GroundedAnswer, rephrased: string): GuardResult {
  const out = collapse(rephrased);
  if (!out) return { ok: false, reason: 'empty' };
  for (const figure of input.figures) {
    if (!out.includes(collapse(figure))) return { ok: false, reason: `figure dropped or changed: ${figure}` };
  }
  const allowed = new Set([...numbersIn(input.text), ...input.figures.flatMap(numbersIn)]);
  for (const n of numbersIn(rephrased)) {
    if (!allowed.has(n)) return { ok: false, reason: `number not in the answer: ${n}` };
  }
  for (const car of input.cars) {
    if (mentions(input.text, car) && !mentions(rephrased, car)) return { ok: false, reason: `car dropped: ${car}` };
  }
  const grounded = [input.text, ...input.cars].join(' \n ');
  for (const name of [...KNOWN_BRANDS, ...(input.otherNames ?? [])]) {
    if (mentions(rephrased, name) && !mentions(grounded, name))
      return { ok: false, reason: `car not in the answer: ${name}` };
  }
  return { ok: true };
}
