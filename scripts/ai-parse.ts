// `npm run --silent ai:parse -- "query"` prints what the AI search understood as one JSON object;
// `--stdin` reads one query per line and prints one JSON object per line, in order.
import { createInterface } from 'node:readline';
import { createQueryParser } from '../src/domain/ai/parser';
import { seedVocabulary } from '../supabase/seed/vocabulary';

const parse = createQueryParser(seedVocabulary());
const args = process.argv.slice(2);

if (args.includes('--stdin')) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) process.stdout.write(JSON.stringify(parse(line)) + '\n');
} else if (args.length === 0) {
  process.stderr.write('Usage: npm run --silent ai:parse -- "family SUV under £25k"  (or --stdin)\n');
  process.exitCode = 2;
} else {
  process.stdout.write(JSON.stringify(parse(args.join(' '))) + '\n');
}
