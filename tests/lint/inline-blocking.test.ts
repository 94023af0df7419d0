// The build's inline head script and stylesheets (vite-plugins/inline-blocking.ts) and the CSP that allows
// exactly them (scripts/security-headers.ts): a block whose text is not the hashed text is not allowed.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineBlocking } from '../../vite-plugins/inline-blocking';
import {
  appSecurityHeaders,
  CSP_HASHES_FILE,
  inlineHashesFile,
  readInlineHashes,
  staticHostHeadersFile,
  type InlineHashes,
} from '../../scripts/security-headers';

const FILES: Record<string, string> = {
  'a11y-boot.js': 'document.documentElement.dataset.a=1;\n',
  'assets/index-abc.css': 'body{margin:0}',
  'assets/car-def.css': '.car{color:red}',
  'prerender.css': '[data-pr-style="pr-s0"]{width:1px}',
};
const source = (file: string) => {
  const text = FILES[file];
  if (text === undefined) throw new Error(`no ${file}`);
  return text;
};
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

const PAGE =
  '<head><script src="/a11y-boot.js"></script><title>T</title>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
  '<link rel="stylesheet" crossorigin href="/assets/car-def.css">' +
  '<link rel="stylesheet" crossorigin href="/assets/late.css" disabled>' +
  '<link rel="stylesheet" crossorigin href="/prerender.css"></head><body></body>';

describe('inline blocking files', () => {
  it('puts the head script and stylesheets in the page, in cascade order, and records their hashes', () => {
    const hashes: InlineHashes = { scripts: [], styles: [] };
    const html = inlineBlocking(PAGE, source, hashes);
    expect(html).toBe(
      `<head><script>${FILES['a11y-boot.js']}</script><title>T</title>` +
        '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled>' +
        '<style>.car{color:red}</style><link rel="stylesheet" crossorigin href="/assets/car-def.css" disabled>' +
        '<link rel="stylesheet" crossorigin href="/assets/late.css" disabled>' +
        `<style>${FILES['prerender.css']}</style></head><body></body>`,
    );
    expect(hashes.scripts).toEqual([sha(FILES['a11y-boot.js'])]);
    expect(hashes.styles).toEqual(
      ['assets/index-abc.css', 'assets/car-def.css', 'prerender.css'].map((f) => sha(FILES[f])),
    );
    // A second page with the same files adds no hash twice.
    inlineBlocking(PAGE, source, hashes);
    expect(hashes.styles).toHaveLength(3);
  });

  it('refuses a file whose text would end its element early', () => {
    const bad = (file: string) => (file.endsWith('.js') ? 'a="</script><script>evil()";' : source(file));
    expect(() => inlineBlocking(PAGE, bad)).toThrow(/cannot be inlined/);
    const badCss = (file: string) => (file.endsWith('.css') ? 'a{}</style><script>' : source(file));
    expect(() => inlineBlocking(PAGE, badCss)).toThrow(/cannot be inlined/);
  });
});

describe('the CSP of a build with inline blocks', () => {
  const hashes: InlineHashes = { scripts: [], styles: [] };
  inlineBlocking(PAGE, source, hashes);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-hashes-'));
  writeFileSync(path.join(dir, CSP_HASHES_FILE), inlineHashesFile(hashes));

  it("allows the build's blocks and nothing else: no 'unsafe-inline', and a changed block's hash is not listed", () => {
    const csp = appSecurityHeaders(['http://127.0.0.1:54321'], readInlineHashes(dir))['Content-Security-Policy'];
    expect(directive(csp, 'script-src')).toEqual(["'self'", sha(FILES['a11y-boot.js'])]);
    expect(new Set(directive(csp, 'style-src'))).toEqual(new Set(["'self'", ...hashes.styles]));
    expect(csp).not.toContain('unsafe-inline');
    expect(directive(csp, 'script-src')).not.toContain(sha(`${FILES['a11y-boot.js']}evil();`));
  });

  it('a build without the file gets no hashes; a malformed file is refused', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'csp-hashes-'));
    expect(readInlineHashes(empty)).toEqual({ scripts: [], styles: [] });
    writeFileSync(path.join(empty, CSP_HASHES_FILE), JSON.stringify({ scripts: ["'unsafe-inline'"], styles: [] }));
    expect(() => readInlineHashes(empty)).toThrow(/sha256/);
  });

  it("a static host's headers for the build carry its hashes", () => {
    const file = staticHostHeadersFile(readInlineHashes(dir));
    expect(file).toContain(`script-src 'self' ${sha(FILES['a11y-boot.js'])};`);
    expect(file).not.toContain('unsafe-inline');
  });
});
