/**
 * The AI assistant's answers, grounded in the catalogue: every figure comes from the car facts it is
 * given, every car it names is returned as a link target, and when the data does not hold an answer
 * it says so. Follow-ups ("cheaper", "only automatics") refine the previous search.
 */
import { formatGBP } from '../../shared/lib/format';
import { BODY_STYLE_LABELS, FUEL_LABELS } from '../uk/body';
import { DEFAULT_ANNUAL_MILES } from '../uk/mileage';
import { compareOn, figureOf, measureAsked } from './assistant-measures';
import { isUlezQuestion, ulezAnswer } from './assistant-ulez';
import type { QueryParser } from './parser';
import type { ParsedQuery } from './query-types';
import { annualRunningCost, rankCars, relaxationMessage, type CarFacts, type RankOptions } from './rank';

/** A model's facts plus the figures the assistant quotes. */
export interface AssistantCar extends CarFacts {
  bootLitres: number | null;
  zeroTo62: number | null;
}

export interface ListingVerdict {
  car: CarFacts;
  /** e.g. 'Good price', with market value and comparables, or why there is no verdict. */
  available: boolean;
  label?: string;
  marketValue?: number;
  difference?: number;
  comparables?: number;
  message?: string;
}

export interface AssistantContext {
  parse: QueryParser;
  models: readonly AssistantCar[];
  rankOptions: RankOptions;
  /** The signed-in user's budget, fuels and body styles, used when a question gives none. */
  profile?: { budgetMin: number; budgetMax: number; fuels: string[]; bodies: string[] } | null;
  /** A listing's price verdict (from comparable listings), or null when it is not in the store. */
  listingVerdict?: (id: string) => Promise<ListingVerdict | null>;
  /** The listing the chat was opened from (`?listing=`). */
  listingId?: string | null;
}

export interface AnswerCar {
  car: CarFacts;
  note: string;
}

export interface Answer {
  text: string;
  cars: AnswerCar[];
  /** The search this answer ran, for follow-ups to refine. */
  search?: ParsedQuery;
  known: boolean;
}

const MILES_PER_YEAR = DEFAULT_ANNUAL_MILES;
const money = (n: number) => formatGBP(n);
const name = (c: CarFacts) => `${c.brand} ${c.model}`;

function findModels(text: string, q: ParsedQuery, models: readonly AssistantCar[]): AssistantCar[] {
  const names = [...(q.models ?? []), ...(q.similarTo ? [q.similarTo] : [])];
  const lower = text.toLowerCase();
  const found: AssistantCar[] = [];
  for (const n of names) {
    const candidates = models.filter((m) => m.model === n);
    const withBrand = candidates.find((m) => q.brands?.includes(m.brand)) ?? candidates[0];
    if (withBrand && !found.includes(withBrand)) found.push(withBrand);
  }
  // Keep the order the user named them in.
  return found.sort((a, b) => lower.indexOf(a.model.toLowerCase()) - lower.indexOf(b.model.toLowerCase()));
}

function runningLine(c: AssistantCar): string {
  const cost = annualRunningCost(c, MILES_PER_YEAR);
  const economy = c.fuel === 'electric' ? `${c.miPerKwh ?? '?'} miles per kWh` : `${c.mpg ?? '?'} mpg`;
  return cost === null
    ? `I don't have an economy figure for the ${name(c)}`
    : `about ${money(cost)} a year (${economy}, road tax ${money(c.annualTax ?? 0)})`;
}

function compare(a: AssistantCar, b: AssistantCar): Answer {
  const row = (c: AssistantCar) =>
    [
      `from ${money(c.listPrice ?? c.price)} new`,
      c.fuel === 'electric' ? `${c.rangeMiles ?? '?'} miles of range` : `${c.mpg ?? '?'} mpg`,
      c.bootLitres !== null ? `${c.bootLitres}-litre boot` : 'boot size not known',
      `${c.seats} seats`,
      c.zeroTo62 !== null ? `0-62 mph in ${c.zeroTo62} s` : null,
      `insurance group ${c.insuranceGroup ?? '?'}`,
      c.expertScore !== null ? `expert score ${c.expertScore}/10` : null,
    ]
      .filter(Boolean)
      .join(', ');
  const cheaper = a.listPrice! <= b.listPrice! ? a : b;
  const roomier = (a.bootLitres ?? 0) >= (b.bootLitres ?? 0) ? a : b;
  const text =
    `${name(a)}: ${row(a)}. ${name(b)}: ${row(b)}. The ${name(cheaper)} is cheaper to buy new` +
    (a.bootLitres !== null && b.bootLitres !== null ? `, and the ${name(roomier)} has the bigger boot.` : '.');
  return { text, cars: [a, b].map((car) => ({ car, note: row(car) })), known: true };
}

/** The cheapest to run of two or more cars, against the next cheapest. */
function cheaperToRun(candidates: AssistantCar[]): Answer {
  const cars = candidates.map((car) => ({ car, note: runningLine(car) }));
  const unknown = candidates.find((c) => annualRunningCost(c, MILES_PER_YEAR) === null);
  if (unknown) return { text: `I can't compare running costs: ${runningLine(unknown)}.`, cars, known: false };
  const [win, lose] = [...candidates].sort(
    (x, y) => annualRunningCost(x, MILES_PER_YEAR)! - annualRunningCost(y, MILES_PER_YEAR)!,
  );
  const [cw, cl] = [annualRunningCost(win, MILES_PER_YEAR)!, annualRunningCost(lose, MILES_PER_YEAR)!];
  return {
    text:
      `The ${name(win)} is ${candidates.length > 2 ? 'the cheapest' : 'cheaper'} to run: ${runningLine(win)}, ` +
      `against ${runningLine(lose)} for the ${name(lose)}. That is ` +
      `${money(cl - cw)} a year less, for ${MILES_PER_YEAR.toLocaleString('en-GB')} miles with fuel or electricity and road tax ` +
      '(insurance and servicing not included).',
    cars,
    known: true,
  };
}

function bootSpace(c: AssistantCar): Answer {
  if (c.bootLitres === null)
    return { text: `I don't have a boot figure for the ${name(c)}.`, cars: [{ car: c, note: '' }], known: false };
  return {
    text: `The ${name(c)} has a ${c.bootLitres}-litre boot with the rear seats up, and seats ${c.seats}.`,
    cars: [{ car: c, note: `${c.bootLitres}-litre boot` }],
    known: true,
  };
}

/** Boot space of each car named before, biggest first. */
function biggestBoot(candidates: AssistantCar[]): Answer {
  const known = candidates.filter((c) => c.bootLitres !== null).sort((a, b) => b.bootLitres! - a.bootLitres!);
  const cars = candidates.map((car) => ({
    car,
    note: car.bootLitres !== null ? `${car.bootLitres}-litre boot` : 'boot size not known',
  }));
  if (!known.length) return { text: "I don't have boot figures for those cars.", cars, known: false };
  const list = known.map((c) => `the ${name(c)} ${c.bootLitres} litres`).join(', ');
  return { text: `The ${name(known[0])} has the biggest boot: ${list} (rear seats up).`, cars, known: true };
}

function describeSearch(q: ParsedQuery): string {
  const parts: string[] = [];
  if (q.fuelTypes) parts.push(q.fuelTypes.map((f) => FUEL_LABELS[f].toLowerCase()).join(' or '));
  if (q.bodyStyles)
    parts.push(q.bodyStyles.map((b) => (b === 'suv' ? 'SUV' : BODY_STYLE_LABELS[b].toLowerCase())).join(' or '));
  if (q.gearbox) parts.push(q.gearbox);
  if (q.seatsMin) parts.push(`${q.seatsMin}+ seats`);
  if (q.budgetMax) parts.push(`up to ${money(q.budgetMax)}`);
  if (q.monthlyBudgetMax) parts.push(`up to ${money(q.monthlyBudgetMax)} a month`);
  return parts.length ? parts.join(', ') : 'everything in the catalogue';
}

const LONG_TRIPS = /\b(motorway|long (?:trips?|journeys?|distance)|long[- ]distance|road ?trips?)\b/i;

function search(text: string, q: ParsedQuery, ctx: AssistantContext, note?: string): Answer {
  const query: ParsedQuery = { ...q };
  delete query.keywords;
  const notes: string[] = note ? [note] : [];
  if (ctx.profile && query.budgetMax === undefined && query.monthlyBudgetMax === undefined && !query.models?.length) {
    query.budgetMax = ctx.profile.budgetMax;
    notes.push(`using your ${money(ctx.profile.budgetMax)} budget`);
  }
  const longTrips = LONG_TRIPS.test(text);
  const cars = ctx.models as AssistantCar[];
  const ranked = rankCars(cars, query, { ...ctx.rankOptions, limit: longTrips ? 30 : 3 });
  let results = ranked.results;
  if (longTrips) {
    // Long motorway trips: range first for EVs, economy for the rest, then comfort (expert score).
    results = [...results]
      .sort((a, b) => (b.car.rangeMiles ?? (b.car.mpg ?? 0) * 5) - (a.car.rangeMiles ?? (a.car.mpg ?? 0) * 5))
      .slice(0, 3);
    notes.push(query.fuelTypes?.includes('electric') ? 'longest range first' : 'most economical first');
  }
  if (results.length === 0) {
    return {
      text: `Nothing in our catalogue matches ${describeSearch(query)}.`,
      cars: [],
      search: query,
      known: false,
    };
  }
  const relaxed = relaxationMessage(ranked.relaxed);
  const lines = results.map((r) => {
    const c = r.car as AssistantCar;
    const figure = c.fuel === 'electric' ? `${c.rangeMiles ?? '?'} miles of range` : `${c.mpg ?? '?'} mpg`;
    return {
      car: c,
      note: `from ${money(c.price)}, ${figure}${c.expertScore !== null ? `, expert score ${c.expertScore}/10` : ''}`,
    };
  });
  const intro =
    `For ${describeSearch(query)}${notes.length ? ` (${notes.join('; ')})` : ''}, my top ${lines.length === 1 ? 'pick is' : `${lines.length} are`}: ` +
    lines.map((l) => `the ${name(l.car)} (${l.note})`).join('; ') +
    '.';
  return { text: relaxed ? `${relaxed} ${intro}` : intro, cars: lines, search: query, known: true };
}

/** "Which is cheaper to run?", "compare them", "boot space?": a question about cars without naming any. */
const ABOUT_CARS = /\b(?:compare|vs\.?|versus|boot|cheap(?:er|est)? to run|running costs?|economical)\b/i;
/** "Which is cheaper to insure?": a comparison on a named measure, about the cars of the last answer. */
const COMPARES = /\b(?:which|cheaper|lower|higher|better|more|less|quick(?:er|est)|fast(?:er|est)|bigger|further)\b/i;
const REFERS_BACK = /\b(?:which|them|they|both|these|those|it|its|one|each)\b|^\s*(?:and\s+)?(?:the\s+)?boot\b/i;

/** The models of the previous answer, for a question that refers back to them. */
function previousModels(previous: Answer | undefined, models: readonly AssistantCar[]): AssistantCar[] {
  const found: AssistantCar[] = [];
  for (const { car } of previous?.cars ?? []) {
    const m = models.find((x) => x.brand === car.brand && x.model === car.model);
    if (m && !found.includes(m)) found.push(m);
  }
  return found;
}

const CHEAPER = /^(?:(?:something|anything|any|show me|what about|and)\s+)?(?:a bit |a little |much )?cheaper\b/i;
const FOLLOW_UP = /^(?:(?:only|just|what about|how about|and|but|make (?:it|them))\b|(?:cheaper|smaller|bigger)\b)/i;

async function listingAnswer(id: string, ctx: AssistantContext): Promise<Answer> {
  const v = ctx.listingVerdict ? await ctx.listingVerdict(id) : null;
  if (!v)
    return { text: "I can't find that listing on this device, so I can't judge its price.", cars: [], known: false };
  if (!v.available) {
    return {
      text: `I can't judge the price of the ${v.car.title} at ${money(v.car.price)}: ${v.message}`,
      cars: [{ car: v.car, note: money(v.car.price) }],
      known: false,
    };
  }
  const diff = v.difference ?? 0;
  const side = diff < 0 ? `${money(-diff)} below` : diff > 0 ? `${money(diff)} above` : 'right at';
  return {
    text:
      `${v.label}: the ${v.car.title} is ${money(v.car.price)}, ${side} our market value of ${money(v.marketValue ?? 0)}, ` +
      `worked out from ${v.comparables} comparable listings of the same model adjusted for age and mileage.`,
    cars: [
      {
        car: v.car,
        note: `${money(v.car.price)}, ${v.car.year}, ${(v.car.mileage ?? 0).toLocaleString('en-GB')} miles`,
      },
    ],
    known: true,
  };
}

/** Answers one message; `previous` is the last answer, for follow-ups. */
export async function answerQuestion(text: string, ctx: AssistantContext, previous?: Answer): Promise<Answer> {
  const message = text.trim();
  if (!message) return { text: 'Ask me about any car in our catalogue.', cars: [], known: false };
  const listingMatch =
    /\/marketplace\/([0-9a-f-]{36})/i.exec(message) ??
    /\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i.exec(message);
  if (
    /\b(?:good|fair|bad|decent|great) (?:price|deal)|worth (?:it|the money)|over ?priced|price (?:ok|okay|right)/i.test(
      message,
    )
  ) {
    const id = listingMatch?.[1] ?? ctx.listingId;
    if (id) return listingAnswer(id, ctx);
    return {
      text: 'Open a listing and ask from there (or paste its link), and I will compare its price with similar cars for sale.',
      cars: [],
      known: false,
    };
  }

  const q = ctx.parse(message);
  const mentioned = findModels(message, q, ctx.models);
  const measure = measureAsked(message);
  const asksAboutCars = ABOUT_CARS.test(message) || (measure !== null && COMPARES.test(message));
  const refersBack = mentioned.length === 0 && asksAboutCars && REFERS_BACK.test(message);
  const named = refersBack ? previousModels(previous, ctx.models) : mentioned;
  const unknownCar = ABOUT_CARS.test(message) && named.length === 0;
  if (unknownCar && refersBack) {
    return {
      text: "Which cars do you mean? Name them, e.g. 'which is cheaper to run, a Golf or a Focus?'",
      cars: [],
      known: false,
    };
  }
  if (unknownCar) {
    return {
      text: "I don't know that car: I can only answer about models in the Motorly catalogue. Try its brand and model name, e.g. 'Kia Sportage'.",
      cars: [],
      known: false,
    };
  }
  if (isUlezQuestion(message, q, named.length)) return ulezAnswer(q, named[0]);
  if (
    named.length >= 2 &&
    /cheap(?:er|est) to run|running cost|cost(?:s)? (?:less|more) to run|economical/i.test(message)
  )
    return cheaperToRun(named);
  if (named.length >= 2 && refersBack && /\bboot\b|luggage|load space/i.test(message)) return biggestBoot(named);
  // Asked about one measure (insurance, tax, mpg, boot, 0-62, range): answer on that figure alone.
  if (named.length >= 2 && measure) return compareOn(measure, named);
  if (named.length >= 2) return compare(named[0], named[1]);
  if (named.length === 1 && measure === 'boot') return bootSpace(named[0]);
  if (named.length === 1 && /running cost|cheap to run|cost to run|economy/i.test(message)) {
    const c = named[0];
    return {
      text: `The ${name(c)} costs ${runningLine(c)} to run over ${MILES_PER_YEAR.toLocaleString('en-GB')} miles.`,
      cars: [{ car: c, note: runningLine(c) }],
      known: true,
    };
  }
  if (named.length === 1 && measure) return figureOf(measure, named[0]);

  // Follow-ups refine the previous search.
  if (previous?.search && (CHEAPER.test(message) || FOLLOW_UP.test(message))) {
    const refined: ParsedQuery = { ...previous.search };
    for (const [k, v] of Object.entries(q))
      if (k !== 'keywords' && k !== 'sort') (refined as Record<string, unknown>)[k] = v;
    let note: string | undefined;
    if (CHEAPER.test(message) && previous.cars.length) {
      const cheapest = Math.min(...previous.cars.map((c) => c.car.price));
      refined.budgetMax = Math.max(0, cheapest - 1);
      note = `cheaper than the ${money(cheapest)} before`;
    }
    return search(message, refined, { ...ctx, profile: null }, note);
  }

  const filters = Object.keys(q).filter((k) => k !== 'keywords');
  if (filters.length > 0 || /\b(?:best|recommend|suggest|which car|what car)\b/i.test(message))
    return search(message, q, ctx);
  return {
    text:
      "I don't know how to answer that from our data. I can compare two models, say which is cheaper to run, give boot space, " +
      "suggest cars for a budget and need (e.g. 'best EV for long motorway trips under £35k'), and judge a listing's price.",
    cars: [],
    known: false,
  };
}
