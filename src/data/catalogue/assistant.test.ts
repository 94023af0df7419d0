import { describe, expect, it } from 'vitest';
import { assistantCar, expertScores } from './car-facts';
import { cashPriceForMonthly } from './listing-costs';
import { generateCatalogue } from '../../../supabase/seed/catalogue';
import { answerQuestion, type AssistantContext } from '@/shared/lib/ai/assistant';
import { createQueryParser } from '@/shared/lib/ai/parser';
import { annualRunningCost } from '@/shared/lib/ai/rank';
import { seedVocabulary } from '@/shared/lib/ai/seed-vocabulary';

const cat = generateCatalogue();
const brands = new Map(cat.brands.map((b) => [b.id, b]));
const scores = expertScores(cat.reviews);
const models = cat.car_models.map((m) => assistantCar(m, brands.get(m.brand_id), scores.get(m.id)));
const ctx: AssistantContext = {
  parse: createQueryParser(seedVocabulary(), { referenceYear: 2026 }),
  models,
  rankOptions: { cashForMonthly: cashPriceForMonthly },
};
const byName = (n: string) => models.find((m) => m.model === n)!;

describe('AI assistant', () => {
  it('says which of two cars is cheaper to run, quoting the figures', async () => {
    const a = await answerQuestion('which is cheaper to run, a Golf or a Kia Sportage?', ctx);
    const golf = annualRunningCost(byName('Golf'))!;
    const sportage = annualRunningCost(byName('Sportage'))!;
    expect(a.known).toBe(true);
    expect(a.cars.map((c) => c.car.model)).toEqual(['Golf', 'Sportage']);
    expect(a.text).toContain(
      golf < sportage ? 'The Volkswagen Golf is cheaper to run' : 'The Kia Sportage is cheaper to run',
    );
    expect(a.text).toContain(`£${Math.min(golf, sportage).toLocaleString('en-GB')}`);
  });

  it('compares two models and gives boot space from the data', async () => {
    const c = await answerQuestion('compare the Skoda Octavia and Ford Focus', ctx);
    expect(c.cars.map((x) => x.car.model)).toEqual(['Octavia', 'Focus']);
    expect(c.text).toContain(`${byName('Octavia').bootLitres}-litre boot`);
    const b = await answerQuestion('boot space of the Kia Sportage', ctx);
    expect(b.text).toBe(
      `The Kia Sportage has a ${byName('Sportage').bootLitres}-litre boot with the rear seats up, and seats 5.`,
    );
  });

  it('recommends EVs for long motorway trips under a budget, longest range first', async () => {
    const a = await answerQuestion('best EV for long motorway trips under £35k', ctx);
    expect(a.cars.length).toBe(3);
    for (const c of a.cars) {
      expect(c.car.fuel).toBe('electric');
      expect(c.car.price).toBeLessThanOrEqual(35000);
    }
    const ranges = a.cars.map((c) => c.car.rangeMiles ?? 0);
    expect([...ranges].sort((x, y) => y - x)).toEqual(ranges);
  });

  it('narrows the previous answer on a follow-up', async () => {
    const first = await answerQuestion('family SUV under £30k', ctx);
    const auto = await answerQuestion('only automatics', ctx, first);
    expect(auto.search).toMatchObject({ bodyStyles: ['suv'], budgetMax: 30000, gearbox: 'automatic' });
    for (const c of auto.cars) expect(c.car.gearbox).toBe('automatic');
    const cheaper = await answerQuestion('cheaper', ctx, auto);
    const before = Math.min(...auto.cars.map((c) => c.car.price));
    for (const c of cheaper.cars) expect(c.car.price).toBeLessThan(before);
    expect(cheaper.search?.gearbox).toBe('automatic');
  });

  it('answers a question about the cars it just named without naming them again', async () => {
    const first = await answerQuestion('compare Volkswagen Golf and Ford Focus', ctx);
    const run = await answerQuestion('which is cheaper to run?', ctx, first);
    expect(run.known).toBe(true);
    expect(run.cars.map((c) => c.car.model)).toEqual(['Golf', 'Focus']);
    const golf = annualRunningCost(byName('Golf'))!;
    const focus = annualRunningCost(byName('Focus'))!;
    expect(run.text).toContain(golf <= focus ? 'The Volkswagen Golf is cheaper' : 'The Ford Focus is cheaper');
    const boot = await answerQuestion('and which has the bigger boot?', ctx, first);
    const winner = byName('Golf').bootLitres! >= byName('Focus').bootLitres! ? 'Volkswagen Golf' : 'Ford Focus';
    expect(boot.text).toMatch(new RegExp(`^The ${winner} has the biggest boot`));
    const picks = await answerQuestion('best EV for long motorway trips under £35k', ctx);
    const cheapest = await answerQuestion('which of them is cheapest to run', ctx, picks);
    expect(cheapest.cars).toHaveLength(picks.cars.length);
    expect(cheapest.text).toMatch(/is the cheapest to run/);
    const unclear = await answerQuestion('which is cheaper to run?', ctx);
    expect(unclear.known).toBe(false);
    expect(unclear.text).toMatch(/^Which cars do you mean\?/);
  });

  it('says plainly when it does not know', async () => {
    expect((await answerQuestion('compare the Ford Fiesta and the Vauxhall Viva', ctx)).known).toBe(false);
    const a = await answerQuestion('what is the meaning of life?', ctx);
    expect(a.known).toBe(false);
    expect(a.text).toMatch(/^I don't know/);
  });
});
