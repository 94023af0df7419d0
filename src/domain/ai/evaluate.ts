/**
 * Field-level precision and recall of parsed queries against labels. Each scalar field and each item
 * of a list field is one fact: precision = right facts / facts the parser gave, recall = right facts /
 * facts the labels hold. Keywords are free text and not scored.
 */
import type { Expected, LabelledQuery } from './labelled-queries';
import type { ParsedQuery } from './query-types';

export interface FieldScore {
  field: string;
  truePositives: number;
  predicted: number;
  expected: number;
}

export interface Evaluation {
  fields: FieldScore[];
  precision: number;
  recall: number;
  misses: { query: string; expected: Expected; got: Expected }[];
}

function facts(value: unknown): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

export function withoutKeywords(parsed: ParsedQuery): Expected {
  const { keywords: _keywords, ...rest } = parsed;
  return rest;
}

export function evaluate(set: readonly LabelledQuery[], parse: (q: string) => ParsedQuery): Evaluation {
  const byField = new Map<string, FieldScore>();
  const misses: Evaluation['misses'] = [];
  for (const { query, expected } of set) {
    const got = withoutKeywords(parse(query));
    let wrong = false;
    for (const field of new Set([...Object.keys(expected), ...Object.keys(got)])) {
      const want = facts(expected[field as keyof Expected]);
      const have = facts(got[field as keyof Expected]);
      const score = byField.get(field) ?? { field, truePositives: 0, predicted: 0, expected: 0 };
      const hits = have.filter((h) => want.includes(h)).length;
      score.truePositives += hits;
      score.predicted += have.length;
      score.expected += want.length;
      byField.set(field, score);
      if (hits !== want.length || hits !== have.length) wrong = true;
    }
    if (wrong) misses.push({ query, expected, got });
  }
  const fields = [...byField.values()].sort((a, b) => a.field.localeCompare(b.field));
  const sum = (k: keyof Omit<FieldScore, 'field'>) => fields.reduce((n, f) => n + f[k], 0);
  return {
    fields,
    precision: sum('truePositives') / Math.max(1, sum('predicted')),
    recall: sum('truePositives') / Math.max(1, sum('expected')),
    misses,
  };
}
