// Generated car pictures: a silhouette per body style painted in the listing's colour, from several
// angles over several backgrounds chosen by the listing's image_seed. Pure string building (no DOM),
// so it renders the same in the page, in tests and offline, and costs no network.
import { brandInitials } from '@/shared/lib/uk/monogram';
import { carShape, type CarShape, type ShapeSubject } from './car-shape';
import { GROUND_Y, profile, type Profile } from './car-profile';
import { perspectiveCar } from './car-perspective';

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

function shade(hex: string, amount: number): string {
  if (!hex.startsWith('#')) return hex;
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const r1 = (n: number): number => Math.round(n * 10) / 10;

/** A chrome roundel with the brand's initials, as on a bonnet, tailgate or steering wheel. */
function badge(cx: number, cy: number, r: number, brand: string | undefined): string {
  if (!brand) return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="#e6e8ec" stroke="#7a808a"/>`;
  const initials = escapeXml(brandInitials(brand));
  const size = r1(r * (initials.length >= 3 ? 0.72 : initials.length === 2 ? 0.95 : 1.25));
  return (
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="#e6e8ec" stroke="#7a808a"/>` +
    `<text x="${r1(cx)}" y="${r1(cy)}" dy="0.35em" text-anchor="middle" font-family="Arial,sans-serif" ` +
    `font-weight="700" font-size="${size}" fill="#22262d">${initials}</text>`
  );
}

function wheel(cx: number, cy: number, r: number, squeeze: number, far = false): string {
  const rx = (n: number): number => r1(n * squeeze);
  if (far) return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${rx(r)}" ry="${r1(r)}" fill="#121317"/>`;
  let spokes = '';
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    spokes += `<line x1="${r1(cx)}" y1="${r1(cy)}" x2="${r1(cx + Math.cos(a) * r * 0.6 * squeeze)}" y2="${r1(cy + Math.sin(a) * r * 0.6)}"/>`;
  }
  return (
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${rx(r)}" ry="${r1(r)}" fill="#1b1d22"/>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${rx(r * 0.68)}" ry="${r1(r * 0.68)}" fill="#9aa0a9"/>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${rx(r * 0.56)}" ry="${r1(r * 0.56)}" fill="#3d424a"/>` +
    `<g stroke="#c9ced6" stroke-width="${r1(r * 0.14)}" stroke-linecap="round">${spokes}</g>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${rx(r * 0.14)}" ry="${r1(r * 0.14)}" fill="#d7dbe1"/>`
  );
}

/** The near side of the car: body, glass, pillars, lamps and wheels. */
function nearSide(pr: Profile, paint: string, squeeze: number, mirror: boolean): string {
  const { x, y, line, shape } = pr;
  const dark = shade(paint, -0.25);
  const out = mirror ? 1 : -1;
  const sq = (n: number): number => r1(n * squeeze);
  let s = `<path d="${pr.body}" fill="${paint}" stroke="${dark}" stroke-width="1.5" stroke-linejoin="round"/>`;
  s += `<path d="M${x(0.03)},${y(0.42)} L${x(0.97)},${y(0.45)}" stroke="${dark}" stroke-width="1.2" opacity="0.55"/>`;
  if (['suv', 'off-roader', 'pickup'].includes(shape.silhouette)) {
    s += `<path d="M${x(0.02)},${r1(pr.sillY - 2)} L${x(0.98)},${r1(pr.sillY - 2)}" stroke="#2a2d33" stroke-width="5"/>`;
  }
  s += `<path d="${pr.glass}" fill="#263645"/>`;
  s += `<path d="${pr.glass}" fill="#a9cbe6" opacity="0.28" transform="translate(0,-3)"/>`;
  for (const t of pr.pillars) {
    const w = sq(5);
    s += `<rect x="${r1(x(t) - w / 2)}" y="${y(0.97)}" width="${w}" height="${r1(y(line.belt) - y(0.97) + 1)}" fill="${paint}"/>`;
    s += `<line x1="${x(t)}" y1="${y(line.belt)}" x2="${x(t)}" y2="${r1(pr.sillY - 3)}" stroke="${dark}" stroke-width="1"/>`;
    s += `<rect x="${r1(x(t + 0.045) - sq(4))}" y="${r1(y(line.belt) + 5)}" width="${sq(8)}" height="2.5" rx="1" fill="${dark}"/>`;
  }
  if (shape.silhouette === 'convertible') {
    for (const t of [0.42, 0.54]) {
      s += `<rect x="${r1(x(t) - sq(5))}" y="${r1(y(line.belt) - 13)}" width="${sq(10)}" height="14" rx="4" fill="#2b2f36"/>`;
    }
  }
  if (shape.silhouette === 'pickup') {
    s += `<path d="M${x(0.01)},${y(line.tailH)} L${x(line.deckEnd)},${y(line.tailH)}" stroke="#1f2228" stroke-width="3"/>`;
  }
  if (shape.silhouette === 'off-roader') {
    const cx = r1(x(0) + out * sq(7));
    s += `<ellipse cx="${cx}" cy="${y(0.55)}" rx="${sq(pr.wheelR * 0.35)}" ry="${r1(pr.wheelR * 0.85)}" fill="#1b1d22"/>`;
  }
  s += `<path d="M${x(line.cowl - 0.02)},${y(line.belt + 0.02)} l${sq(-out * 9)},-2 l0,6 z" fill="${dark}"/>`;
  const lampW = sq(shape.silhouette === 'off-roader' ? 6 : 12);
  const headX = mirror ? x(0.995) : x(0.995) - lampW;
  s += `<rect x="${r1(headX)}" y="${y(line.noseH - 0.08)}" width="${lampW}" height="5" rx="2" fill="#fff6cf"/>`;
  const tailX = mirror ? x(0.005) - sq(9) : x(0.005);
  s += `<rect x="${r1(tailX)}" y="${y(line.tailH - 0.14)}" width="${sq(9)}" height="6" rx="2" fill="#c1121f"/>`;
  const [rearT, frontT] = pr.wheelT;
  s += wheel(x(rearT), pr.axleY, pr.wheelR, squeeze) + wheel(x(frontT), pr.axleY, pr.wheelR, squeeze);
  return s;
}

/** The cabin from the back seat: right-hand drive, the badge on the wheel, a screen sized to the car. */
function interior(shape: CarShape, paint: string, brand: string | undefined): string {
  const trim = shape.premium ? '#3a2f2a' : '#2b2f36';
  const wood = shape.premium
    ? `<rect x="0" y="${shape.silhouette === 'off-roader' || shape.silhouette === 'mpv' ? 150 : 162}" width="400" height="8" fill="#8a5a34"/>`
    : '';
  const top = shape.silhouette === 'off-roader' || shape.silhouette === 'mpv' ? 100 : 112;
  let s =
    `<path d="M0,0 L400,0 L400,${top + 10} L372,${top} L338,34 L62,34 L28,${top} L0,${top + 10} Z" fill="#15171b" opacity="0.92"/>` +
    `<path d="M0,${top + 10} Q200,${top - 22} 400,${top + 10} L400,240 L0,240 Z" fill="${trim}"/>` +
    `<path d="M20,${top + 30} Q200,${top + 6} 380,${top + 30}" stroke="${paint}" stroke-width="6" fill="none"/>`;
  if (shape.electric) {
    s += `<rect x="164" y="${top + 16}" width="72" height="86" rx="6" fill="#0f1b2d" stroke="#4b515b"/>`;
    s += `<path d="M172,${top + 80} C190,${top + 50} 210,${top + 70} 228,${top + 30}" stroke="#4aa3ff" stroke-width="3" fill="none"/>`;
  } else {
    const w = shape.premium ? 100 : 74;
    s += `<rect x="${200 - w / 2}" y="${top + 20}" width="${w}" height="44" rx="5" fill="#0f1b2d" stroke="#4b515b"/>`;
    s += `<rect x="${200 - w / 2 + 8}" y="${top + 30}" width="${w / 3}" height="6" rx="2" fill="#4aa3ff"/>`;
    s += `<rect x="176" y="${top + 74}" width="48" height="10" rx="3" fill="#1b1d22"/>`;
  }
  for (const vx of [34, 330]) s += `<rect x="${vx}" y="${top + 22}" width="36" height="14" rx="4" fill="#1b1d22"/>`;
  s += `<rect x="230" y="${top + 6}" width="84" height="34" rx="8" fill="#0d0f12"/>`;
  s += `<circle cx="252" cy="${top + 23}" r="11" fill="none" stroke="#e0b423" stroke-width="2"/>`;
  s += `<circle cx="292" cy="${top + 23}" r="11" fill="none" stroke="#8fd3ff" stroke-width="2"/>`;
  s += wood;
  s += `<rect x="186" y="${top + 110}" width="28" height="40" rx="8" fill="#1b1d22"/>`;
  s += `<circle cx="272" cy="${top + 66}" r="46" fill="none" stroke="#111317" stroke-width="11"/>`;
  s += `<path d="M230,${top + 72} L314,${top + 72}" stroke="#111317" stroke-width="12"/>`;
  s += badge(272, top + 70, 12, brand);
  return s;
}

/** The scene behind the car; `gradient` names its gradient (unique per kind in a page of inline pictures). */
function backdrop(kind: Backdrop, gradient = 'bg'): string {
  switch (kind) {
    case 'studio':
      return `<defs><radialGradient id="${gradient}" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#f7f8fa"/><stop offset="1" stop-color="#d5d9e0"/></radialGradient></defs><rect width="400" height="240" fill="url(#${gradient})"/>`;
    case 'forecourt':
      return `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ec9ef"/><stop offset="1" stop-color="#e3f0fb"/></linearGradient></defs><rect width="400" height="240" fill="url(#${gradient})"/><rect y="180" width="400" height="60" fill="#8a9099"/><path d="M0,212 L400,212" stroke="#f4f5f7" stroke-width="3" stroke-dasharray="24 16"/>`;
    case 'dusk':
      return `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#26315c"/><stop offset="1" stop-color="#e59a6b"/></linearGradient></defs><rect width="400" height="240" fill="url(#${gradient})"/><path d="M0,150 L0,110 L30,110 L30,90 L60,90 L60,120 L90,120 L90,70 L120,70 L120,115 L160,115 L160,95 L190,95 L190,125 L240,125 L240,80 L270,80 L270,110 L310,110 L310,92 L340,92 L340,120 L400,120 L400,150 Z" fill="#1c2240" opacity="0.8"/><rect y="180" width="400" height="60" fill="#3a3f4b"/>`;
    case 'showroom':
      return '<rect width="400" height="240" fill="#fbfbfc"/><rect y="176" width="400" height="64" fill="#e9ebef"/><path d="M0,176 L400,176" stroke="#c8ccd3"/><rect x="20" y="20" width="360" height="6" rx="3" fill="#e1e4ea"/>';
  }
}

export interface CarArtInput extends ShapeSubject {
  colour: string;
  view?: CarView;
  backdrop?: Backdrop;
  /** Brand name, drawn as the badge. */
  brand?: string;
}

function renderSvg(input: CarArtInput, shape: CarShape, inline = false): string {
  const { colour, view = 'side', backdrop: bd = 'studio', brand } = input;
  const paint = paintFor(colour);
  let car: string;
  if (view === 'interior') {
    car = interior(shape, paint, brand);
  } else if (view === 'side') {
    const pr = profile(shape, { squeeze: 1, mirror: false, shift: 0 });
    const shadowW = r1((pr.x(1) - pr.x(0)) / 2 + 14);
    car = `<ellipse cx="${r1((pr.x(0) + pr.x(1)) / 2)}" cy="${GROUND_Y + 1}" rx="${shadowW}" ry="8" fill="#000" opacity="0.25"/>`;
    car += nearSide(pr, paint, 1, false);
  } else {
    const parts = perspectiveCar(shape, paint, view === 'front-three-quarter' ? 'front' : 'rear');
    car = parts.svg + badge(parts.badge.x, parts.badge.y, parts.badge.r, brand);
  }
  if (inline)
    // In the page: fills its box as the <img> does with object-fit: cover, and the gradient's id is unique in the
    // document per backdrop (every picture over the same backdrop defines the same gradient).
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="100%" height="100%" ` +
      `preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">${backdrop(bd, `car-art-bg-${bd}`)}${car}</svg>`
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
  const s = shape;
  const shapeKey = `${s.silhouette}:${s.lengthMm}:${s.heightMm}:${s.widthMm}:${s.wheelbaseMm}:${s.wheelIn}:${s.doors}:${s.electric}:${s.premium}`;
  return `${shapeKey}|${input.colour}|${input.view ?? 'side'}|${input.backdrop ?? 'studio'}|${input.brand ?? ''}`;
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
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(carArtSvg(input))}`,
  );
}

export interface GalleryShot {
  view: CarView;
  backdrop: Backdrop;
  label: string;
}

const VIEW_LABEL: Record<CarView, string> = {
  'front-three-quarter': 'front three-quarter view',
  side: 'side view',
  'rear-three-quarter': 'rear three-quarter view',
  interior: 'dashboard',
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
