/**
 * The parser's vocabulary straight from the seed's hand-written brand and model lists: for Node
 * (the ai:parse command, bench:ai and tests). The app builds its vocabulary from the local store.
 */
import type { Vocabulary } from '../../src/domain/ai/query-types';
import { BRANDS } from './data/brands';
import { MODEL_ROWS } from './data/models';

export function seedVocabulary(): Vocabulary {
  return {
    brands: BRANDS.map((b) => ({ name: b.name, country: b.country })),
    models: Object.entries(MODEL_ROWS).flatMap(([brand, rows]) =>
      rows.map((row) => ({ name: row.split('|')[0], brand })),
    ),
  };
}
