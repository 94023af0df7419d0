// Generated car pictures: a silhouette per body style painted in the listing's colour, from several
// angles over several backgrounds chosen by the listing's image_seed. Pure string building (no DOM),
// so it renders the same in the page, in tests and offline, and costs no network.
import type { BodyStyle } from '@/data/catalogue/types';

export type CarView = 'side' | 'side-flipped' | 'front' | 'rear';
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
  const words = colour.toLowerCase().split(/[^a-z]+/).filter(Boolean);
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

interface SideShape {
  body: string;
  glass: string;
  pillarX: number;
  wheelY: number;
  wheelR: number;
  wheels: [number, number];
  extra?: string;
}

// Side profiles face right in a 400x240 box, ground at y=196.
const SIDE: Record<BodyStyle, SideShape> = {
  hatchback: {
    body: 'M55,168 L55,108 Q57,86 80,80 L110,76 L245,76 Q258,76 268,86 L300,118 L342,124 Q356,127 356,142 L356,168 Z',
    glass: 'M78,116 L84,90 Q88,84 100,84 L242,84 Q252,84 260,92 L285,116 Z',
    pillarX: 170,
    wheelY: 170,
    wheelR: 26,
    wheels: [108, 298],
  },
  sedan: {
    body: 'M35,168 L35,140 Q36,128 50,126 L95,122 L140,88 Q150,80 165,80 L255,80 Q268,80 280,90 L312,118 L352,124 Q364,127 365,142 L365,168 Z',
    glass: 'M145,120 L170,88 L252,88 Q262,88 270,96 L292,120 Z',
    pillarX: 215,
    wheelY: 170,
    wheelR: 26,
    wheels: [100, 302],
  },
  suv: {
    body: 'M45,166 L45,100 Q47,70 70,64 L110,58 L250,58 Q264,58 274,70 L305,108 L350,116 Q362,120 362,140 L362,166 Z',
    glass: 'M70,104 L76,74 Q80,66 95,66 L246,66 Q256,66 264,76 L290,104 Z',
    pillarX: 175,
    wheelY: 166,
    wheelR: 30,
    wheels: [108, 300],
  },
  wagon: {
    body: 'M35,168 L35,132 Q36,100 48,92 L70,84 L250,82 Q262,82 274,92 L308,120 L352,126 Q364,129 365,144 L365,168 Z',
    glass: 'M58,120 L62,96 Q66,90 76,90 L248,90 Q258,90 266,98 L288,120 Z',
    pillarX: 170,
    wheelY: 170,
    wheelR: 26,
    wheels: [100, 302],
  },
  coupe: {
    body: 'M40,168 L40,140 Q42,126 60,122 L100,116 L150,86 Q162,80 180,80 L235,82 Q248,84 262,96 L305,122 L352,128 Q364,131 365,146 L365,168 Z',
    glass: 'M120,118 L155,92 Q165,88 178,88 L232,90 Q242,92 252,100 L280,118 Z',
    pillarX: 205,
    wheelY: 170,
    wheelR: 26,
    wheels: [102, 300],
  },
  convertible: {
    body: 'M40,168 L40,138 Q42,126 60,124 L300,120 L352,128 Q364,131 365,146 L365,168 Z',
    glass: 'M250,121 L228,92 L234,90 L258,121 Z',
    pillarX: 0,
    wheelY: 170,
    wheelR: 26,
    wheels: [102, 300],
    extra: '<rect x="140" y="104" width="14" height="20" rx="5" fill="#2b2f36"/><rect x="190" y="104" width="14" height="20" rx="5" fill="#2b2f36"/>',
  },
};

function wheel(cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r + 4}" fill="#1b1d22"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#2a2d33"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.58)}" fill="#c9ced6"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(r * 0.2)}" fill="#5b616b"/>`
  );
}

function sideView(body: BodyStyle, paint: string, flip: boolean): string {
  const s = SIDE[body];
  const [rear, front] = s.wheels;
  const pillar = s.pillarX
    ? `<line x1="${s.pillarX}" y1="60" x2="${s.pillarX}" y2="125" stroke="${paint}" stroke-width="6" clip-path="url(#g)"/>`
    : '';
  const parts =
    `<ellipse cx="200" cy="198" rx="175" ry="9" fill="#000" opacity="0.22"/>` +
    `<path d="${s.body}" fill="${paint}" stroke="${shade(paint, -0.25)}" stroke-width="2"/>` +
    `<path d="M40,150 L360,150 L360,168 L40,168 Z" fill="${shade(paint, -0.12)}" opacity="0.6"/>` +
    `<clipPath id="g"><path d="${s.glass}"/></clipPath>` +
    `<path d="${s.glass}" fill="#263645"/>` +
    `<path d="${s.glass}" fill="#9fc3e0" opacity="0.35" clip-path="url(#g)" transform="translate(0,-6)"/>` +
    pillar +
    (s.extra ?? '') +
    `<rect x="340" y="130" width="16" height="7" rx="3" fill="#fff6cf"/>` +
    `<rect x="44" y="132" width="12" height="7" rx="3" fill="#c1121f"/>` +
    wheel(rear, s.wheelY, s.wheelR) +
    wheel(front, s.wheelY, s.wheelR);
  return flip ? `<g transform="translate(400,0) scale(-1,1)">${parts}</g>` : parts;
}

function endView(body: BodyStyle, paint: string, end: 'front' | 'rear'): string {
  const tall = body === 'suv' ? 22 : body === 'coupe' || body === 'convertible' ? -10 : 0;
  const roofY = 78 - tall;
  const glassTop = roofY + 10;
  const glassBottom = 120;
  const lamp = end === 'front' ? '#fff6cf' : '#c1121f';
  const roof =
    body === 'convertible'
      ? `<path d="M132,${glassBottom} L146,${glassTop + 14} L254,${glassTop + 14} L268,${glassBottom} Z" fill="#263645" opacity="0.85"/>`
      : `<path d="M120,${glassBottom + 4} L140,${roofY} L260,${roofY} L280,${glassBottom + 4} Z" fill="${paint}" stroke="${shade(paint, -0.25)}" stroke-width="2"/>` +
        `<path d="M132,${glassBottom} L148,${glassTop} L252,${glassTop} L268,${glassBottom} Z" fill="#263645"/>`;
  const grille =
    end === 'front'
      ? `<rect x="160" y="146" width="80" height="18" rx="6" fill="#1f2228"/><line x1="166" y1="155" x2="234" y2="155" stroke="#4b515b" stroke-width="2"/>`
      : `<rect x="170" y="144" width="60" height="14" rx="2" fill="#f4f5f7" stroke="#1f2228"/>`;
  return (
    `<ellipse cx="200" cy="198" rx="125" ry="9" fill="#000" opacity="0.22"/>` +
    `<rect x="104" y="172" width="32" height="24" rx="6" fill="#1b1d22"/>` +
    `<rect x="264" y="172" width="32" height="24" rx="6" fill="#1b1d22"/>` +
    roof +
    `<path d="M96,180 L96,140 Q98,122 120,118 L280,118 Q302,122 304,140 L304,180 Z" fill="${paint}" stroke="${shade(paint, -0.25)}" stroke-width="2"/>` +
    `<rect x="96" y="166" width="208" height="14" fill="${shade(paint, -0.15)}"/>` +
    `<rect x="108" y="132" width="40" height="12" rx="5" fill="${lamp}"/>` +
    `<rect x="252" y="132" width="40" height="12" rx="5" fill="${lamp}"/>` +
    grille
  );
}

function backdrop(kind: Backdrop): string {
  switch (kind) {
    case 'studio':
      return '<defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#f7f8fa"/><stop offset="1" stop-color="#d5d9e0"/></radialGradient></defs><rect width="400" height="240" fill="url(#bg)"/>';
    case 'forecourt':
      return '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ec9ef"/><stop offset="1" stop-color="#e3f0fb"/></linearGradient></defs><rect width="400" height="240" fill="url(#bg)"/><rect y="180" width="400" height="60" fill="#8a9099"/><path d="M0,212 L400,212" stroke="#f4f5f7" stroke-width="3" stroke-dasharray="24 16"/>';
    case 'dusk':
      return '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#26315c"/><stop offset="1" stop-color="#e59a6b"/></linearGradient></defs><rect width="400" height="240" fill="url(#bg)"/><path d="M0,150 L0,110 L30,110 L30,90 L60,90 L60,120 L90,120 L90,70 L120,70 L120,115 L160,115 L160,95 L190,95 L190,125 L240,125 L240,80 L270,80 L270,110 L310,110 L310,92 L340,92 L340,120 L400,120 L400,150 Z" fill="#1c2240" opacity="0.8"/><rect y="180" width="400" height="60" fill="#3a3f4b"/>';
    case 'showroom':
      return '<rect width="400" height="240" fill="#fbfbfc"/><rect y="176" width="400" height="64" fill="#e9ebef"/><path d="M0,176 L400,176" stroke="#c8ccd3"/><rect x="20" y="20" width="360" height="6" rx="3" fill="#e1e4ea"/>';
  }
}

export interface CarArtInput {
  bodyStyle: BodyStyle;
  colour: string;
  view?: CarView;
  backdrop?: Backdrop;
}

/** The SVG markup (400x240) of one picture. */
export function carArtSvg({ bodyStyle, colour, view = 'side', backdrop: bd = 'studio' }: CarArtInput): string {
  const paint = paintFor(colour);
  const car =
    view === 'front' || view === 'rear' ? endView(bodyStyle, paint, view) : sideView(bodyStyle, paint, view === 'side-flipped');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 240" width="400" height="240">${backdrop(bd)}${car}</svg>`;
}

export function carArtDataUri(input: CarArtInput): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(carArtSvg(input))}`;
}

export interface GalleryShot {
  view: CarView;
  backdrop: Backdrop;
  label: string;
}

const VIEW_LABEL: Record<CarView, string> = {
  side: 'side view',
  'side-flipped': 'other side',
  front: 'front view',
  rear: 'rear view',
};

/** The gallery for a listing: four angles, backdrops and the lead picture picked by image_seed. */
export function galleryShots(seed: number): GalleryShot[] {
  const s = Math.abs(Math.trunc(seed));
  const views: CarView[] = s % 2 === 0 ? ['side', 'front', 'rear', 'side-flipped'] : ['side-flipped', 'front', 'side', 'rear'];
  return views.map((view, i) => {
    const bd = BACKDROPS[(s + i) % BACKDROPS.length];
    return { view, backdrop: bd, label: VIEW_LABEL[view] };
  });
}
