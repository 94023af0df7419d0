// One pair of screenshots compared with pixelmatch. Pages of different heights are compared on the taller
// canvas, the shorter one padded with magenta, so a page that grew or shrank counts as changed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface PairDiff {
  /** -1 when a shot is missing (its screen failed to load or capture). */
  differing: number;
  total: number;
  percent: number;
  sizes: string;
}

function padded(png: PNG, width: number, height: number): Buffer {
  if (png.width === width && png.height === height) return png.data;
  const out = Buffer.alloc(width * height * 4);
  for (let i = 0; i < out.length; i += 4) out.set([255, 0, 255, 255], i);
  for (let y = 0; y < png.height; y++) {
    png.data.copy(out, y * width * 4, y * png.width * 4, (y + 1) * png.width * 4);
  }
  return out;
}

/** Compares two PNG files; writes a diff image to `diffFile` when any pixel differs. */
export function comparePngs(baseFile: string, headFile: string, diffFile: string): PairDiff {
  const absent = [baseFile, headFile].filter((f) => !existsSync(f));
  if (absent.length) return { differing: -1, total: 0, percent: NaN, sizes: `missing: ${absent.join(', ')}` };
  const base = PNG.sync.read(readFileSync(baseFile));
  const head = PNG.sync.read(readFileSync(headFile));
  const width = Math.max(base.width, head.width);
  const height = Math.max(base.height, head.height);
  const diff = new PNG({ width, height });
  const differing = pixelmatch(padded(base, width, height), padded(head, width, height), diff.data, width, height, {
    threshold: 0.1,
  });
  if (differing > 0) writeFileSync(diffFile, PNG.sync.write(diff));
  const total = width * height;
  const sizes =
    base.width === head.width && base.height === head.height
      ? `${width}x${height}`
      : `${base.width}x${base.height} -> ${head.width}x${head.height}`;
  return { differing, total, percent: (differing / total) * 100, sizes };
}
