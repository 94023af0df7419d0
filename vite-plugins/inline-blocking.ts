// What blocks a page's first paint goes into its HTML: the head script and the stylesheets. On slow 4G each
// file the first paint waits for costs a round trip after the HTML (bench:scale's cold visit: HTML in at
// ~0.63 s, /a11y-boot.js and the stylesheets at ~1.4 s). The CSP allows exactly these blocks by their sha256
// (the build writes them to CSP_HASHES_FILE, which scripts/security-headers.ts reads), never 'unsafe-inline'.
import { createHash } from 'node:crypto';
import type { InlineHashes } from '../scripts/security-headers.ts';

/** A CSP source for a block's text: the hash of its exact UTF-8 bytes. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const BLOCKING_SCRIPT = /<script src="\/([^"]+\.js)"><\/script>/g;
const BLOCKING_SHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * `html` with its blocking head scripts and stylesheets inlined, in place (the cascade's order is kept), and
 * the hashes of the blocks it now holds. A hashed stylesheet stays listed, disabled (not fetched), so the app's
 * CSS loader sees it as loaded and does not ask for it again when a screen needs it. Throws if a file's text
 * could end its element early (it would then run or style something else than what was hashed).
 */
export function inlineBlocking(
  html: string,
  source: (file: string) => string,
  hashes: InlineHashes = { scripts: [], styles: [] },
): string {
  const add = (list: string[], text: string) => {
    const hash = cspHash(text);
    if (!list.includes(hash)) list.push(hash);
  };
  return html
    .replace(BLOCKING_SCRIPT, (_m, file: string) => {
      const text = source(file);
      if (/<\/script|<!--/i.test(text)) throw new Error(`inline-blocking: ${file} cannot be inlined as it is`);
      add(hashes.scripts, text);
      return `<script>${text}</script>`;
    })
    .replace(BLOCKING_SHEET, (_m, file: string) => {
      const text = source(file);
      if (/<\/style/i.test(text)) throw new Error(`inline-blocking: ${file} cannot be inlined as it is`);
      add(hashes.styles, text);
      const listed = file.startsWith('assets/') ? `<link rel="stylesheet" crossorigin href="/${file}" disabled>` : '';
      return `<style>${text}</style>${listed}`;
    });
}
