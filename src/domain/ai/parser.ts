/**
 * The AI search's query parser: deterministic and offline, over the catalogue's own vocabulary.
 * Three passes over the words of the normalised query, each claiming the words it uses:
 * 1. exact catalogue and UK car words (so "Peugeot 3008" is a model before 3008 can be a price),
 * 2. phrase rules for money, tax, insurance, range, mileage, age, seats, ULEZ and order,
 * 3. typo-tolerant matching of what is left against the vocabulary (edit distance).
 * What no pass claims becomes `keywords`.
 */
import { BODY_STYLES, FUEL_TYPES, type BodyStyle, type FuelType } from '../uk/body';
import { editDistance, typoAllowance } from './fuzzy';
import { normaliseQuery } from './normalise';
import type { ParsedQuery, QuerySort, Vocabulary } from './query-types';
import { buildVocabularyIndex, keyOf, type Entry, type VocabularyIndex } from './vocabulary-index';

export interface ParserOptions {
  /** The year "3 years old" and "nearly new" count from (defaults to this year). */
  referenceYear?: number;
}

/** VED standard rate with no expensive-car supplement (2026/27): what "cheap tax" means. */
export const CHEAP_TAX_MAX = 200;
export const LOW_INSURANCE_GROUP = 15;
export const NEW_DRIVER_INSURANCE_GROUP = 10;
export const LONG_RANGE_MILES = 300;

const STOP_WORDS = new Set(
  (
    'a an the for with and or to of in on my me i im is it its car cars motor motors vehicle looking look want wants need ' +
    'needs please something some any anything show find get what are there that does be but like would should could ' +
    'can do have has from at by as this these those one ones which who good nice decent really very also just only'
  ).split(' '),
);
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our']);
/** Everyday words one letter away from a car name ("space" / E-Pace): never read as typos. */
const NOT_TYPOS = new Set(
  (
    'space spaces price prices trips family miles range running costs compare cheaper better bigger smaller power speed ' +
    'drive driver drivers motorway journey journeys commute comfy quiet reliable modern sporty practical economy insurance ' +
    'insure boots seats seater petrol class place parts model models brand brands match latest newest lowest doors'
  ).split(' '),
);

interface Match {
  start: number;
  end: number;
  entry: Entry;
}

interface State {
  tokens: string[];
  used: boolean[];
  out: ParsedQuery;
  sorts: { at: number; sort: QuerySort }[];
  excludedFuels: Set<FuelType>;
  matches: Match[];
  firstCar: boolean;
}

function pushUnique<T>(list: T[] | undefined, values: readonly T[]): T[] {
  const out = list ? [...list] : [];
  for (const v of values) if (!out.includes(v)) out.push(v);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Phrase rules: regexes over the words not yet claimed (claimed words read as "§").
// ---------------------------------------------------------------------------------------------
type Rule = [RegExp, (m: RegExpExecArray, st: State, at: number) => void];

const MONEY = '£?(\\d+(?:\\.\\d+)?)(?: pounds| quid)?';
const rx = (body: string) => new RegExp(`(?<![^\\s])(?:${body})(?![^\\s])`, 'g');
const num = (s: string | undefined) => Number(s);
const isMoney = (m: RegExpExecArray, n: number) => n >= 500 || m[0].includes('£');

function roundBand(n: number): number {
  return Math.round(n / 100) * 100;
}

function plateYear(plate: number): number {
  if (plate >= 1000) return plate;
  return plate >= 50 ? 2000 + plate - 50 : 2000 + plate;
}

function rules(referenceYear: number): Rule[] {
  const setSort = (sort: QuerySort) => (_m: RegExpExecArray, st: State, at: number) => st.sorts.push({ at, sort });
  const setBudgetMax = (m: RegExpExecArray, st: State) => {
    const n = num(m[1]);
    if (isMoney(m, n)) st.out.budgetMax ??= n;
  };
  return [
    // Monthly budgets first: "250 permonth" is never a cash price.
    [
      rx(
        `(?:(?:under|below|less than|max(?:imum)?|up to|upto|no more than|around|about|roughly|at most|for|budget of|sub) )?${MONEY} permonth(?: max| or less| tops)?`,
      ),
      (m, st) => {
        st.out.monthlyBudgetMax ??= num(m[1]);
      },
    ],
    [
      rx(`(?:max(?:imum)? )?permonth (?:of |budget of |under |max )?${MONEY}`),
      (m, st) => {
        st.out.monthlyBudgetMax ??= num(m[1]);
      },
    ],
    // Road tax (VED).
    [
      rx(
        `(?:road )?(?:tax|ved)(?: of| under| below| less than| max| up to| no more than| at most)? ${MONEY}(?: peryear)?`,
      ),
      (m, st) => {
        st.out.maxAnnualTax ??= num(m[1]);
      },
    ],
    [
      rx(`£?0 (?:road )?(?:tax|ved)|(?:free|no|zero|nil) (?:road )?(?:tax|ved)|(?:road )?tax (?:free|exempt)`),
      (_m, st) => {
        st.out.maxAnnualTax = 0;
      },
    ],
    [
      rx(`(?:cheap|cheaper|cheapest|low|lower|lowest|minimal) (?:road )?(?:tax|ved)(?: (?:and|&) insurance)?`),
      (m, st) => {
        st.out.maxAnnualTax ??= CHEAP_TAX_MAX;
        if (m[0].endsWith('insurance')) st.out.maxInsuranceGroup ??= LOW_INSURANCE_GROUP;
      },
    ],
    // Insurance, and who will drive.
    [
      rx(
        '(?:first car|first motor|new drivers?|newly passed|just passed(?: my test)?|young drivers?|learners?(?: friendly)?|' +
          '(?<!(?:under|than|to|max|most) )(?:1[7-9]|2[0-5]) ?(?:year|yr)s? old)',
      ),
      (_m, st) => {
        st.firstCar = true;
      },
    ],
    [
      rx(
        'insurance group(?: of| under| below| less than| up to| max| no more than)? (\\d{1,2})(?: or (?:lower|less|below|under))?',
      ),
      (m, st) => {
        st.out.maxInsuranceGroup = num(m[1]);
      },
    ],
    [
      rx(
        '(?:cheap|cheaper|cheapest|low|lower|lowest) (?:to )?insur(?:e|ance)(?: group)?|(?:insurance|insure) (?:is )?cheap',
      ),
      (_m, st) => {
        st.out.maxInsuranceGroup ??= LOW_INSURANCE_GROUP;
      },
    ],
    // Electric range.
    [
      rx(
        '(\\d+)(?: plus)? (?:miles?|mi) (?:of )?range|range (?:of )?(?:at least |over |more than |min(?:imum)? )?(\\d+)(?: plus)?(?: miles?)?|' +
          '(?:does |do )?(\\d+) miles? (?:on a|per|on one) charge|(?:at least|over|more than|min(?:imum)?) (\\d+) miles?(?! permonth)',
      ),
      (m, st) => {
        st.out.minRangeMiles ??= num(m[1] ?? m[2] ?? m[3] ?? m[4]);
      },
    ],
    [
      rx('long range|longest range|big range|good range'),
      (_m, st) => {
        st.out.minRangeMiles ??= LONG_RANGE_MILES;
      },
    ],
    // Mileage.
    [
      rx('(\\d+) miles? (?:a|per|each) (?:day|week)|(\\d+) miles? peryear|commute (?:of )?(\\d+) miles?'),
      () => undefined,
    ],
    [
      rx(
        '(?:under|below|less than|max(?:imum)?|up to|no more than|fewer than|sub|with less than|with under) (\\d+) (?:miles?|mi|mileage)|' +
          '(\\d+) (?:miles?|mi) (?:or less|or under|max)|mileage (?:under|below|less than|of less than|max) (\\d+)(?: miles?)?',
      ),
      (m, st) => {
        st.out.maxMileage ??= num(m[1] ?? m[2] ?? m[3]);
      },
    ],
    [rx('low(?:est)? (?:mileage|miles)|fewest miles|least miles'), setSort('mileage_asc')],
    // Age: plates, years, "3 years old", "nearly new".
    [
      rx('(\\d{2}|\\d{4}) plate(?: or (?:newer|later|above)| onwards| plus| and (?:newer|above)| on)?'),
      (m, st) => {
        st.out.minYear ??= plateYear(num(m[1]));
      },
    ],
    [
      rx('(?:newer than|after|later than) ((?:19|20)\\d\\d)'),
      (m, st) => {
        st.out.minYear ??= num(m[1]) + 1;
      },
    ],
    [
      rx(
        '(?:from |since |registered )?((?:19[89]|20[0-3])\\d)(?: or (?:newer|later|above)| onwards| plus| and (?:newer|above|up)| on)?',
      ),
      (m, st) => {
        st.out.minYear ??= num(m[1]);
      },
    ],
    [
      rx(
        '(?:under|less than|no more than|no older than|up to|max(?:imum)?|at most|younger than) (\\d{1,2}) (?:years?|yrs?)(?: old)?',
      ),
      (m, st) => {
        st.out.minYear ??= referenceYear - num(m[1]);
      },
    ],
    [
      rx('nearly new|almost new'),
      (_m, st) => {
        st.out.minYear ??= referenceYear - 1;
      },
    ],
    // Seats.
    [
      rx(
        '(\\d) ?(?:seaters?|seats?)|(?:seats?|seat for|room for|space for|fits) (\\d)(?: people| adults| of us)?|family of (\\d)',
      ),
      (m, st) => {
        st.out.seatsMin = Math.max(st.out.seatsMin ?? 0, num(m[1] ?? m[2] ?? m[3]));
      },
    ],
    // Cash budgets.
    [
      rx(`(?:between |from )?${MONEY} (?:to|and) ${MONEY}`),
      (m, st) => {
        const [a, b] = [num(m[1]), num(m[2])];
        if (!isMoney(m, Math.max(a, b))) return;
        st.out.budgetMin ??= Math.min(a, b);
        st.out.budgetMax ??= Math.max(a, b);
      },
    ],
    [
      rx(`(?:around|about|roughly|circa|approx(?:imately)?|~|for about|for around) ${MONEY}`),
      (m, st) => {
        const n = num(m[1]);
        if (!isMoney(m, n)) return;
        st.out.budgetMin ??= roundBand(n * 0.8);
        st.out.budgetMax ??= roundBand(n * 1.2);
      },
    ],
    [
      rx(
        `(?:for )?(?:under|below|less than|max(?:imum)?(?: budget)?(?: of| is)?|up to|upto|no more than|not more than|sub|` +
          `budget(?: of| is)?|nothing over|not over|nothing above|at most|within|for|for under|spend(?: of)?) ${MONEY}`,
      ),
      setBudgetMax,
    ],
    [rx(`${MONEY} (?:max(?:imum)?|tops|or less|or under|budget|to spend|limit)`), setBudgetMax],
    [
      rx(`(?:over|above|more than|at least|from|starting at|min(?:imum)?) ${MONEY}`),
      (m, st) => {
        const n = num(m[1]);
        if (isMoney(m, n)) st.out.budgetMin ??= n;
      },
    ],
    [rx('£(\\d+(?:\\.\\d+)?)'), setBudgetMax],
    [rx('(\\d{4,6})(?: pounds| quid)?'), setBudgetMax],
    // ULEZ.
    [
      rx(
        '(?:(?:ok|okay|good|fine|safe) for |needs to be |must be )?(?:ulez|ultra low emission zone)(?: compliant| friendly| free| exempt| ok| okay| safe| proof)?',
      ),
      (_m, st) => {
        st.out.ulezCompliant = true;
      },
    ],
    // Order.
    [rx('cheap finance|low finance'), () => undefined],
    [
      rx(
        '(?:cheap|cheapest|cheaper|inexpensive) to run|low(?:est)? running costs?|(?:most )?economical|(?:fuel )?efficient|' +
          '(?:good|best|great|high) (?:mpg|fuel economy|economy)|frugal',
      ),
      setSort('running_cost_asc'),
    ],
    [rx('most expensive|priciest|highest price|price high to low'), setSort('price_desc')],
    [rx('newest|latest|most recent|just listed|newly listed'), setSort('newest')],
    [rx('(?:best|top|highest) (?:rated|reviewed|scoring)|best'), setSort('score_desc')],
    [rx('cheapest|cheap|cheaper|lowest price|bargain|inexpensive|affordable|price low to high'), setSort('price_asc')],
  ];
}

/** The string rules run on: claimed words as "§", with each word's start offset. */
function view(st: State): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  st.tokens.forEach((t, i) => {
    if (i) text += ' ';
    starts.push(text.length);
    text += st.used[i] ? '§' : t;
  });
  return { text, starts };
}

function claim(st: State, starts: number[], from: number, to: number): number {
  let first = -1;
  for (let i = 0; i < starts.length; i++) {
    const tokenEnd = starts[i] + (st.used[i] ? 1 : st.tokens[i].length);
    if (starts[i] < to && tokenEnd > from) {
      st.used[i] = true;
      if (first < 0) first = i;
    }
  }
  return first;
}

function runRules(st: State, ruleList: Rule[]): void {
  for (const [re, apply] of ruleList) {
    const { text, starts } = view(st);
    re.lastIndex = 0;
    const found: RegExpExecArray[] = [];
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) re.lastIndex++;
      else found.push(m);
    }
    for (const m of found) {
      const at = claim(st, starts, m.index, m.index + m[0].length);
      apply(m, st, at);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary passes.
// ---------------------------------------------------------------------------------------------
function lookup(index: VocabularyIndex, tokens: string[], i: number, len: number): Entry[] | undefined {
  const key = tokens
    .slice(i, i + len)
    .map(keyOf)
    .join('');
  const hit = index.entries.get(key);
  if (hit || len > 1 || key.length <= 3) return hit;
  // Plurals: "estates", "teslas", "automatics".
  if (key.endsWith('es')) return index.entries.get(key.slice(0, -2)) ?? index.entries.get(key.slice(0, -1));
  if (key.endsWith('s')) return index.entries.get(key.slice(0, -1));
  return undefined;
}

interface PassContext {
  index: VocabularyIndex;
  mentionedBrands: Set<string>;
  original: string;
}

function modelAllowed(e: Extract<Entry, { kind: 'model' }>, ctx: PassContext, words: string[]): boolean {
  const brandNamed = e.brands.some((b) => ctx.mentionedBrands.has(b));
  if (e.numeric && !brandNamed) return false;
  if (e.ambiguous && !brandNamed) {
    // A capitalised "Focus" or "Leaf" in the original text is the car.
    const re = new RegExp(
      `(?<![\\p{L}])${words.map((w) => w[0].toUpperCase() + w.slice(1)).join('[\\s-]*')}(?![\\p{L}])`,
      'u',
    );
    return re.test(ctx.original);
  }
  return true;
}

function usable(entries: Entry[], ctx: PassContext, words: string[]): Entry | undefined {
  for (const e of entries) {
    if (e.kind !== 'model') return e;
    if (modelAllowed(e, ctx, words)) return e;
  }
  return undefined;
}

function exactPass(st: State, ctx: PassContext): void {
  for (let i = 0; i < st.tokens.length; i++) {
    if (st.used[i]) continue;
    for (let len = Math.min(ctx.index.maxSpan, st.tokens.length - i); len >= 1; len--) {
      if (st.used.slice(i, i + len).some(Boolean)) continue;
      // "a class" is the Mercedes, "a 3 series" is not an Audi A3.
      if (len > 1 && st.tokens[i] === 'a' && !/^[a-z]/.test(st.tokens[i + 1])) continue;
      const entries = lookup(ctx.index, st.tokens, i, len);
      const entry = entries && usable(entries, ctx, st.tokens.slice(i, i + len));
      if (!entry) continue;
      for (let k = i; k < i + len; k++) st.used[k] = true;
      st.matches.push({ start: i, end: i + len, entry });
      i += len - 1;
      break;
    }
  }
}

function fuzzyPass(st: State, ctx: PassContext): void {
  for (let i = 0; i < st.tokens.length; i++) {
    if (st.used[i]) continue;
    const word = keyOf(st.tokens[i]);
    const allowance = typoAllowance(word.length);
    if (!allowance || /\d/.test(word) || STOP_WORDS.has(word) || NOT_TYPOS.has(word)) continue;
    let best: string | undefined;
    let bestDistance = allowance + 1;
    for (const key of ctx.index.fuzzyKeys) {
      const d = editDistance(word, key, allowance);
      if (d < bestDistance) {
        bestDistance = d;
        best = key;
      }
    }
    if (!best) continue;
    const entry = usable(ctx.index.entries.get(best) ?? [], ctx, [best]);
    if (!entry) continue;
    st.used[i] = true;
    st.matches.push({ start: i, end: i + 1, entry });
  }
}

/** Brands named anywhere (exactly or with a typo): numeric and ambiguous model names need one. */
function mentionedBrands(tokens: string[], index: VocabularyIndex): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    for (const len of [2, 1]) {
      const key = tokens
        .slice(i, i + len)
        .map(keyOf)
        .join('');
      const name = index.brandKeys.get(key) ?? index.brandKeys.get(key.replace(/s$/, ''));
      if (name) out.add(name);
    }
    const word = keyOf(tokens[i]);
    const allowance = typoAllowance(word.length);
    if (!allowance) continue;
    for (const [key, name] of index.brandKeys) if (editDistance(word, key, allowance) <= allowance) out.add(name);
  }
  return out;
}

const SIMILAR_BEFORE = [
  ['like'],
  ['similar', 'to'],
  ['alternative', 'to'],
  ['alternatives', 'to'],
  ['rival', 'to'],
  ['rivals', 'to'],
  ['rival', 'for'],
  ['instead', 'of'],
  ['equivalent', 'to'],
  ['such', 'as'],
];
const SIMILAR_AFTER = new Set(['alternative', 'alternatives', 'rival', 'rivals', 'equivalent', 'competitor']);

/** "like a Golf", "alternative to the BMW X3", "Octavia alternative": the model is a reference, not a filter. */
function findSimilar(st: State): void {
  for (const m of st.matches) {
    if (m.entry.kind !== 'model') continue;
    let i = m.start - 1;
    const between: Match[] = [];
    while (i >= 0) {
      const prior = st.matches.find((x) => x.end === i + 1 && x.entry.kind === 'brand');
      if (prior) {
        between.push(prior);
        i = prior.start - 1;
      } else if (ARTICLES.has(st.tokens[i])) i--;
      else break;
    }
    const triggerBefore = SIMILAR_BEFORE.find((words) =>
      words.every((w, k) => st.tokens[i - words.length + 1 + k] === w && !st.used[i - words.length + 1 + k]),
    );
    const after = st.tokens[m.end];
    const triggerAfter = after !== undefined && SIMILAR_AFTER.has(after) && !st.used[m.end];
    if (!triggerBefore && !triggerAfter) continue;
    st.out.similarTo = m.entry.names[0];
    if (triggerBefore) for (let k = i - triggerBefore.length + 1; k <= i; k++) st.used[k] = true;
    if (triggerAfter) st.used[m.end] = true;
    st.matches = st.matches.filter((x) => x !== m && !between.includes(x));
    return;
  }
}

function applyMatches(st: State): void {
  for (const { entry: e } of st.matches) {
    switch (e.kind) {
      case 'brand':
        st.out.brands = pushUnique(st.out.brands, e.names);
        break;
      case 'model':
        st.out.models = pushUnique(st.out.models, e.names);
        break;
      case 'body':
        st.out.bodyStyles = pushUnique(st.out.bodyStyles, e.styles);
        break;
      case 'fuel':
        st.out.fuelTypes = pushUnique(st.out.fuelTypes, e.fuels);
        break;
      case 'gearbox':
        st.out.gearbox ??= e.value;
        break;
      case 'seats':
        st.out.seatsMin = Math.max(st.out.seatsMin ?? 0, e.min);
        break;
    }
  }
}

const NEGATION = rx(
  '(?:no|not|non|avoid|without|anything but|except|never) (?:an? )?(diesel|petrol|electric|ev|hybrid)s?(?: please)?',
);

function negations(st: State): void {
  const { text, starts } = view(st);
  NEGATION.lastIndex = 0;
  for (let m = NEGATION.exec(text); m; m = NEGATION.exec(text)) {
    claim(st, starts, m.index, m.index + m[0].length);
    st.excludedFuels.add(m[1] === 'ev' ? 'electric' : (m[1] as FuelType));
  }
}

function finish(st: State): ParsedQuery {
  const out = st.out;
  if (st.excludedFuels.size && !out.fuelTypes) out.fuelTypes = FUEL_TYPES.filter((f) => !st.excludedFuels.has(f));
  if (st.firstCar) out.maxInsuranceGroup = Math.min(out.maxInsuranceGroup ?? 99, NEW_DRIVER_INSURANCE_GROUP);
  if (st.sorts.length) out.sort = [...st.sorts].sort((a, b) => a.at - b.at)[0].sort;
  if (out.bodyStyles) out.bodyStyles = BODY_STYLES.filter((b) => out.bodyStyles!.includes(b)) as BodyStyle[];
  const keywords = st.tokens.filter((t, i) => !st.used[i] && !STOP_WORDS.has(t) && t !== '§');
  if (keywords.length) out.keywords = keywords;
  return out;
}

export type QueryParser = (query: string) => ParsedQuery;

/** A parser over one catalogue vocabulary (build it once; parsing is then a few hundred microseconds). */
export function createQueryParser(vocab: Vocabulary, options: ParserOptions = {}): QueryParser {
  const index = buildVocabularyIndex(vocab);
  const ruleList = rules(options.referenceYear ?? new Date().getFullYear());
  return (query: string) => {
    const tokens = normaliseQuery(query).split(' ').filter(Boolean);
    const st: State = {
      tokens,
      used: tokens.map(() => false),
      out: {},
      sorts: [],
      excludedFuels: new Set(),
      matches: [],
      firstCar: false,
    };
    const ctx: PassContext = { index, mentionedBrands: mentionedBrands(tokens, index), original: query };
    negations(st);
    exactPass(st, ctx);
    runRules(st, ruleList);
    fuzzyPass(st, ctx);
    st.matches.sort((a, b) => a.start - b.start);
    findSimilar(st);
    applyMatches(st);
    return finish(st);
  };
}
