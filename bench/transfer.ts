// `npm run bench:transfer`: bytes on the wire for the first download of the catalogue, fetched page by
// page as the sync pull does (its column list, (updated_at, id) cursor, 1,000 rows a page), once per
// Accept-Encoding: identity (the raw JSON), gzip, and br (what a browser asks for). node:http does not
// decompress, so the counted bytes are exactly the response bodies sent. Target: the whole catalogue
// (every catalogue table) <= 3 MB on the wire. The listing count is whatever the stack seeds
// (MOTORLY_LISTINGS). measureTransfer() is shared with bench:sync and bench:scale.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../supabase/local/server';
import { pullSelect } from '../src/data/pull-columns';
import { CATALOGUE_TABLES } from '../src/data/types';
import { isMain } from './is-main';

const PAGE = 1000;
export const TRANSFER_TARGET_BYTES = 3 * 1024 * 1024;
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface Page {
  body: Buffer;
  encoding: string;
}

export interface TableTransfer {
  table: string;
  rows: number;
  pages: number;
  /** Walking the pages once with identity (the server's time, mostly): ms. */
  walkMs: number;
  /** Body bytes per Accept-Encoding (identity: the raw JSON). */
  bytes: Record<Encoding, number>;
  /** Content-Encoding the server answered with, per Accept-Encoding. */
  sentAs: Record<Encoding, string>;
}

export interface Transfer {
  tables: TableTransfer[];
  rows: number;
  raw: number;
  gzip: number;
  br: number;
  walkMs: number;
}

function get(url: string, key: string, encoding: Encoding): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, {
      headers: { apikey: key, authorization: `Bearer ${key}`, 'accept-encoding': encoding },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if ((res.statusCode ?? 500) >= 300) reject(new Error(`HTTP ${res.statusCode}: ${Buffer.concat(chunks)}`));
        else resolve({ body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
    });
    req.on('error', reject);
  });
}

/** The pull's page URLs for one table, walked with its cursor; every encoding then fetches the same pages. */
async function pageUrls(base: string, key: string, table: string): Promise<{ urls: string[]; rows: number }> {
  const urls: string[] = [];
  let after: { updated_at: string; id: string } | undefined;
  let rows = 0;
  for (;;) {
    const q = new URLSearchParams({ select: pullSelect(table), order: 'updated_at.asc,id.asc' });
    q.set('limit', String(PAGE));
    if (after)
      q.set('or', `(updated_at.gt.${after.updated_at},and(updated_at.eq.${after.updated_at},id.gt.${after.id}))`);
    const url = `${base}/rest/v1/${table}?${q}`;
    const page = await get(url, key, 'identity');
    const data = JSON.parse(page.body.toString('utf8')) as { updated_at: string; id: string }[];
    urls.push(url);
    rows += data.length;
    if (data.length < PAGE) return { urls, rows };
    after = data[data.length - 1];
  }
}

/** Bytes of the first download of `tables` (default: the whole catalogue), per encoding. */
export async function measureTransfer(
  base: string,
  key: string,
  tables: readonly string[] = CATALOGUE_TABLES,
): Promise<Transfer> {
  const out: TableTransfer[] = [];
  for (const table of tables) {
    const t0 = performance.now();
    const { urls, rows } = await pageUrls(base, key, table);
    const walkMs = performance.now() - t0;
    const bytes = { identity: 0, gzip: 0, br: 0 };
    const sentAs = { identity: '', gzip: '', br: '' };
    for (const encoding of ENCODINGS) {
      for (const url of urls) {
        const page = await get(url, key, encoding);
        bytes[encoding] += page.body.length;
        sentAs[encoding] = page.encoding;
      }
    }
    out.push({ table, rows, pages: urls.length, walkMs, bytes, sentAs });
  }
  const sum = (f: (t: TableTransfer) => number) => out.reduce((n, t) => n + f(t), 0);
  return {
    tables: out,
    rows: sum((t) => t.rows),
    raw: sum((t) => t.bytes.identity),
    gzip: sum((t) => t.bytes.gzip),
    br: sum((t) => t.bytes.br),
    walkMs: sum((t) => t.walkMs),
  };
}

export const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;

async function main(): Promise<void> {
  const stack = await startStack({
    port: 0,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'motorly-transfer-')),
    quiet: true,
  });
  try {
    const t = await measureTransfer(stack.url, stack.anonKey);
    console.log(`First download of the catalogue, ${t.rows} rows in pages of ${PAGE} (pull column lists)`);
    console.log(
      `${'table'.padEnd(22)} ${'rows'.padStart(7)} ${'pages ms'.padStart(9)} ${'raw JSON'.padStart(10)} ${'gzip'.padStart(10)} ${'br'.padStart(10)}  br vs raw`,
    );
    const line = (name: string, rows: number, ms: number, raw: number, gz: number, br: number) =>
      console.log(
        `${name.padEnd(22)} ${String(rows).padStart(7)} ${ms.toFixed(0).padStart(9)} ${mb(raw).padStart(10)} ${mb(gz).padStart(10)} ${mb(br).padStart(10)}  ` +
          `${((br / raw) * 100).toFixed(1)}% (${(raw / br).toFixed(1)}x smaller)`,
      );
    for (const x of t.tables) line(x.table, x.rows, x.walkMs, x.bytes.identity, x.bytes.gzip, x.bytes.br);
    line('whole catalogue', t.rows, t.walkMs, t.raw, t.gzip, t.br);
    const sent = t.tables[0]?.sentAs;
    if (sent) console.log(`Sent as: identity -> ${sent.identity}, gzip -> ${sent.gzip}, br -> ${sent.br}`);
    const met = t.br <= TRANSFER_TARGET_BYTES ? 'MET' : 'MISSED';
    console.log(`Target: the whole catalogue <= ${mb(TRANSFER_TARGET_BYTES)} on the wire (br): ${mb(t.br)}, ${met}`);
  } finally {
    await stack.close();
  }
}

if (isMain(import.meta.url))
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
