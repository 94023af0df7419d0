// Resized variants (sharp, libvips): WebP copies 320, 640 and 1280 px wide are stored with every uploaded
// image; the render endpoint serves the smallest stored variant at least as wide as asked, and larger
// widths from a short ladder made once from the original and kept. Anything else (a height, a quality, the
// original format) is made on the fly from the nearest variant, a few at a time.
import sharp, { type Metadata } from 'sharp';
import { ERR } from './errors';

export const VARIANT_WIDTHS = [320, 640, 1280] as const;
/** Widths over 1280 snap up to these (made from the original on first request, then kept). */
export const LARGE_WIDTHS = [1920, 2560] as const;
const ALL_WIDTHS = [...VARIANT_WIDTHS, ...LARGE_WIDTHS];
/** A decompression bomb (a tiny file of huge dimensions) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;
const MAX_PARALLEL = 2;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs image work at most MAX_PARALLEL at a time: a flood of render requests queues instead of piling up. */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const open = (input: Buffer) => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

export interface Variant {
  width: number;
  data: Buffer;
}

/** The stored variants of an uploaded image; refuses bytes that do not decode as the image they claim to be. */
export function makeVariants(original: Buffer): Promise<{ width: number; height: number; variants: Variant[] }> {
  return limited(async () => {
    let meta: Metadata;
    let variants: Variant[];
    try {
      meta = await open(original).metadata();
      // Making the variants decodes the whole image: a valid header followed by garbage fails here.
      variants = await Promise.all(
        VARIANT_WIDTHS.map(async (width) => ({ width, data: await resizeToWebp(original, width) })),
      );
    } catch {
      throw ERR.invalidRequest('The image could not be read');
    }
    const upright = (meta.orientation ?? 1) >= 5;
    return {
      width: (upright ? meta.height : meta.width) ?? 0,
      height: (upright ? meta.width : meta.height) ?? 0,
      variants,
    };
  });
}

function resizeToWebp(input: Buffer, width: number): Promise<Buffer> {
  return open(input).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
}

/** The stored or cached width that serves a request for `width` (undefined: the 1280 variant). */
export function variantWidthFor(width: number | undefined): number {
  if (width === undefined) return 1280;
  return ALL_WIDTHS.find((w) => w >= width) ?? ALL_WIDTHS[ALL_WIDTHS.length - 1]!;
}

export const isLargeWidth = (w: number) => (LARGE_WIDTHS as readonly number[]).includes(w);

export function makeLargeVariant(original: Buffer, width: number): Promise<Buffer> {
  return limited(() => resizeToWebp(original, width));
}

export interface TransformOptions {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  quality?: number;
  /** 'origin' keeps the source's format; otherwise WebP. */
  format: 'webp' | 'origin';
}

function positiveInt(value: string | null, name: string, max: number): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw ERR.invalidRequest(`${name} must be an integer from 1 to ${max}`);
  return n;
}

export function parseTransform(q: URLSearchParams): TransformOptions {
  const resize = q.get('resize') ?? 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') {
    throw ERR.invalidRequest('resize must be cover, contain or fill');
  }
  const format = q.get('format') ?? 'webp';
  if (format !== 'origin' && format !== 'webp') throw ERR.invalidRequest('format must be origin or webp');
  return {
    width: positiveInt(q.get('width'), 'width', 2500),
    height: positiveInt(q.get('height'), 'height', 2500),
    quality: positiveInt(q.get('quality'), 'quality', 100),
    resize,
    format,
  };
}

/** True when a stored (or cached) variant answers the request as it is. */
export const isPlainWidthRequest = (t: TransformOptions) =>
  t.height === undefined && (t.quality === undefined || t.quality === WEBP_QUALITY) && t.format === 'webp';

/** An on-the-fly transform of `source` (a variant, or the original for format=origin). */
export function transform(source: Buffer, t: TransformOptions): Promise<{ data: Buffer; type: string }> {
  return limited(async () => {
    let img = open(source)
      .rotate()
      .resize({ width: t.width, height: t.height, fit: t.resize, withoutEnlargement: true });
    const quality = t.quality ?? WEBP_QUALITY;
    if (t.format === 'webp') return { data: await img.webp({ quality }).toBuffer(), type: 'image/webp' };
    const format = (await open(source).metadata()).format;
    if (format === 'jpeg') img = img.jpeg({ quality });
    else if (format === 'png') img = img.png();
    else img = img.webp({ quality });
    const type = format === 'jpeg' ? 'image/jpeg' : format === 'png' ? 'image/png' : 'image/webp';
    return { data: await img.toBuffer(), type };
  });
}
