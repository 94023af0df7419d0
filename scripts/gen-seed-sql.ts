/** Writes supabase/seed/catalogue.sql from generateCatalogue(), for `supabase db reset` on hosted Supabase. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateCatalogue } from '../supabase/seed/catalogue';
import { catalogueSql } from '../supabase/seed/sql';

const target = fileURLToPath(new URL('../supabase/seed/catalogue.sql', import.meta.url));
const started = Date.now();
const sql = catalogueSql(generateCatalogue());
writeFileSync(target, sql);
console.log(`Wrote ${target} (${(sql.length / 1_048_576).toFixed(1)} MB) in ${Date.now() - started} ms`);
