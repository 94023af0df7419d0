import { describe, expect, it } from 'vitest';
import { BODY_STYLES } from '@/data/catalogue/types';
import {
  CAR_ART_SHARED_DEFS,
  carArtInlineSvg,
  carArtSvg,
  galleryShots,
  paintFor,
  type Backdrop,
  type CarView,
} from './car-art';
import { SILHOUETTES, carShape, silhouetteOf, type Silhouette } from './car-shape';
import { sideOf } from './car-profile';
import { roundedPath } from './car-geometry';
import { sidePlacement } from './car-side';

const VIEWS: CarView[] = ['front-three-quarter', 'side', 'rear-three-quarter', 'interior'];

/** A model row of the given silhouette, with that silhouette's usual size and layout. */
function modelOf(silhouette: Silhouette) {
  const rows = {
    city: ['i10', 'hatchback', 3670, 1480, 4, 5, 252],
    hatchback: ['Polo', 'hatchback', 4075, 1450, 5, 5, 351],
    saloon: ['3 Series Saloon', 'sedan', 4710, 1440, 5, 4, 480],
    estate: ['A5 Avant', 'wagon', 4830, 1470, 5, 5, 476],
    'small-suv': ['Q3', 'suv', 4490, 1610, 5, 5, 488],
    'large-suv': ['Land Cruiser', 'suv', 4925, 1925, 7, 5, 620],
    coupe: ['2 Series Coupe', 'coupe', 4540, 1390, 4, 2, 390],
    convertible: ['Z4', 'convertible', 4325, 1305, 2, 2, 281],
    mpv: ['2 Series Active Tourer', 'hatchback', 4385, 1580, 5, 5, 406],
    pickup: ['Ranger', 'suv', 5370, 1885, 5, 4, null],
    van: ['Multivan', 'wagon', 4973, 1903, 7, 5, 469],
  } as const;
  const [name, body_style, length_mm, height_mm, seats, doors, boot_litres] = rows[silhouette];
  return {
    name,
    body_style,
    length_mm,
    height_mm,
    seats,
    doors,
    boot_litres,
    fuel_type: 'petrol',
    price_from: 30000,
    power_bhp: 150,
  } as const;
}

describe('car art', () => {
  it('paints known colours and gives unknown ones a stable colour', () => {
    expect(paintFor('Metallic Blue')).toBe('#1f4fa8');
    expect(paintFor('Polar White')).toBe('#f4f5f7');
    expect(paintFor('Moonbeam')).toBe(paintFor('Moonbeam'));
    expect(paintFor('Moonbeam')).toMatch(/^hsl\(/);
  });

  it('tells every silhouette from its model facts', () => {
    for (const s of SILHOUETTES) expect(silhouetteOf(modelOf(s))).toBe(s);
  });

  it('tells MPVs and pickups by their figures, not their names', () => {
    const anon = (s: Silhouette) => ({ ...modelOf(s), name: 'Model X1' });
    expect(silhouetteOf(anon('mpv'))).toBe('mpv');
    expect(silhouetteOf(anon('pickup'))).toBe('pickup');
    // A seven-seat estate (the Dacia Jogger's figures) is an MPV; a low five-seat one stays an estate.
    expect(silhouetteOf({ ...anon('estate'), length_mm: 4350, height_mm: 1500, seats: 7 })).toBe('mpv');
    expect(silhouetteOf({ ...anon('estate'), seats: 5 })).toBe('estate');
    // A big five-door SUV with a boot is not a pickup, whatever it is called; a compact one is a small SUV.
    expect(silhouetteOf({ ...modelOf('pickup'), doors: 5, boot_litres: 650, height_mm: 1800 })).toBe('large-suv');
    expect(silhouetteOf({ ...modelOf('large-suv'), length_mm: 4400, height_mm: 1620 })).toBe('small-suv');
    // A Lexus RX (4,890 mm, 1,700 mm) is a large SUV, not a hearse-like estate.
    expect(silhouetteOf({ ...modelOf('large-suv'), length_mm: 4890, height_mm: 1700 })).toBe('large-suv');
    // A tall city car (Fiat Panda) stays a city car.
    expect(silhouetteOf({ ...anon('city'), length_mm: 3686, height_mm: 1551 })).toBe('city');
  });

  it('gives every silhouette its own outline (path data), drawn in its side view', () => {
    const outlines = SILHOUETTES.map((s) => {
      const side = sideOf(carShape({ bodyStyle: modelOf(s).body_style, model: modelOf(s) }));
      return roundedPath(side.outline, sidePlacement(side).map);
    });
    expect(new Set(outlines).size).toBe(SILHOUETTES.length);
    const svgs = SILHOUETTES.map((s) =>
      carArtSvg({ bodyStyle: modelOf(s).body_style, model: modelOf(s), colour: 'Red' }),
    );
    for (let i = 0; i < outlines.length; i++) expect(svgs[i]).toContain(outlines[i]);
  });

  it('draws every body style and silhouette from every angle as well-formed SVG, with the badge', () => {
    const subjects = [
      ...BODY_STYLES.map((bodyStyle) => ({ bodyStyle, model: null })),
      ...SILHOUETTES.map((s) => ({ bodyStyle: modelOf(s).body_style, model: modelOf(s) })),
    ];
    for (const subject of subjects) {
      for (const view of VIEWS) {
        const svg = carArtSvg({ ...subject, colour: 'Red', view, backdrop: 'dusk', brand: 'Volkswagen' });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).toContain('#b3202a');
        expect(svg).not.toMatch(/undefined|NaN|Infinity/);
        if (view !== 'side') expect(svg).toContain('>V</text>');
      }
    }
  });

  it('is deterministic, and the four gallery views differ', () => {
    const input = { bodyStyle: 'hatchback' as const, model: modelOf('hatchback'), colour: 'Blue', brand: 'Audi' };
    const shots = VIEWS.map((view) => carArtSvg({ ...input, view }));
    expect(new Set(shots).size).toBe(4);
    expect(VIEWS.map((view) => carArtSvg({ ...input, view }))).toEqual(shots);
  });

  it('draws the three-quarter views in perspective, not as the side outline, and per silhouette', () => {
    for (const view of ['front-three-quarter', 'rear-three-quarter'] as const) {
      const svgs = SILHOUETTES.map((s) => {
        const model = modelOf(s);
        const side = sideOf(carShape({ bodyStyle: model.body_style, model }));
        const svg = carArtSvg({ bodyStyle: model.body_style, model, colour: 'Red', view, brand: 'Audi' });
        expect(svg).not.toContain(roundedPath(side.outline, sidePlacement(side).map));
        return svg;
      });
      expect(new Set(svgs).size).toBe(SILHOUETTES.length);
    }
  });

  it('draws a real rear, not the front mirrored: tail lamps and a yellow plate behind, lamps and a white plate ahead', () => {
    const input = { bodyStyle: 'hatchback' as const, model: modelOf('hatchback'), colour: 'Blue', brand: 'Kia' };
    const front = carArtSvg({ ...input, view: 'front-three-quarter' });
    const rear = carArtSvg({ ...input, view: 'rear-three-quarter' });
    expect(rear).toContain('fill="#f2c230"');
    expect(rear).not.toContain('fill="#f7f7f4"');
    expect(front).toContain('fill="#f7f7f4"');
    expect(front).not.toContain('fill="#f2c230"');
    expect((rear.match(/fill="#b3121e"/g) ?? []).length).toBeGreaterThan((front.match(/fill="#b3121e"/g) ?? []).length);
  });

  it('foreshortens: the wheels nearer the camera come out bigger than the far ones', () => {
    const model = modelOf('hatchback');
    // Each near tyre's face is a circle in an affine frame (a <g transform="matrix(...)">): its scale on screen.
    const widths = (view: CarView) => {
      const svg = carArtSvg({ bodyStyle: 'hatchback', model, colour: 'Red', view });
      return [...svg.matchAll(/<g transform="matrix\(([^)]+)\)"><circle [^>]*stroke="#050607"/g)].map((m) => {
        const [a, b, c, d] = m[1].split(' ').map(Number);
        return Math.sqrt(Math.abs(a * d - b * c));
      });
    };
    const [rearFromFront, frontFromFront] = widths('front-three-quarter');
    expect(frontFromFront).toBeGreaterThan(rearFromFront * 1.03);
    const [rearFromRear, frontFromRear] = widths('rear-three-quarter');
    expect(rearFromRear).toBeGreaterThan(frontFromRear * 1.03);
  });

  it('draws a longer, taller car bigger, on bigger wheels', () => {
    const small = sideOf(carShape({ bodyStyle: 'hatchback', model: modelOf('city') }));
    const big = sideOf(carShape({ bodyStyle: 'suv', model: modelOf('large-suv') }));
    const [a, b] = [sidePlacement(small), sidePlacement(big)];
    expect(b.right - b.left).toBeGreaterThan(a.right - a.left);
    expect(big.H * b.k).toBeGreaterThan(small.H * a.k);
    expect(big.wheelR * b.k).toBeGreaterThan(small.wheelR * a.k);
  });

  it('makes two models of one body style different cars: grille, lamps, roof and window lines vary by model', () => {
    const golf = carShape({
      bodyStyle: 'hatchback',
      model: { ...modelOf('hatchback'), name: 'Golf' },
      brand: 'Volkswagen',
    });
    const focus = carShape({
      bodyStyle: 'hatchback',
      model: { ...modelOf('hatchback'), name: 'Focus' },
      brand: 'Ford',
    });
    expect(golf.silhouette).toBe(focus.silhouette);
    expect(golf.traits).not.toEqual(focus.traits);
    const draw = (brand: string, name: string) =>
      carArtSvg({
        bodyStyle: 'hatchback',
        model: { ...modelOf('hatchback'), name },
        brand,
        colour: 'Red',
        view: 'side',
      });
    expect(draw('Volkswagen', 'Golf')).not.toBe(draw('Ford', 'Focus'));
    // Across a brand's range the traits spread: not every model gets the same lamps and roof.
    const names = ['Polo', 'Golf', 'T-Roc', 'Tiguan', 'ID.3', 'ID.4', 'Passat', 'Taigo'];
    const looks = new Set(
      names.map((name) =>
        JSON.stringify(
          carShape({ bodyStyle: 'suv', model: { ...modelOf('small-suv'), name }, brand: 'Volkswagen' }).traits,
        ),
      ),
    );
    expect(looks.size).toBe(names.length);
  });

  it("draws the interior with the model's seats, in rows", () => {
    const seatsIn = (seats: number) => {
      const svg = carArtSvg({
        bodyStyle: 'wagon',
        model: { ...modelOf('mpv'), seats },
        colour: 'Grey',
        view: 'interior',
      });
      return (svg.match(/<rect [^>]*rx="4" fill="#3a3f47"/g) ?? []).length;
    };
    expect(seatsIn(2)).toBe(2);
    expect(seatsIn(5)).toBe(5);
    expect(seatsIn(7)).toBe(7);
  });

  it('makes four distinct shots per seed, and seeds vary the gallery', () => {
    const a = galleryShots(7);
    expect(new Set(a.map((s) => s.view)).size).toBe(4);
    expect(galleryShots(7)).toEqual(a);
    expect(galleryShots(8)).not.toEqual(a);
  });

  it('draws the same picture inline (for virtualised lists), filling its box, its gradients defined once in the page', () => {
    const backdrops: Backdrop[] = ['studio', 'forecourt', 'dusk', 'showroom'];
    for (const view of VIEWS)
      for (const backdrop of backdrops) {
        const input = {
          bodyStyle: 'suv' as const,
          model: modelOf('small-suv'),
          colour: 'Red',
          view,
          backdrop,
          brand: 'Audi',
        };
        const inline = carArtInlineSvg(input);
        expect(inline).toMatch(/^<svg [^>]*width="100%" height="100%" preserveAspectRatio="xMidYMid slice"/);
        expect(inline).toContain('aria-hidden="true"');
        // The <img>'s picture, but for the root element and its gradients: the page defines those once
        // (CAR_ART_SHARED_DEFS), so a picture leaving the page never takes away another's.
        const body = (svg: string) =>
          svg
            .slice(svg.indexOf('>') + 1)
            .replace(/<defs>.*?<\/defs>/g, '')
            .replace(/car-art-bg-[a-z]+/g, 'bg');
        expect(body(inline)).toBe(body(carArtSvg(input)));
        expect(inline).not.toMatch(/<defs|id="/);
        // Markup put in the page as HTML: the CSP (style-src 'self') refuses style attributes there.
        expect(inline).not.toMatch(/\sstyle=/);
        expect(CAR_ART_SHARED_DEFS).not.toMatch(/\sstyle=/);
        for (const [, id] of inline.matchAll(/url\(#([^)]+)\)/g)) expect(CAR_ART_SHARED_DEFS).toContain(`id="${id}"`);
        if (backdrop !== 'showroom') expect(inline).toContain(`url(#car-art-bg-${backdrop})`);
      }
  });
});
