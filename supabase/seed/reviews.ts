/**
 * Expert reviews for every model, written from the model's own figures. Phrasing varies by a seeded
 * choice among hand-written templates, so each review reads differently but always quotes real specs.
 */
import { REAL_WORLD_ECONOMY_FACTOR, RUNNING_COST_DEFAULTS, VED_RATES } from '../../src/domain/uk/rates-2026';
import { kindOf, type ModelSpec, type Segment } from './models';
import { rankModels, reliabilityOf, type ClassStanding, type Metric } from './review-ranking';
import { Rng, seconds, seedUuid, thousands } from './random';
import type { ReviewRow, ReviewSections } from './types';

export const REVIEWERS = [
  'Sarah Whitfield',
  'James Okafor',
  'Priya Raman',
  'Tom Haverstock',
  'Eleanor Mackay',
  'Dan Pritchard',
] as const;

const gbp = (n: number): string => `£${thousands(Math.round(n))}`;
const HOME_PENCE = RUNNING_COST_DEFAULTS.homePencePerKwh.value;
const RAPID_PENCE = RUNNING_COST_DEFAULTS.publicRapidPencePerKwh.value;
const RATES = VED_RATES['2026/27'];
/** Expensive-car threshold for a new car of this fuel in 2026/27. */
const supplementThreshold = (electric: boolean): number =>
  electric ? (RATES.zeroEmissionThreshold ?? RATES.expensiveCarThreshold) : RATES.expensiveCarThreshold;

function prosFor(spec: ModelSpec): string[] {
  const r = spec.row;
  const pros: string[] = [];
  if (r.ncap_stars === 5) pros.push(`Five-star Euro NCAP rating (${r.ncap_year})`);
  if (r.fuel_type === 'electric' && (r.ev_range_miles ?? 0) >= 300)
    pros.push(`Long ${r.ev_range_miles}-mile official range`);
  if (r.fuel_type === 'electric' && (r.mi_per_kwh ?? 0) >= 4.6)
    pros.push(`Efficient, at about ${r.mi_per_kwh} miles per kWh officially`);
  if (spec.isPluginHybrid && r.battery_kwh) pros.push(`An official ${r.ev_range_miles} miles of electric-only driving`);
  if (!spec.isPluginHybrid && r.mpg !== null && r.mpg >= 55)
    pros.push(`Frugal, with ${r.mpg} mpg on the official test`);
  if (r.co2_gkm > 0 && r.co2_gkm <= 75) pros.push(`Low ${r.co2_gkm} g/km CO2 keeps first-year tax down`);
  if (r.seats >= 7) pros.push(`${r.seats} seats for bigger families`);
  if ((r.boot_litres ?? 0) >= 520) pros.push(`Big ${r.boot_litres}-litre boot`);
  if ((r.zero_to_62 ?? 99) < 6) pros.push(`Rapid 0-62 mph time of ${seconds(r.zero_to_62)}`);
  if ((r.insurance_group ?? 50) <= 14) pros.push(`Cheap to insure (group ${r.insurance_group})`);
  if (r.price_from <= 20_000) pros.push(`Affordable, from ${gbp(r.price_from)}`);
  if (r.drivetrain === 'awd' && spec.segment !== 'S') pros.push('All-wheel drive for bad-weather grip');
  if ((r.towing_kg ?? 0) >= 2000) pros.push(`Tows up to ${thousands(r.towing_kg ?? 0)}kg`);
  if (spec.brand.retention >= 1.03) pros.push('Holds its value well');
  if (r.gearbox === 'manual' && spec.segment === 'S') pros.push('Slick, engaging manual gearbox');
  if (r.fuel_type === 'hybrid' && !spec.isPluginHybrid && (r.mpg ?? 0) >= 50)
    pros.push('Self-charging hybrid needs no plugging in');
  return pros;
}

function consFor(spec: ModelSpec): string[] {
  const r = spec.row;
  const cons: string[] = [];
  if (r.ncap_stars !== null && r.ncap_stars <= 3)
    cons.push(`Only ${r.ncap_stars} star${r.ncap_stars === 1 ? '' : 's'} from Euro NCAP (${r.ncap_year})`);
  if (r.ncap_stars === null) cons.push('Not yet crash-tested by Euro NCAP');
  if (!spec.isPluginHybrid && r.mpg !== null && r.mpg < 35) cons.push(`Thirsty, at ${r.mpg} mpg officially`);
  if (r.co2_gkm > 150) cons.push(`${r.co2_gkm} g/km CO2 means a big first-year tax bill`);
  if (r.fuel_type === 'electric' && (r.ev_range_miles ?? 0) < 220)
    cons.push(`Modest ${r.ev_range_miles}-mile range for long trips`);
  if ((r.boot_litres ?? 999) < 300) cons.push(`Small ${r.boot_litres}-litre boot`);
  if ((r.zero_to_62 ?? 0) > 11) cons.push(`Leisurely 0-62 mph time of ${seconds(r.zero_to_62)}`);
  if ((r.insurance_group ?? 0) >= 36) cons.push(`High insurance group (${r.insurance_group})`);
  if (r.price_from > supplementThreshold(r.fuel_type === 'electric'))
    cons.push('Expensive car supplement on VED in years two to six');
  if (r.seats <= 4) cons.push(`Only ${r.seats} seats`);
  if (spec.brand.retention <= 0.86) cons.push('Resale values trail the best rivals');
  if (spec.isPluginHybrid) cons.push('Needs regular charging to get near its official economy');
  if (r.doors <= 3 && r.body_style === 'hatchback') cons.push('Three-door body makes the rear seats awkward to reach');
  return cons;
}

const FALLBACK_PROS = [
  'Comfortable on long motorway runs',
  'Easy to drive around town',
  'Well-judged standard equipment',
  'Clear, simple infotainment',
  'Good all-round visibility',
];
const FALLBACK_CONS = [
  'Some hard plastics low down in the cabin',
  'Road noise at motorway speeds',
  'Options push the price up quickly',
  'Rivals are roomier in the back',
  'Ride is firm over broken roads',
];

function pickList(rng: Rng, specific: string[], fallback: readonly string[]): string[] {
  const chosen = specific.slice(0, 5);
  const spare = fallback.filter((x) => !chosen.includes(x));
  while (chosen.length < 3 || (chosen.length < 4 && rng.chance(0.5))) {
    chosen.push(spare.splice(Math.floor(rng.next() * spare.length), 1)[0]);
  }
  return chosen;
}

function titleFor(spec: ModelSpec, rng: Rng): string {
  const r = spec.row;
  const name = `${spec.brand.name} ${r.name}`;
  const kind = kindOf(r.body_style, spec.segment);
  let hooks: string[];
  if (spec.segment === 'S')
    hooks = ["a proper driver's car", 'serious pace with everyday manners', 'thrills that justify the price'];
  else if (r.fuel_type === 'electric' && (r.ev_range_miles ?? 0) >= 320)
    hooks = [
      `the electric ${kind} that goes the distance`,
      'long range, low running costs',
      `an EV that makes a strong case`,
    ];
  else if (r.fuel_type === 'electric')
    hooks = [`an easy-going electric ${kind}`, 'sensible electric motoring', `is this the EV for you?`];
  else if (r.seats >= 7)
    hooks = ['room for seven without the fuss', 'the family bus, done well', `a seven-seat ${kind} tested`];
  else if (r.price_from <= 20_000)
    hooks = ['big value, small price', `a sensible ${kind} that won't break the bank`, 'budget motoring done right'];
  else if (r.price_from >= 60_000)
    hooks = ['luxury with substance', `a premium ${kind} put to the test`, 'worth the money?'];
  else
    hooks = [
      `a ${kind} with broad appeal`,
      'the all-rounder tested',
      `how good is the ${r.name}?`,
      'a well-rounded choice',
    ];
  return `${name} review: ${rng.pick(hooks)}`;
}

function rideSentence(st: ClassStanding): string {
  if (st.z.ride >= 0.8)
    return 'Among its rivals it rides with unusual composure, and wind and road noise are well contained.';
  if (st.z.ride <= -0.8) return 'The flip side is a firm ride: broken town roads send thumps through the cabin.';
  return 'Ride comfort is on a par with the class.';
}

function bootComparison(boot: number, classMedian: number, segment: Segment): string {
  const diff = Math.round(boot - classMedian);
  if (Math.abs(diff) < 25)
    return ` That is close to the ${Math.round(classMedian)}-litre median for ${CLASS_NAMES[segment]}.`;
  return ` That is ${Math.abs(diff)} litres ${diff > 0 ? 'more' : 'less'} than the ${Math.round(classMedian)}-litre median for ${CLASS_NAMES[segment]}.`;
}

function reliabilitySentence(brand: string): string {
  const rel = reliabilityOf(brand);
  if (rel >= 0.8) return `${brand} is near the top of UK owner reliability surveys, so big bills are unlikely.`;
  if (rel <= 0.45)
    return `${brand} trails most brands in UK owner reliability surveys, so an extended warranty is worth pricing.`;
  return `${brand} sits mid-table in UK owner reliability surveys.`;
}

function sections(spec: ModelSpec, standing: ClassStanding, rng: Rng): ReviewSections {
  const r = spec.row;
  const name = r.name;
  const ev = r.fuel_type === 'electric';
  const driving = [
    ev
      ? `With ${r.power_bhp}bhp from its electric motor, the ${name} pulls smoothly and silently from a standstill and reaches 62 mph in ${seconds(r.zero_to_62)}.`
      : `The ${spec.variant} we drove makes ${r.power_bhp}bhp and gets from 0-62 mph in ${seconds(r.zero_to_62)}, which ${(r.zero_to_62 ?? 10) < 8 ? 'feels properly brisk on a B-road' : 'is enough for relaxed motorway joining'}.`,
    rng.pick([
      `Steering is ${spec.segment === 'S' ? 'quick and full of feel' : 'light in town and stable at speed'}, and the ${r.drivetrain === 'awd' ? 'all-wheel-drive system finds grip in the wet' : r.drivetrain === 'rwd' ? 'rear-drive chassis feels balanced' : 'front-drive chassis is predictable'}.`,
      `The ride ${spec.segment === 'L' || spec.segment === 'E' || spec.segment === 'F' ? 'is cushioned and calm, soaking up motorway expansion joints' : 'is on the firm side over potholes but settles down at speed'}.`,
      `Top speed is ${r.top_speed_mph} mph, but it is the ${r.gearbox === 'manual' ? 'slick manual gearbox' : 'smooth automatic gearbox'} you notice day to day.`,
    ]),
    rideSentence(standing),
  ].join(' ');
  const interior =
    rng.pick([
      `Inside, the ${name} feels ${spec.brand.retention >= 1 ? 'solidly screwed together' : 'well laid out, if not the plushest in its class'}, with a large central touchscreen that handles most functions.`,
      `The dashboard is dominated by a large central screen; it responds quickly, and smartphone mirroring comes as standard on every trim.`,
      `Material quality is ${spec.segment >= 'D' && spec.segment !== 'S' ? 'a step above mainstream rivals, with soft-touch surfaces where your hands fall' : 'reasonable for the price, with the nicest finishes saved for higher trims'}.`,
    ]) +
    ' ' +
    rng.pick([
      'The driving position adjusts widely and visibility is good.',
      'Front seats are supportive on long journeys.',
      'Storage cubbies are plentiful, including a decent glovebox and door bins.',
    ]);
  const boot = r.boot_litres ?? 0;
  const bootVerdict =
    boot >= 500 ? 'generous for the class' : boot < 300 ? 'tight, so pack light' : 'about average for the class';
  const size = `${thousands(r.length_mm ?? 0)}mm long and ${thousands(r.width_mm ?? 0)}mm wide`;
  const parking = (r.length_mm ?? 0) > 4700 ? 'needs care in tight multi-storeys' : 'is easy to park';
  const practicality =
    rng.pick([
      `There are ${r.seats} seats and ${r.doors} doors, and the ${boot}-litre boot is ${bootVerdict}. At ${size} it ${parking}.`,
      `Boot space is ${boot} litres, ${bootVerdict}. With ${r.seats} seats and ${r.doors} doors, and measuring ${size}, it ${parking}.`,
      `At ${size}, the ${name} ${parking}. Its ${boot} litres of boot space is ${bootVerdict}, and there ${r.seats === 1 ? 'is one seat' : `are ${r.seats} seats`}.`,
    ]) +
    (r.seats >= 7 ? ' The third row is best kept for children on longer trips.' : '') +
    (r.towing_kg ? ` It can tow up to ${thousands(r.towing_kg)}kg.` : '') +
    bootComparison(r.boot_litres ?? 0, standing.classMedian.boot, spec.segment);
  let running: string;
  if (ev) {
    const perMile = (HOME_PENCE / (r.mi_per_kwh ?? 4)).toFixed(1);
    running = `The official range is ${r.ev_range_miles} miles from a ${r.battery_kwh}kWh battery, roughly ${r.mi_per_kwh} miles per kWh. Charging at home at ${HOME_PENCE}p/kWh works out at about ${perMile}p a mile, far less than petrol; rapid chargers at around ${RAPID_PENCE}p/kWh cost about three times as much. Electric cars now pay VED like everyone else.`;
  } else if (spec.isPluginHybrid) {
    running = `Officially it returns ${r.mpg} mpg with ${r.co2_gkm} g/km CO2, but that relies on a charged ${r.battery_kwh}kWh battery; with an official ${r.ev_range_miles ?? 0} miles of electric range, short commutes can be petrol-free. On long runs expect mid-40s mpg.`;
  } else {
    const group = (r.insurance_group ?? 25) <= 15 ? 'low' : (r.insurance_group ?? 25) <= 30 ? 'middling' : 'high';
    const realWorld = Math.round((r.mpg ?? 0) * REAL_WORLD_ECONOMY_FACTOR);
    running = rng.pick([
      `Official economy is ${r.mpg} mpg with ${r.co2_gkm} g/km CO2; in real-world driving expect 15-20% less. Insurance group ${r.insurance_group} is ${group} for the class.`,
      `On the official test it manages ${r.mpg} mpg, though around ${realWorld} mpg is more realistic in everyday use. CO2 of ${r.co2_gkm} g/km sets the first-year tax, and insurance group ${r.insurance_group} is ${group}.`,
      `Expect about ${realWorld} mpg in the real world against an official ${r.mpg} mpg${r.fuel_type === 'diesel' ? ', and diesel costs more per litre than petrol' : ''}. It emits ${r.co2_gkm} g/km CO2 and sits in insurance group ${r.insurance_group}, which is ${group} for the class.`,
    ]);
  }
  running += ` ${reliabilitySentence(spec.brand.name)}`;
  if (r.price_from > supplementThreshold(ev))
    running += ` With a list price over ${gbp(supplementThreshold(ev))}, it attracts the expensive car supplement from the second year.`;
  const safety =
    (r.ncap_stars !== null
      ? `Euro NCAP awarded the ${name} ${r.ncap_stars} star${r.ncap_stars === 1 ? '' : 's'} in ${r.ncap_year}${r.ncap_stars >= 5 ? ', the top rating' : r.ncap_stars <= 2 ? ', a poor result that reflects missing safety-assist kit' : ''}.`
      : `The ${name} has not been tested by Euro NCAP yet, so we cannot quote a rating.`) +
    ' ' +
    rng.pick([
      'Automatic emergency braking and lane-keeping assistance are standard.',
      'Every version gets autonomous emergency braking; adaptive cruise control is standard on mid-range trims.',
      'Isofix points are fitted to the outer rear seats, and a suite of driver aids comes as standard.',
    ]);
  return { driving, interior, practicality, running_costs: running, safety };
}

const CLASS_NAMES: Record<Segment, string> = {
  A: 'city cars',
  B: 'small cars',
  C: 'family cars',
  D: 'large family cars',
  E: 'executive cars',
  F: 'luxury cars',
  L: 'large SUVs and 4x4s',
  S: 'performance cars',
};
const ordinal = (n: number): string =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** What a metric says about this model, for sentences like "…thanks above all to {strength}". */
function strengthOf(spec: ModelSpec, m: Metric, st: ClassStanding): string {
  const r = spec.row;
  switch (m) {
    case 'boot':
      return `its ${r.boot_litres}-litre boot, ${Math.round((r.boot_litres ?? 0) - st.classMedian.boot)} litres above the class median`;
    case 'economy':
      return r.fuel_type === 'electric'
        ? `its ${r.ev_range_miles}-mile official range`
        : spec.isPluginHybrid
          ? `its official ${r.ev_range_miles ?? 0} miles of electric-only running`
          : `its ${r.mpg} mpg official economy`;
    case 'price':
      return `a ${gbp(r.price_from)} starting price against a class median of ${gbp(-st.classMedian.price)}`;
    case 'safety':
      return r.ncap_stars === null
        ? 'its driver-assistance kit'
        : `its ${r.ncap_stars}-star Euro NCAP rating from ${r.ncap_year}`;
    case 'insurance':
      return `insurance group ${r.insurance_group}, low for the class`;
    case 'ride':
      return 'a calm, cushioned ride';
    case 'pace':
      return `0-62 mph in ${seconds(r.zero_to_62)}`;
    case 'reliability':
      return `${spec.brand.name}'s strong reliability record`;
    case 'resale':
      return 'strong resale values';
  }
}

function weaknessOf(spec: ModelSpec, m: Metric, st: ClassStanding): string {
  const r = spec.row;
  switch (m) {
    case 'boot':
      return `a ${r.boot_litres}-litre boot, ${Math.round(st.classMedian.boot - (r.boot_litres ?? 0))} litres short of the class median`;
    case 'economy':
      return r.fuel_type === 'electric'
        ? `a ${r.ev_range_miles}-mile range that trails its class`
        : spec.isPluginHybrid
          ? `a small ${r.battery_kwh}kWh battery for a plug-in hybrid`
          : `${r.mpg} mpg, thirsty next to its rivals`;
    case 'price':
      return `a ${gbp(r.price_from)} list price, steep against a class median of ${gbp(-st.classMedian.price)}`;
    case 'safety':
      return r.ncap_stars === null
        ? 'no Euro NCAP rating yet'
        : `a ${r.ncap_stars}-star Euro NCAP rating (${r.ncap_year})`;
    case 'insurance':
      return `insurance group ${r.insurance_group}, high for the class`;
    case 'ride':
      return 'a firm, fidgety ride on broken roads';
    case 'pace':
      return (r.zero_to_62 ?? 10) < 8
        ? `less pace than its rivals (0-62 mph in ${seconds(r.zero_to_62)})`
        : `a leisurely ${seconds(r.zero_to_62)} 0-62 mph time`;
    case 'reliability':
      return `${spec.brand.name}'s patchy showing in owner reliability surveys`;
    case 'resale':
      return 'weak resale values';
  }
}

/** Metrics ordered from the model's best (relative to its class) to its worst. */
const ranked = (st: ClassStanding): Metric[] =>
  (Object.keys(st.z) as Metric[]).sort((a, b) => st.weighted[b] - st.weighted[a] || st.z[b] - st.z[a]);

const capitalise = (t: string): string => t.charAt(0).toUpperCase() + t.slice(1);
const numbers = (t: string): string[] => t.match(/\d[\d,.]*/g) ?? [];
/** Class-relative points first, then the absolute ones that do not repeat a figure already quoted. */
function merge(own: string[], absolute: string[]): string[] {
  const quoted = new Set(own.flatMap(numbers));
  return [...own, ...absolute.filter((a) => !numbers(a).some((n) => quoted.has(n)))];
}

function classPros(spec: ModelSpec, st: ClassStanding, absolute: string[]): string[] {
  const own = ranked(st)
    .filter((m) => st.z[m] >= 0.9)
    .slice(0, 2)
    .map((m) => capitalise(strengthOf(spec, m, st).replace(/^its /, '')));
  return merge(own, absolute);
}

function classCons(spec: ModelSpec, st: ClassStanding, absolute: string[]): string[] {
  const own = ranked(st)
    .reverse()
    .filter((m) => st.z[m] <= -0.9)
    .slice(0, 2)
    .map((m) => capitalise(weaknessOf(spec, m, st)));
  return merge(own, absolute);
}

function verdictFor(
  spec: ModelSpec,
  st: ClassStanding,
  all: readonly ModelSpec[],
  standings: Map<string, ClassStanding>,
  rng: Rng,
): string {
  const r = spec.row;
  const name = `${spec.brand.name} ${r.name}`;
  const order = ranked(st);
  const best = order[0];
  const worst = order[order.length - 1];
  const cls = CLASS_NAMES[spec.segment];
  const strength = strengthOf(spec, best, st);
  const weakness = weaknessOf(spec, worst, st);
  const place = `${ordinal(st.classRank)} of the ${st.classSize} ${cls} we have tested`;
  const opening =
    st.classRank === 1
      ? `The ${name} is the best of the ${st.classSize} ${cls} we have tested, and ${strength} is a big part of why.`
      : st.classRank <= Math.ceil(st.classSize / 4)
        ? `Ranked ${place}, the ${name} earns its place near the top with ${strength}.`
        : st.classRank <= Math.ceil((st.classSize * 3) / 4)
          ? `The ${name} comes ${place}: ${strength} is its best card.`
          : `The ${name} is ${place}, and ${strength} does not make up for its shortfalls.`;
  const flawless = st.z[worst] > -0.5;
  const catch_ = flawless
    ? 'It has no real weak spot against its rivals.'
    : rng.pick([`Its weak spot is ${weakness}.`, `The catch is ${weakness}.`, `Where it falls short is ${weakness}.`]);
  const rivals = all.filter((o) => o.segment === spec.segment && o.row.id !== r.id);
  const rival = rivals
    .map((o) => ({ o, z: standings.get(o.row.id)!.z[worst], merit: standings.get(o.row.id)!.merit }))
    .filter((x) => x.z > st.z[worst] + 0.8 && x.merit > st.merit - 1)
    .sort((a, b) => b.z - a.z || b.merit - a.merit)[0];
  const alternative =
    rival && !flawless ? ` If that matters to you, look at the ${rival.o.brand.name} ${rival.o.row.name}.` : '';
  return `${opening} ${catch_}${alternative} Prices start at ${gbp(r.price_from)} on the road.`;
}

export function buildReviews(specs: readonly ModelSpec[]): ReviewRow[] {
  const start = Date.parse('2025-01-06T09:00:00Z');
  const end = Date.parse('2026-10-26T09:00:00Z');
  const standings = rankModels(specs);
  return specs.map((spec) => {
    const rng = new Rng(`review:${spec.row.id}`);
    const standing = standings.get(spec.row.id)!;
    const score = standing.score;
    const pros = pickList(rng, classPros(spec, standing, prosFor(spec)), FALLBACK_PROS);
    const cons = pickList(rng, classCons(spec, standing, consFor(spec)), FALLBACK_CONS);
    const from = Math.max(start, Date.parse(`${spec.since}-02-01T09:00:00Z`));
    const publishedAt = new Date(from + rng.next() * (end - from));
    publishedAt.setUTCHours(7 + rng.int(0, 9), rng.pick([0, 15, 30, 45]), 0, 0);
    const iso = publishedAt.toISOString();
    return {
      id: seedUuid(`review:${spec.row.id}`),
      car_model_id: spec.row.id,
      author: rng.pick(REVIEWERS),
      title: titleFor(spec, rng),
      cs_score: score,
      verdict: verdictFor(spec, standing, specs, standings, rng),
      pros,
      cons,
      sections: sections(spec, standing, rng),
      published: true,
      published_at: iso,
      created_by: null,
      created_at: iso,
      updated_at: iso,
    };
  });
}
