// `npm run bench:ai`: the AI search parser over the labelled shopper queries (field-level precision and
// recall; targets >= 95% each) and the time to parse a query and rank the whole seeded catalogue
// (305 models + 10,800 listings) in Node (target p95 <= 20 ms). The held-out set is reported beside it.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { cashPriceForMonthly } from '../src/data/catalogue/listing-costs';
import { expertScores, listingFacts, modelFacts } from '../src/data/catalogue/car-facts';
import { evaluate, type Evaluation } from '../src/domain/ai/evaluate';
import { HELD_OUT_QUERIES } from '../src/domain/ai/held-out-queries';
import { LABELLED_QUERIES } from '../src/domain/ai/labelled-queries';
import { createQueryParser } from '../src/domain/ai/parser';
import { rankCars, type CarFacts } from '../src/domain/ai/rank';
import { seedVocabulary } from '../supabase/seed/vocabulary';
import { generateCatalogue, REFERENCE_DATE } from '../supabase/seed/catalogue';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const referenceYear = new Date(REFERENCE_DATE).getUTCFullYear();
const parse = createQueryParser(seedVocabulary(), { referenceYear });

function printEvaluation(title: string, e: Evaluation, count: number): void {
  console.log(`\n${title} (${count} queries)`);
  console.log('field                 precision   recall   facts (expected)');
  for (const f of e.fields) {
    const p = f.predicted ? f.truePositives / f.predicted : 1;
    const r = f.expected ? f.truePositives / f.expected : 1;
    console.log(
      `${f.field.padEnd(20)}  ${pct(p).padStart(9)}  ${pct(r).padStart(7)}   ${String(f.expected).padStart(5)}`,
    );
  }
  console.log(`${'ALL FIELDS'.padEnd(20)}  ${pct(e.precision).padStart(9)}  ${pct(e.recall).padStart(7)}`);
  for (const m of e.misses.slice(0, 10))
    console.log(`  miss: "${m.query}" expected ${JSON.stringify(m.expected)} got ${JSON.stringify(m.got)}`);
}

const main = evaluate(LABELLED_QUERIES, parse);
printEvaluation('Labelled set', main, LABELLED_QUERIES.length);
printEvaluation('Held-out set (information)', evaluate(HELD_OUT_QUERIES, parse), HELD_OUT_QUERIES.length);

const cat = generateCatalogue();
const brands = new Map(cat.brands.map((b) => [b.id, b]));
const models = new Map(cat.car_models.map((m) => [m.id, m]));
const scores = expertScores(cat.reviews);
const live = cat.vehicle_listings.filter((l) => l.status !== 'sold');
const cheapest = new Map<string, number>();
for (const l of live) cheapest.set(l.car_model_id, Math.min(cheapest.get(l.car_model_id) ?? Infinity, l.price));
const modelCars = cat.car_models.map((m) =>
  modelFacts(m, brands.get(m.brand_id), scores.get(m.id), cheapest.get(m.id)),
);
const listingCars = live.map((l) =>
  listingFacts(l, models.get(l.car_model_id), brands.get(l.brand_id), scores.get(l.car_model_id)),
);
const opts = { cashForMonthly: cashPriceForMonthly, limit: 20 };

function parseAndRank(query: string): number {
  const q = parse(query);
  const reference: CarFacts | undefined = q.similarTo ? modelCars.find((c) => c.model === q.similarTo) : undefined;
  return rankCars(modelCars, q, opts, reference).total + rankCars(listingCars, q, opts, reference).total;
}

const queries = LABELLED_QUERIES.map((l) => l.query);
for (const query of queries) parseAndRank(query); // warm-up
// Wall time includes waiting for a CPU on a shared machine; CPU time (this process's user + system
// time over the call) is the work itself. Both are printed; the target is checked on CPU time when
// the machine is busier than its cores (load average above the core count), else on wall time.
const wall: number[] = [];
const cpu: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const query of queries) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    parseAndRank(query);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
}
const pctl = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const load = os.loadavg()[0];
const busy = load > os.cpus().length;
console.log(
  `\nParse + rank ${modelCars.length} models and ${listingCars.length} listings, ${wall.length} runs (load ${load.toFixed(1)} on ${os.cpus().length} cores):`,
);
console.log(
  `  wall  p50 ${pctl(wall, 0.5).toFixed(2)} ms   p95 ${pctl(wall, 0.95).toFixed(2)} ms   max ${pctl(wall, 1).toFixed(2)} ms`,
);
console.log(
  `  cpu   p50 ${pctl(cpu, 0.5).toFixed(2)} ms   p95 ${pctl(cpu, 0.95).toFixed(2)} ms   max ${pctl(cpu, 1).toFixed(2)} ms`,
);
const p95 = busy ? pctl(cpu, 0.95) : pctl(wall, 0.95);
const ok = main.precision >= 0.95 && main.recall >= 0.95 && p95 <= 20;
console.log(
  `\nTargets (precision >= 95%, recall >= 95%, p95 <= 20 ms on ${busy ? 'CPU' : 'wall'} time): ${ok ? 'met' : 'NOT met'}`,
);
