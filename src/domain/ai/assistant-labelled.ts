/**
 * Hand-labelled assistant questions with the answer each must give (issue 34): comparisons answered on
 * the measure asked, not on price, and ULEZ from fuel and year (petrol Euro 4 from about 2006, diesel
 * Euro 6 from about September 2015, UK_FACTS.md). Their parses are in LABELLED_QUERIES too.
 */
import type { Measure } from './assistant-measures';

export type AssistantExpectation =
  /** Answered on `measure`, about these models in the order asked; the winner follows from the data. */
  | { kind: 'compare'; measure: Measure; models: [string, string] }
  | { kind: 'ulez'; model: string; verdict: 'yes' | 'no' | 'depends' };

export interface LabelledQuestion {
  question: string;
  expected: AssistantExpectation;
}

const compare = (question: string, measure: Measure, models: [string, string]): LabelledQuestion => ({
  question,
  expected: { kind: 'compare', measure, models },
});
const ulez = (question: string, model: string, verdict: 'yes' | 'no' | 'depends'): LabelledQuestion => ({
  question,
  expected: { kind: 'ulez', model, verdict },
});

export const ASSISTANT_LABELLED: readonly LabelledQuestion[] = [
  compare('Cheaper to insure, Sportage or Tucson?', 'insurance', ['Sportage', 'Tucson']),
  compare('Which has lower road tax, a Golf or a Focus?', 'tax', ['Golf', 'Focus']),
  compare('Better mpg, Corolla or Golf?', 'mpg', ['Corolla', 'Golf']),
  compare('Which has the bigger boot, Octavia or Passat?', 'boot', ['Octavia', 'Passat']),
  compare('Which is quicker 0-62, a Golf or a Focus?', 'acceleration', ['Golf', 'Focus']),
  compare('Which goes further on a charge, Kia EV6 or Hyundai Ioniq 5?', 'range', ['EV6', 'Ioniq 5']),
  ulez('Is a 2018 diesel Qashqai ULEZ compliant?', 'Qashqai', 'yes'),
  ulez('Is a 2014 diesel Qashqai ULEZ compliant?', 'Qashqai', 'no'),
  ulez('Is a 2015 diesel Golf ULEZ compliant?', 'Golf', 'depends'),
  ulez('Is a 2007 petrol Corsa ULEZ compliant?', 'Corsa', 'yes'),
  ulez('Is a 2004 petrol Golf ULEZ compliant?', 'Golf', 'no'),
];
