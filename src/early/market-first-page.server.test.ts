// The app server's first page (scripts/market-first-page.ts): one database request per burst of visits, and the
// static page (null) on an error or a slow answer, asking again next time.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listingRow } from '@/data/testing/fixtures';
import { firstPageSource } from '../../scripts/market-first-page';

const PAGE = `<!doctype html>
<html lang="en-GB" data-prerendered-path="/marketplace" data-early-search="{&quot;page_size&quot;:20}">
<head></head><body><div id="root"><section class="cat-results"><h2><span data-coverage="loading">Searching…</span></h2><div class="cat-grid"><span class="skeleton"></span></div></section></div>
</body></html>`;
const answer = { rows: [listingRow({ id: 'c1' })], total: 1, total_is_estimate: false, next_cursor: null };

let server: Server | undefined;
const calls: { body: string; key: string }[] = [];

/** A Data API answering search_listings after `delayMs` with `status`. */
async function api(status: number, delayMs = 0): Promise<string> {
  calls.length = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls.push({ body, key: String(req.headers.apikey) });
      setTimeout(
        () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
        delayMs,
      );
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

function outDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'first-page-'));
  writeFileSync(path.join(dir, 'marketplace.html'), PAGE);
  return dir;
}

describe('the app server’s marketplace first page', () => {
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("asks with the page's own body and key, once for a burst of visits", async () => {
    const source = firstPageSource({
      outDir: outDir(),
      apiUrl: await api(200),
      anonKey: 'anon',
      headers: {},
      timeoutMs: 5000,
    });
    const pages = await Promise.all([source(), source(), source()]);
    expect(calls).toEqual([{ body: '{"page_size":20}', key: 'anon' }]);
    const html = pages[0]!.html.toString();
    expect(html).toContain('data-early-answer');
    expect(html).toContain('data-listing-id="c1"');
    expect(pages[0]!.br.length).toBeGreaterThan(0);
    expect(await source()).toBe(pages[0]);
  });

  it('asks again once the answer is older than its time to live', async () => {
    const source = firstPageSource({
      outDir: outDir(),
      apiUrl: await api(200),
      anonKey: 'a',
      headers: {},
      ttlMs: 0,
      staleMs: 0,
      timeoutMs: 5000,
    });
    await source();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await source();
    expect(calls).toHaveLength(2);
  });

  it('serves an older answer while asking for a fresh one', async () => {
    const opts = { outDir: outDir(), apiUrl: await api(200), anonKey: 'a', headers: {}, ttlMs: 0, timeoutMs: 5000 };
    const source = firstPageSource(opts);
    const first = await source();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await source()).toBe(first);
    await expect.poll(() => calls.length).toBe(2);
  });

  it('serves the static page on an error or a slow answer, and asks again next time', async () => {
    const failing = firstPageSource({
      outDir: outDir(),
      apiUrl: await api(500),
      anonKey: 'a',
      headers: {},
      timeoutMs: 5000,
    });
    expect(await failing()).toBeNull();
    expect(await failing()).toBeNull();
    expect(calls).toHaveLength(2);
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    const slow = firstPageSource({ outDir: outDir(), apiUrl: await api(200, 2000), anonKey: 'a', headers: {} });
    const started = Date.now();
    expect(await slow()).toBeNull();
    // The default wait is 300 ms.
    expect(Date.now() - started).toBeLessThan(1500);
    // The late answer is kept for the next visit.
    await expect.poll(() => slow(), { timeout: 5000 }).not.toBeNull();
  });
});
