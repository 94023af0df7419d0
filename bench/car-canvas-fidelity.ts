// `npx tsx bench/car-canvas-fidelity.ts`: the car pictures drawn on a canvas (car-canvas-scene.ts +
// car-canvas-paint.ts, as the car art worker draws them) against the browser's own rendering of the same SVG,
// in Chromium. Every silhouette x view, in black, white, blue and red, over every backdrop; per picture the
// mean absolute difference per channel (0-255) and the share of pixels off by more than 48 in some channel, as
// the page shows it (encoded as the worker sends it, car-picture-encode.ts, and decoded), and its size.
// Writes side-by-side sheets (SVG left, canvas right) next to BENCH_FIDELITY_PNG. Exits 1 above the limits.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { carArtSvg, type CarArtInput, type CarView } from '../src/entities/car/components/car-art';
import { SILHOUETTE_BODY, SILHOUETTES } from '../src/entities/car/components/car-shape';

const OUT = process.env.BENCH_FIDELITY_PNG ?? '/tmp/car-canvas-fidelity.png';
const MEAN_LIMIT = 2.5;
const OFF_LIMIT = 0.03;
/** Issue 36: at most 15 KB a card picture (the boxes here are a card's at 2x, MAX_PICTURE_DENSITY). */
const BYTES_LIMIT = 15 * 1024;
const VIEWS: CarView[] = ['side', 'front-three-quarter', 'rear-three-quarter', 'interior'];
const COLOURS = ['Black', 'White', 'Metallic Blue', 'Red'];
const BACKDROPS = ['studio', 'forecourt', 'dusk', 'showroom'] as const;

const cases: { input: CarArtInput; w: number; h: number }[] = [];
let n = 0;
for (const silhouette of SILHOUETTES)
  for (const view of VIEWS) {
    const colour = COLOURS[n % COLOURS.length];
    const backdrop = BACKDROPS[Math.floor(n / 3) % BACKDROPS.length];
    // Mostly a 2x card (5:3); every fifth a box of another shape, to check the cover crop.
    const [w, h] = n % 5 === 4 ? [700, 300] : [800, 480];
    cases.push({
      input: { bodyStyle: SILHOUETTE_BODY[silhouette], silhouette, colour, view, backdrop, brand: 'Volkswagen' },
      w,
      h,
    });
    n++;
  }

function sized(svg: string, w: number, h: number): string {
  return svg.replace(/width="400" height="240"/, `width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice"`);
}

async function main(): Promise<void> {
  const bundle = await build({
    stdin: {
      contents:
        "import { parseScene } from './car-canvas-scene'; import { paintScene } from './car-canvas-paint';" +
        "import { encodePicture } from './car-picture-encode';" +
        'Object.assign(globalThis, { parseScene, paintScene, encodePicture });',
      resolveDir: new URL('../src/entities/car/components/', import.meta.url).pathname,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  await page.setContent('<html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const results: { label: string; mean: number; off: number; png: string; bytes: number; type: string }[] = [];
  for (const c of cases) {
    const svg = carArtSvg(c.input);
    const r = await page.evaluate(
      async ({ svg, ref, w, h }) => {
        const g = globalThis as unknown as {
          parseScene: (s: string) => unknown;
          paintScene: (ctx: unknown, s: unknown, w: number, h: number) => void;
          encodePicture: (c: OffscreenCanvas) => Promise<Blob>;
        };
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ref)}`;
        await img.decode();
        const a = new OffscreenCanvas(w, h).getContext('2d')!;
        a.drawImage(img, 0, 0, w, h);
        const painted = new OffscreenCanvas(w, h);
        g.paintScene(painted.getContext('2d')!, g.parseScene(svg), w, h);
        // As the page shows it: encoded in the worker's format, then decoded.
        const encoded = await g.encodePicture(painted);
        const b = new OffscreenCanvas(w, h).getContext('2d')!;
        b.drawImage(await createImageBitmap(encoded), 0, 0);
        const da = a.getImageData(0, 0, w, h).data;
        const db = b.getImageData(0, 0, w, h).data;
        let sum = 0;
        let off = 0;
        for (let i = 0; i < da.length; i += 4) {
          let worst = 0;
          for (let k = 0; k < 3; k++) {
            const d = Math.abs(da[i + k] - db[i + k]);
            sum += d;
            worst = Math.max(worst, d);
          }
          if (worst > 48) off++;
        }
        // Side by side at half size for the sheet.
        const sheet = new OffscreenCanvas(w, h / 2);
        const s = sheet.getContext('2d')!;
        s.drawImage(a.canvas, 0, 0, w / 2, h / 2);
        s.drawImage(b.canvas, w / 2, 0, w / 2, h / 2);
        const blob = await sheet.convertToBlob();
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let bin = '';
        for (const x of bytes) bin += String.fromCharCode(x);
        return {
          mean: sum / ((da.length / 4) * 3),
          off: off / (da.length / 4),
          png: btoa(bin),
          bytes: encoded.size,
          type: encoded.type,
        };
      },
      { svg, ref: sized(svg, c.w, c.h), w: c.w, h: c.h },
    );
    const { silhouette, view, colour, backdrop } = c.input;
    results.push({ label: `${silhouette} ${view} ${colour} ${backdrop} ${c.w}x${c.h}`, ...r });
  }
  // Sheets of eight pairs stacked (written by the page: PNG decode/encode is the browser's).
  const sheets: string[] = [];
  for (let i = 0; i < results.length; i += 8) {
    const sheetPng = await page.evaluate(
      async (pngs: string[]) => {
        const imgs = await Promise.all(
          pngs.map(async (p) => createImageBitmap(await (await fetch(`data:image/png;base64,${p}`)).blob())),
        );
        const W = 800;
        const rows = imgs.map((i) => Math.round((i.height * W) / i.width));
        const c = new OffscreenCanvas(
          W,
          rows.reduce((a, b) => a + b, 0),
        );
        const x = c.getContext('2d')!;
        let y = 0;
        imgs.forEach((i, k) => {
          x.drawImage(i, 0, y, W, rows[k]);
          y += rows[k];
        });
        const bytes = new Uint8Array(await (await c.convertToBlob()).arrayBuffer());
        let bin = '';
        for (const b of bytes) bin += String.fromCharCode(b);
        return btoa(bin);
      },
      results.slice(i, i + 8).map((r) => r.png),
    );
    const file = OUT.replace(/\.png$/, `-${i / 8}.png`);
    writeFileSync(file, Buffer.from(sheetPng, 'base64'));
    sheets.push(file);
  }
  await browser.close();
  let bad = 0;
  for (const r of results) {
    const fail = r.mean > MEAN_LIMIT || r.off > OFF_LIMIT || r.bytes > BYTES_LIMIT;
    if (fail) bad++;
    console.log(
      `${fail ? 'FAIL' : 'ok  '} ${r.label.padEnd(58)} mean ${r.mean.toFixed(2)}  off ${(r.off * 100).toFixed(2)}%  ${(r.bytes / 1024).toFixed(1)} KB ${r.type}`,
    );
  }
  const means = results.map((r) => r.mean);
  const kb = results.map((r) => r.bytes / 1024);
  console.log(
    `${results.length} pictures: mean abs diff per channel avg ${(means.reduce((a, b) => a + b, 0) / means.length).toFixed(2)}, max ${Math.max(...means).toFixed(2)}; ` +
      `encoded ${(kb.reduce((a, b) => a + b, 0) / kb.length).toFixed(1)} KB avg, ${Math.max(...kb).toFixed(1)} KB max (limit ${BYTES_LIMIT / 1024} KB); sheets ${sheets.join(' ')}`,
  );
  if (bad) process.exit(1);
}

void main();
