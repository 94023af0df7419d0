// Generated car pictures (an illustration system, until dealers' photos arrive): each model drawn as its
// own body style, proportions and design traits (car-shape.ts, car-profile.ts), painted in the listing's
// colour, from four angles over backdrops chosen by the listing's image_seed. Pure string building (no
// DOM), so it renders the same in the page, in tests and offline, and costs no network.
import { brandInitials } from '@/domain/uk/monogram';
import { escapeHtmlText } from '@/shared/lib/escape-html';
import { r1 } from './car-geometry';
import { interiorView } from './car-interior';
import { perspectiveCar } from './car-perspective';
import { sideOf } from './car-profile';
import { carShape, type CarShape, type ShapeSubject } from './car-shape';
import { GRADIENTS } from './car-parts';
import { sideView } from './car-side';

export type CarView = 'front-three-quarter' | 'side' | 'rear-three-quarter' | 'interior';
export type Backdrop = 'studio' | 'forecourt' | 'dusk' | 'showroom';
const BACKDROPS: readonly Backdrop[] = ['studio', 'forecourt', 'dusk', 'showroom'];

const COLOURS: Record<string, string> = {
  black: '#16181d',
  white: '#f4f5f7',
  silver: '#b9bec6',
  grey: '#6b7280',
  gray: '#6b7280',
  blue: '#1f4fa8',
  red: '#b3202a',
  green: '#2f6b3f',
  orange: '#d9661f',
  yellow: '#e0b423',
  brown: '#6b4a32',
  beige: '#cbb894',
  bronze: '#9a6b3c',
  gold: '#b8963e',
  purple: '#5b3a8a',
  maroon: '#6e1f2b',
  turquoise: '#1f8f8a',
};

/** Paint colour for a listing colour name ('Metallic Blue' -> blue); unknown names get a stable hue. */
export function paintFor(colour: string): string {
  const words = colour
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (let i = words.length - 1; i >= 0; i--) {
    const hex = COLOURS[words[i]];
    if (hex) return hex;
  }
  let h = 0;
  for (const ch of colour) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h} 45% 40%)`;
}

/** A chrome roundel with the brand's initials, as on a grille, tailgate or steering wheel. */
function badge(cx: number, cy: number, r: number, brand: string | undefined): string {
  const circle = `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="#e6e8ec" stroke="#6a707a" stroke-width=".5"/>`;
  if (!brand) return circle;
  const initials = escapeHtmlText(brandInitials(brand));
  const size = r1(r * (initials.length >= 3 ? 0.72 : initials.length === 2 ? 0.95 : 1.25));
  return (
    circle +
    `<text x="${r1(cx)}" y="${r1(cy)}" dy="0.35em" text-anchor="middle" font-family="Arial,sans-serif" ` +
    `font-weight="700" font-size="${size}" fill="#22262d">${initials}</text>`
  );
}

/** The gradient behind a backdrop, with the given id (none for the showroom's flat colours). */
function backdropGradient(kind: Backdrop, id: string): string {
  switch (kind) {
    case 'studio':
      return `<radialGradient id="${id}" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#f7f8fa"/><stop offset="1" stop-color="#d5d9e0"/></radialGradient>`;
    case 'forecourt':
      return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ec9ef"/><stop offset="1" stop-color="#e3f0fb"/></linearGradient>`;
    case 'dusk':
      return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#26315c"/><stop offset="1" stop-color="#e59a6b"/></linearGradient>`;
    case 'showroom':
      return '';
  }
}

/** The scene behind the car, filled with the gradient `gradient` (defined elsewhere: see backdrop()). */
function backdropScene(kind: Backdrop, gradient: string): string {
  switch (kind) {
    case 'studio':
      return `<rect width="400" height="240" fill="url(#${gradient})"/>`;
    case 'forecourt':
      return `<rect width="400" height="240" fill="url(#${gradient})"/><rect y="180" width="400" height="60" fill="#8a9099"/><path d="M0,212 L400,212" stroke="#f4f5f7" stroke-width="3" stroke-dasharray="24 16"/>`;
    case 'dusk':
      return `<rect width="400" height="240" fill="url(#${gradient})"/><path d="M0,150 L0,110 L30,110 L30,90 L60,90 L60,120 L90,120 L90,70 L120,70 L120,115 L160,115 L160,95 L190,95 L190,125 L240,125 L240,80 L270,80 L270,110 L310,110 L310,92 L340,92 L340,120 L400,120 L400,150 Z" fill="#1c2240" opacity="0.8"/><rect y="180" width="400" height="60" fill="#5a606c"/>`;
    case 'showroom':
      return '<rect width="400" height="240" fill="#fbfbfc"/><rect y="176" width="400" height="64" fill="#e9ebef"/><path d="M0,176 L400,176" stroke="#c8ccd3"/><rect x="20" y="20" width="360" height="6" rx="3" fill="#e1e4ea"/>';
  }
}

/** The scene behind the car with its own gradient (a picture that stands alone: an <img>, the contact sheet). */
function backdrop(kind: Backdrop, gradient = 'bg'): string {
  const defs = backdropGradient(kind, gradient);
  return (defs ? `<defs>${defs}</defs>` : '') + backdropScene(kind, gradient);
}

const inlineGradientId = (kind: Backdrop): string => `car-art-bg-${kind}`;

/**
 * The gradients every inline picture refers to, defined once in the page (CarImage puts them there) rather
 * than in each picture: with the same ids in every picture, removing the first picture (a virtualised row
 * leaving the top of the screen) re-resolves every url(#id) in the page and repaints every picture.
 * An <svg> of no size, not display: none (whose gradients would not paint).
 */
export const CAR_ART_SHARED_DEFS_ID = 'car-art-defs';
export const CAR_ART_SHARED_DEFS =
  `<svg xmlns="http://www.w3.org/2000/svg" id="${CAR_ART_SHARED_DEFS_ID}" width="0" height="0" ` +
  `aria-hidden="true" focusable="false">${GRADIENTS}` +
  `<defs>${BACKDROPS.map((kind) => backdropGradient(kind, inlineGradientId(kind))).join('')}</defs></svg>`;

export interface CarArtInput extends ShapeSubject {
  colour: string;
  view?: CarView;
  backdrop?: Backdrop;
}

function carOf(input: CarArtInput, shape: CarShape): string {
  const { colour, view = 'side', brand } = input;
  const paint = paintFor(colour);
  const sd = sideOf(shape);
  if (view === 'side') return GRADIENTS + sideView(sd, paint);
  if (view === 'interior') {
    const inside = interiorView(sd, paint);
    return inside.svg + badge(inside.wheel.x, inside.wheel.y, inside.wheel.r, brand);
  }
  const parts = perspectiveCar(sd, paint, view === 'front-three-quarter' ? 'front' : 'rear');
  return parts.svg + badge(parts.badge.x, parts.badge.y, parts.badge.r, brand);
}

/** The car alone, without a backdrop (markup for inside a 400x240 <svg>). */
export function carDrawing(input: CarArtInput): string {
  return carOf(input, carShape(input));
}

function renderSvg(input: CarArtInput, shape: CarShape, inline = false): string {
  const bd = input.backdrop ?? 'studio';
  const car = carOf(input, shape);
  if (inline)
    // In the page: fills its box as the <img> does with object-fit: cover; its gradients are the page's shared
    // ones (CAR_ART_SHARED_DEFS), so the car's own copy of them is left out.
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="100%" height="100%" ` +
      `preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">` +
      `${backdropScene(bd, inlineGradientId(bd))}${car.startsWith(GRADIENTS) ? car.slice(GRADIENTS.length) : car}</svg>`
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="400" height="240">${backdrop(bd)}${car}</svg>`;
}

/** A small least-recently-used cache: a marketplace page re-renders the same few dozen pictures. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string, make: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const value = make();
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
    return value;
  }
}

const svgCache = new Lru<string>(400);
const uriCache = new Lru<string>(400);
const inlineCache = new Lru<string>(400);

function cacheKey(input: CarArtInput, shape: CarShape): string {
  return `${JSON.stringify(shape)}|${input.colour}|${input.view ?? 'side'}|${input.backdrop ?? 'studio'}|${input.brand ?? ''}`;
}

/** The SVG markup (400x240) of one picture; memoised by model shape, colour, view, backdrop and badge. */
export function carArtSvg(input: CarArtInput): string {
  const shape = carShape(input);
  return svgCache.get(cacheKey(input, shape), () => renderSvg(input, shape));
}

export function carArtDataUri(input: CarArtInput): string {
  const shape = carShape(input);
  return uriCache.get(
    cacheKey(input, shape),
    // Only what a data: URL must escape, with single quotes for attributes: about the markup's own size, where
    // encodeURIComponent made it half as large again (the listing page's first picture is one of these).
    () =>
      `data:image/svg+xml;charset=utf-8,${carArtSvg(input)
        .replace(/"/g, "'")
        .replace(/[<>#%\n]/g, encodeURIComponent)}`,
  );
}

/** The tag on a drawn picture where a photo could be expected, and its words in the picture's alt text. */
export const ILLUSTRATION_TAG = 'Illustration';
export const illustrationAlt = (alt: string): string => (alt ? `${alt} (illustration)` : alt);

export interface GalleryShot {
  view: CarView;
  backdrop: Backdrop;
  label: string;
}

const VIEW_LABEL: Record<CarView, string> = {
  'front-three-quarter': 'front three-quarter view',
  side: 'side view',
  'rear-three-quarter': 'rear three-quarter view',
  interior: 'interior',
};

const GALLERY_VIEWS: readonly CarView[] = ['front-three-quarter', 'side', 'rear-three-quarter', 'interior'];

/** The gallery for a listing: four different angles over backdrops picked by image_seed. */
export function galleryShots(seed: number): GalleryShot[] {
  const s = Math.abs(Math.trunc(seed));
  return GALLERY_VIEWS.map((view, i) => {
    const bd = BACKDROPS[(s + i) % BACKDROPS.length];
    return { view, backdrop: bd, label: VIEW_LABEL[view] };
  });
}

/**
 * The same picture as markup to put in the page (an <svg> element filling its box, cropped as object-fit: cover
 * crops the <img>), for long lists that mount cards while they scroll: an <img> of an SVG data: URL makes the
 * browser create, load and lay out a separate SVG document per picture, most of a new card's cost.
 */
export function carArtInlineSvg(input: CarArtInput): string {
  const shape = carShape(input);
  return inlineCache.get(cacheKey(input, shape), () => renderSvg(input, shape, true));
}
