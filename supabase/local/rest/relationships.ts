// Finds the foreign-key relationship behind an embed, as PostgREST does: by target table name,
// FK column or constraint name, optionally narrowed by a !hint; many-to-many through a junction.
import { ApiError } from './errors';
import type { EmbedItem } from './parse';
import type { ForeignKey, Relation, SchemaCache } from './schema-cache';

export type Relationship =
  | { kind: 'to-one'; target: Relation; fk: ForeignKey }
  | { kind: 'to-many'; target: Relation; fk: ForeignKey }
  | { kind: 'many-to-many'; target: Relation; junction: Relation; toParent: ForeignKey; toTarget: ForeignKey };

const matchesHint = (fk: ForeignKey, hint: string) =>
  fk.name === hint || (fk.columns.length === 1 && fk.columns[0] === hint) || fk.table === hint;

function describe(r: Relationship): string {
  if (r.kind === 'many-to-many') return `many-to-many via ${r.junction.name} (${r.toParent.name}, ${r.toTarget.name})`;
  return `${r.kind} using ${r.fk.name}`;
}

export function resolveRelationship(schema: SchemaCache, parent: Relation, embed: EmbedItem): Relationship {
  const fks = schema.foreignKeys;
  let found: Relationship[] = [];
  const target = schema.relations.get(embed.name);
  if (target && target.kind !== 'function') {
    for (const fk of fks) {
      if (fk.table === parent.name && fk.refTable === target.name) found.push({ kind: 'to-one', target, fk });
      if (fk.table === target.name && fk.refTable === parent.name && parent.name !== target.name) {
        found.push({ kind: 'to-many', target, fk });
      }
    }
    if (found.length === 0 || embed.hint) {
      for (const toParent of fks) {
        if (toParent.refTable !== parent.name || toParent.table === target.name || toParent.table === parent.name)
          continue;
        const junction = schema.relations.get(toParent.table);
        if (!junction) continue;
        for (const toTarget of fks) {
          if (toTarget.table === junction.name && toTarget.refTable === target.name && toTarget !== toParent) {
            found.push({ kind: 'many-to-many', target, junction, toParent, toTarget });
          }
        }
      }
    }
    if (embed.hint) {
      const hint = embed.hint;
      found = found.filter((r) =>
        r.kind === 'many-to-many' ? r.junction.name === hint || matchesHint(r.toTarget, hint) : matchesHint(r.fk, hint),
      );
    }
  } else {
    // `brand_id(*)` or `fk_name(*)`: embed named after the FK column or constraint.
    for (const fk of fks) {
      const rel = schema.relations.get(fk.refTable);
      if (
        fk.table === parent.name &&
        rel &&
        (fk.name === embed.name || (fk.columns.length === 1 && fk.columns[0] === embed.name))
      ) {
        found.push({ kind: 'to-one', target: rel, fk });
      }
      const child = schema.relations.get(fk.table);
      if (fk.refTable === parent.name && child && fk.name === embed.name)
        found.push({ kind: 'to-many', target: child, fk });
    }
  }
  if (found.length === 0) {
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${embed.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${embed.name}'${embed.hint ? ` using the hint '${embed.hint}'` : ''} in the schema 'public', but no matches were found.`,
      'Perhaps you meant a different table or a different hint.',
    );
  }
  if (found.length > 1) {
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.name}'`,
      found.map(describe).join('; '),
      `Try changing '${embed.name}' to one of: ${found.map((r) => `'${embed.name}!${r.kind === 'many-to-many' ? r.junction.name : r.fk.name}'`).join(', ')}.`,
    );
  }
  return found[0];
}
