import { describe, expect, it } from 'vitest';
import { assistantCar, expertScores } from './car-facts';
import { cashPriceForMonthly } from './listing-costs';
import { generateCatalogue } from '../../../supabase/seed/catalogue';
import { answerQuestion, type Answer, type AssistantContext, type ListingVerdict } from '@/domain/ai/assistant';
import { formatGBP } from '@/shared/lib/format';
import { createQueryParser } from '@/domain/ai/parser';
import { annualRunningCost } from '@/domain/ai/rank';
import { seedVocabulary } from '../../../supabase/seed/vocabulary';

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

/** Every car an answer returns is a link to a real catalogue model, and the text names it. */
function expectLinked(a: Answer): void {
  expect(a.cars.length).toBeGreaterThan(0);
  for (const { car } of a.cars) {
    const model = cat.car_models.find((m) => m.id === car.id);
    expect(model, `${car.brand} ${car.model} links to a catalogue model`).toBeDefined();
    expect(car.kind).toBe('model');
    expect(brands.get(model!.brand_id)!.name).toBe(car.brand);
    expect(a.text).toContain(`${car.brand} ${car.model}`);
  }
}

describe('AI assistant: answers quote the data and link the cars', () => {
  it('"compare X and Y" quotes each car\'s own figures', async () => {
    const a = await answerQuestion('compare the Kia Sportage and the Skoda Octavia', ctx);
    expect(a.known).toBe(true);
    expectLinked(a);
    const [sportage, octavia] = [byName('Sportage'), byName('Octavia')];
    expect(a.cars.map((c) => c.car.id)).toEqual([sportage.id, octavia.id]);
    for (const c of [sportage, octavia]) {
      const own = a.text.slice(a.text.indexOf(`${c.brand} ${c.model}:`));
      expect(own).toContain(`from ${formatGBP(c.listPrice ?? c.price)} new`);
      expect(own).toContain(c.fuel === 'electric' ? `${c.rangeMiles} miles of range` : `${c.mpg} mpg`);
      expect(own).toContain(`${c.bootLitres}-litre boot`);
      expect(own).toContain(`${c.seats} seats`);
      expect(own).toContain(`insurance group ${c.insuranceGroup}`);
    }
    const cheaper = sportage.listPrice! <= octavia.listPrice! ? sportage : octavia;
    expect(a.text).toContain(`The ${cheaper.brand} ${cheaper.model} is cheaper to buy new`);
  });

  it('"boot space of X" gives the figure from the data and links that car only', async () => {
    const corsa = byName('Corsa');
    const a = await answerQuestion('boot space of a Vauxhall Corsa?', ctx);
    expect(a.known).toBe(true);
    expect(a.cars.map((c) => c.car.id)).toEqual([corsa.id]);
    expect(a.text).toContain(`${corsa.bootLitres}-litre boot`);
    expect(a.text).toContain(`seats ${corsa.seats}`);
  });

  it('"best EV for long motorway trips under £35k": the longest ranges in budget, each with its price and range', async () => {
    const a = await answerQuestion('best EV for long motorway trips under £35k', ctx);
    expect(a.known).toBe(true);
    expectLinked(a);
    const eligible = models.filter((m) => m.fuel === 'electric' && m.price <= 35000);
    const best = eligible.map((m) => m.rangeMiles ?? 0).sort((x, y) => y - x);
    expect(a.cars.map((c) => c.car.rangeMiles)).toEqual(best.slice(0, 3));
    for (const { car } of a.cars) {
      expect(a.text).toContain(
        `the ${car.brand} ${car.model} (from ${formatGBP(car.price)}, ${car.rangeMiles} miles of range`,
      );
    }
    expect(a.text).toMatch(/^For electric, up to £35,000 \(longest range first\)/);
  });

  it('"only automatics" as a follow-up keeps the search, names automatics only and quotes their prices', async () => {
    const first = await answerQuestion('family SUV under £30k', ctx);
    const a = await answerQuestion('only automatics', ctx, first);
    expect(a.known).toBe(true);
    expectLinked(a);
    expect(a.text).toMatch(/^For SUV, automatic, up to £30,000/);
    for (const { car, note } of a.cars) {
      const model = byName(car.model);
      expect([model.gearbox, model.body, model.price <= 30000]).toEqual(['automatic', 'suv', true]);
      expect(note).toContain(`from ${formatGBP(car.price)}`);
      expect(a.text).toContain(`the ${car.brand} ${car.model} (${note})`);
    }
    // A manual the first answer may have shown is gone.
    expect(a.cars.some((c) => c.car.gearbox === 'manual')).toBe(false);
  });

  describe('"is this listing a good price"', () => {
    const golf = byName('Golf');
    const listing = {
      ...golf,
      kind: 'listing' as const,
      id: '5a0c6c1e-1111-4222-8333-444455556666',
      title: '2021 Volkswagen Golf 1.5 TSI Life',
      price: 17450,
      year: 2021,
      mileage: 23100,
    };
    const asked: string[] = [];
    const verdicts = new Map<string, ListingVerdict>([
      [
        listing.id,
        { car: listing, available: true, label: 'Good price', marketValue: 18600, difference: -1150, comparables: 14 },
      ],
      [
        '7b1d7d2f-2222-4333-8444-555566667777',
        {
          car: { ...listing, title: '1998 Volkswagen Golf', price: 900 },
          available: false,
          message: 'Too few comparable listings.',
        },
      ],
    ]);
    const withListings: AssistantContext = {
      ...ctx,
      listingVerdict: async (id) => {
        asked.push(id);
        return verdicts.get(id) ?? null;
      },
    };

    it('judges the listing the chat was opened from, quoting price, market value and comparables', async () => {
      const a = await answerQuestion('is this listing a good price?', { ...withListings, listingId: listing.id });
      expect(a.known).toBe(true);
      expect(a.text).toBe(
        'Good price: the 2021 Volkswagen Golf 1.5 TSI Life is £17,450, £1,150 below our market value of £18,600, ' +
          'worked out from 14 comparable listings of the same model adjusted for age and mileage.',
      );
      expect(a.cars).toEqual([{ car: listing, note: '£17,450, 2021, 23,100 miles' }]);
    });

    it('takes a pasted listing link, and says when it cannot judge', async () => {
      asked.length = 0;
      const pasted = await answerQuestion(
        'is http://localhost:5173/marketplace/7b1d7d2f-2222-4333-8444-555566667777 a fair price?',
        withListings,
      );
      expect(asked).toEqual(['7b1d7d2f-2222-4333-8444-555566667777']);
      expect(pasted.known).toBe(false);
      expect(pasted.text).toBe(
        "I can't judge the price of the 1998 Volkswagen Golf at £900: Too few comparable listings.",
      );
      const missing = await answerQuestion('is 00000000-0000-4000-8000-000000000000 a good deal?', withListings);
      expect(missing).toMatchObject({ known: false, cars: [] });
      expect(missing.text).toMatch(/can't find that listing/);
      const none = await answerQuestion('is this a good price?', withListings);
      expect(none.known).toBe(false);
      expect(none.text).toMatch(/^Open a listing and ask from there/);
    });
  });
});
