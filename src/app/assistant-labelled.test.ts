// The assistant's labelled questions (issue 34) answered over the whole seed catalogue: a comparison
// answers on the measure asked and names the right winner by that figure; ULEZ goes by fuel and year.
// Lives in app/ because it joins the seed's model facts (data/) with the assistant (shared/).
import { describe, expect, it } from 'vitest';
import { assistantCar, cashPriceForMonthly, expertScores } from '@/data/catalogue';
import { answerQuestion, type AssistantCar, type AssistantContext } from '@/domain/ai/assistant';
import { ASSISTANT_LABELLED } from '@/domain/ai/assistant-labelled';
import type { Measure } from '@/domain/ai/assistant-measures';
import { createQueryParser } from '@/domain/ai/parser';
import { seedVocabulary } from '../../supabase/seed/vocabulary';
import { catalogueParts } from '../../supabase/seed/catalogue';

const { tables } = catalogueParts();
const brands = new Map(tables.brands.map((b) => [b.id, b]));
const scores = expertScores(tables.reviews);
const models = tables.car_models.map((m) => assistantCar(m, brands.get(m.brand_id), scores.get(m.id)));
const ctx: AssistantContext = {
  parse: createQueryParser(seedVocabulary(), { referenceYear: 2026 }),
  models,
  rankOptions: { cashForMonthly: cashPriceForMonthly },
};
const byName = (n: string) => models.find((m) => m.model === n)!;

/** The figure each measure compares, lower wins unless marked, and how the answer quotes it. */
const FIGURES: Record<Measure, { value: (c: AssistantCar) => number | null; higherWins?: true; quote: RegExp }> = {
  insurance: { value: (c) => c.insuranceGroup, quote: /insurance group \d+/g },
  tax: { value: (c) => c.annualTax, quote: /£[\d,]+ a year road tax|no road tax/g },
  mpg: { value: (c) => c.mpg, higherWins: true, quote: /[\d.]+ mpg/g },
  boot: { value: (c) => c.bootLitres, higherWins: true, quote: /\d+-litre boot/g },
  acceleration: { value: (c) => c.zeroTo62, quote: /0-62 mph in [\d.]+ s/g },
  range: { value: (c) => c.rangeMiles, higherWins: true, quote: /[\d,]+ miles of range/g },
};

describe('AI assistant labelled questions', () => {
  it.each(ASSISTANT_LABELLED)('$question', async ({ question, expected }) => {
    const a = await answerQuestion(question, ctx);
    expect(a.known).toBe(true);
    if (expected.kind === 'ulez') {
      expect(a.cars.map((c) => c.car.model)).toEqual([expected.model]);
      const start = { yes: /^Yes, very likely:/, no: /^No, very likely not:/, depends: /^It depends:/ }[
        expected.verdict
      ];
      expect(a.text).toMatch(start);
      expect(a.text).toContain(/ diesel /.test(question) ? 'diesels need Euro 6' : 'need Euro 4');
      return;
    }
    const [x, y] = expected.models.map(byName);
    const f = FIGURES[expected.measure];
    const [vx, vy] = [f.value(x)!, f.value(y)!];
    expect(vx).not.toBeNull();
    expect(vy).not.toBeNull();
    // On the measure asked: both cars' figures quoted (one, when level), and nothing about price or other measures.
    expect(a.text.match(f.quote)).toHaveLength(vx === vy ? 1 : 2);
    expect(a.text).not.toMatch(/cheaper to buy|new from|-litre boot.*insurance group/);
    if (vx === vy) expect(a.text).toMatch(/^Both are level/);
    else {
      const winner = (f.higherWins ? vx > vy : vx < vy) ? x : y;
      expect(a.text).toMatch(new RegExp(`^The ${winner.brand} ${winner.model} `));
      expect(a.cars[0].car.model).toBe(winner.model);
    }
  });

  it('answers a follow-up on a measure about the cars of the last answer', async () => {
    const first = await answerQuestion('Compare the Kia Sportage and Hyundai Tucson', ctx);
    const ins = await answerQuestion('which is cheaper to insure?', ctx, first);
    expect(ins.text.match(/insurance group \d+/g)).toHaveLength(2);
    expect(ins.cars.map((c) => c.car.model).sort()).toEqual(['Sportage', 'Tucson']);
  });

  it('keeps ULEZ searches as searches and answers a rule when no year is given', async () => {
    const search = await answerQuestion('ULEZ compliant diesel under 5k automatic', ctx);
    expect(search.search).toMatchObject({ ulezCompliant: true, fuelTypes: ['diesel'] });
    const rule = await answerQuestion('Is a diesel Qashqai ULEZ compliant?', ctx);
    expect(rule.text).toContain('diesels need Euro 6');
    expect(rule.text).toContain('Tell me its year');
  });
});
