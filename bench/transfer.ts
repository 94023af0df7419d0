// `npm run bench:transfer`: bytes on the wire for the first download of the listings, fetched page by
// page as the sync pull does (its column list, (updated_at, id) cursor, 1,000 rows a page), once per
// Accept-Encoding: identity (the raw JSON), gzip, and br (what a browser asks for). node:http does not
// decompress, so the counted bytes are exactly the response bodies sent. Target: the whole catalogue
// <= 3 MB on the wire. The listing count is whatever the stack seeds (MOTORLY_LISTINGS when supported).
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../supabase/local/server';
import { pullSelect } from '../src/data/pull-columns';

const PAGE = 1000;
const TARGET_BYTES = 3 * 1024 * 1024;
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface Page {
  body: Buffer;
  encoding: string;
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

/** The pull's page URLs, walked with its cursor; every encoding then fetches the same pages. */
async function pageUrls(base: string, key: string): Promise<{ urls: string[]; rows: number; raw: number }> {
  const urls: string[] = [];
  let after: { updated_at: string; id: string } | undefined;
  let rows = 0;
  let raw = 0;
  for (;;) {
    const q = new URLSearchParams({ select: pullSelect('vehicle_listings'), order: 'updated_at.asc,id.asc' });
    q.set('limit', String(PAGE));
    if (after)
      q.set('or', `(updated_at.gt.${after.updated_at},and(updated_at.eq.${after.updated_at},id.gt.${after.id}))`);
    const url = `${base}/rest/v1/vehicle_listings?${q}`;
    const page = await get(url, key, 'identity');
    const data = JSON.parse(page.body.toString('utf8')) as { updated_at: string; id: string }[];
    urls.push(url);
    rows += data.length;
    raw += page.body.length;
    if (data.length < PAGE) return { urls, rows, raw };
    after = data[data.length - 1];
  }
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;

async function main(): Promise<void> {
  const stack = await startStack({
    port: 0,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'motorly-transfer-')),
    quiet: true,
  });
  try {
    const key = stack.anonKey;
    const { urls, rows, raw } = await pageUrls(stack.url, key);
    console.log(`First download of ${rows} listings, ${urls.length} pages of ${PAGE} (pull column list)`);
    console.log(
      `${'Accept-Encoding'.padEnd(16)} ${'sent as'.padEnd(9)} ${'bytes'.padStart(10)} ${'size'.padStart(10)}  vs raw`,
    );
    let best = raw;
    for (const encoding of ENCODINGS) {
      let bytes = 0;
      let sent = '';
      for (const url of urls) {
        const page = await get(url, key, encoding);
        bytes += page.body.length;
        sent = page.encoding;
      }
      if (encoding === 'br') best = bytes;
      const ratio = `${((bytes / raw) * 100).toFixed(1)}% (${(raw / bytes).toFixed(1)}x smaller)`;
      console.log(
        `${encoding.padEnd(16)} ${sent.padEnd(9)} ${String(bytes).padStart(10)} ${mb(bytes).padStart(10)}  ${ratio}`,
      );
    }
    const met = best <= TARGET_BYTES ? 'MET' : 'MISSED';
    console.log(`Target: the whole catalogue <= ${mb(TARGET_BYTES)} on the wire (br): ${mb(best)}, ${met}`);
  } finally {
    await stack.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
