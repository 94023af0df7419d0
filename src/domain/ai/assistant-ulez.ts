/**
 * "Is a 2018 diesel Qashqai ULEZ compliant?": answered from the fuel and the Euro standard its year
 * implies (UK_FACTS.md: petrol Euro 4, generally new from 2006; diesel Euro 6, generally from
 * 1 September 2015; electric always). A year alone cannot prove the Euro standard, so the answer says
 * "very likely" and where to check; a car from the changeover year gets "it depends".
 */
import { formatGBP } from '../../shared/lib/format';
import { FUEL_LABELS, type FuelType } from '../uk/body';
import { ULEZ } from '../uk/rates-2026';
import { ulezStatus } from '../uk/ulez';
import type { Answer, AssistantCar } from './assistant';
import type { ParsedQuery } from './query-types';

const ZONE = /\bulez\b|ultra low emission|clean air zone|low emission zone/i;
const QUESTION = /^\s*(?:is|are|was|will|would|does|do|can|could|if)\b|\?\s*$/i;

/**
 * A question about whether a car is compliant: it asks, and names a car or a year. "Is there a ULEZ
 * compliant SUV under 10k?" and "ULEZ compliant diesel under 5k" name neither, so they stay searches.
 */
export function isUlezQuestion(text: string, q: ParsedQuery, named: number): boolean {
  return ZONE.test(text) && QUESTION.test(text) && (named > 0 || q.minYear !== undefined);
}

const rule = (fuel: FuelType) =>
  fuel === 'diesel'
    ? `diesels need Euro ${ULEZ.dieselEuroMin} (generally cars first registered from 1 September 2015)`
    : `petrol cars${fuel === 'petrol' ? '' : ' and petrol hybrids'} need Euro ${ULEZ.petrolEuroMin} (generally first registered from 2006)`;

const euro = (fuel: FuelType) => (fuel === 'diesel' ? ULEZ.dieselEuroMin : ULEZ.petrolEuroMin);
const CHECK = 'Check the Euro standard on the V5C logbook or with the seller to be sure.';

/** One fuel and year: compliant on 1 January and on 31 December of that year decides yes, no or it depends. */
function verdict(fuel: FuelType, year: number, what: string): { text: string; compliant: boolean | null } {
  const label = FUEL_LABELS[fuel].toLowerCase();
  if (fuel === 'electric')
    return { text: `Yes: a ${what} is electric, and electric cars are always ULEZ compliant.`, compliant: true };
  const early = ulezStatus({ fuel, firstRegistered: `${year}-01-01` }).compliant;
  const late = ulezStatus({ fuel, firstRegistered: `${year}-12-31` }).compliant;
  const car = `a ${year} ${label} ${what}`;
  if (early)
    return {
      text: `Yes, very likely: ${car} will be Euro ${euro(fuel)} or later, and ${rule(fuel)}. ${CHECK}`,
      compliant: true,
    };
  if (!late)
    return {
      text:
        `No, very likely not: ${car} is most likely older than Euro ${euro(fuel)}, and ${rule(fuel)}. ` +
        `It would pay ${formatGBP(ULEZ.dailyCharge)} a day to drive in the zone. ${CHECK}`,
      compliant: false,
    };
  return {
    text: `It depends: ${rule(fuel)}, so ${car} may be either side of the line. ${CHECK}`,
    compliant: null,
  };
}

/** The answer, from the asked fuel (else the named model's) and the asked year (else the rule by fuel). */
export function ulezAnswer(q: ParsedQuery, car: AssistantCar | undefined): Answer {
  const fuels = q.fuelTypes?.length ? q.fuelTypes : car ? [car.fuel] : [];
  const what = car ? `${car.brand} ${car.model}` : 'car';
  const cars = car ? [{ car, note: '' }] : [];
  if (fuels.length === 0)
    return {
      text: `Tell me the car's fuel and year (for example "a 2016 diesel") and I can tell you if it is likely ULEZ compliant: ${rule('petrol')}, and ${rule('diesel')}; electric cars always are.`,
      cars,
      known: false,
    };
  if (q.minYear === undefined) {
    const lines = fuels.map((f) =>
      f === 'electric'
        ? `electric ${what}s are always compliant`
        : `a ${FUEL_LABELS[f].toLowerCase()} ${what} is compliant from Euro ${euro(f)}: ${rule(f)}`,
    );
    return { text: `For ULEZ, ${lines.join('; ')}. Tell me its year and I can say more.`, cars, known: true };
  }
  const answers = fuels.map((f) => verdict(f, q.minYear!, what));
  const note =
    answers.length === 1
      ? answers[0].compliant === null
        ? 'ULEZ: it depends'
        : answers[0].compliant
          ? 'ULEZ likely compliant'
          : 'ULEZ likely not compliant'
      : '';
  return { text: answers.map((a) => a.text).join(' '), cars: car ? [{ car, note }] : [], known: true };
}
