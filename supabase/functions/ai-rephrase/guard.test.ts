// The rephrase guard (runs under Deno and vitest).
import { assert, assertEquals, test } from '../_testing/kit.ts';
import { checkRephrase, numbersIn, type GroundedAnswer } from './guard.ts';

const answer: GroundedAnswer = {
  text: 'The Toyota Corolla is cheaper to run: about £1,120 a year in fuel at 8,500 miles, against £1,410 for the Volkswagen Golf. Both are in insurance group 14.',
  figures: ['£1,120', '8,500 miles', '£1,410', '14'],
  cars: ['Toyota Corolla', 'Volkswagen Golf'],
  otherNames: ['Corolla', 'Golf', 'Octavia', 'Qashqai'],
};

/** The refusal's reason; fails when the rephrase was accepted. */
function refusal(text: string): string {
  const verdict = checkRephrase(answer, text);
  assert(!verdict.ok, `accepted: ${text}`);
  return verdict.reason;
}

test('checkRephrase accepts a rewording that keeps every figure and car', () => {
  const text =
    'At 8,500 miles a year the Toyota Corolla costs about £1,120 in fuel, while the Volkswagen Golf costs £1,410. Insurance group 14 for both.';
  assertEquals(checkRephrase(answer, text), { ok: true });
});

test('checkRephrase refuses a changed or dropped figure', () => {
  const changed =
    'At 8,500 miles the Toyota Corolla costs about £1,200 in fuel and the Volkswagen Golf £1,410; group 14.';
  assert(refusal(changed).includes('£1,120'));
  const dropped = 'The Toyota Corolla is cheaper to run than the Volkswagen Golf: £1,120 against £1,410, group 14.';
  assert(refusal(dropped).includes('8,500 miles'));
});

test('checkRephrase refuses a number the answer never had', () => {
  const text = 'At 8,500 miles the Toyota Corolla costs £1,120 and the Volkswagen Golf £1,410, group 14, saving 20%.';
  assertEquals(refusal(text), 'number not in the answer: 20');
});

test('checkRephrase refuses a car not in the answer, from the catalogue list or a known brand, and a dropped car', () => {
  const keep = 'At 8,500 miles the Toyota Corolla costs £1,120, the Volkswagen Golf £1,410; group 14.';
  refusal(`${keep} The Skoda Octavia is similar.`);
  refusal(`${keep} A Nissan Qashqai costs more.`);
  assertEquals(refusal(`${keep} Consider a Tesla too.`), 'car not in the answer: Tesla');
  const noGolf = 'At 8,500 miles the Toyota Corolla costs £1,120 against £1,410; group 14.';
  assertEquals(refusal(noGolf), 'car dropped: Volkswagen Golf');
});

test('checkRephrase refuses an empty reply', () => {
  assertEquals(checkRephrase(answer, '  '), { ok: false, reason: 'empty' });
});

test('numbersIn reads numbers as written without thousands separators', () => {
  assertEquals(numbersIn('£24,995 at 52.3 mpg, 8,500 miles.'), ['24995', '52.3', '8500']);
});
