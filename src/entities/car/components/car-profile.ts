// A car's side profile in millimetres (x from the tail forwards, z up from the ground): wheels where its
// wheelbase puts them, the body outline of its style over its real length and height, the window line,
// pillars and doors. The side view draws it flat; the three-quarter views extrude it (car-perspective.ts).
import type { CarShape, Silhouette } from './car-shape';
import { arc, lerp, type Corner } from './car-geometry';

/** Per style: belt (window line) and nose heights as shares of height; A-pillar base behind the front axle
 * (mm); windscreen rake (run per rise); ground clearance (mm); roof end from the tail (mm, two-box). */
interface Style {
  belt: number;
  nose: number;
  dash: number;
  rake: number;
  clearance: number;
  roofEnd: number;
  /** Front share of the overhangs (front-drive cars carry more ahead of the front axle). */
  front: number;
}

const STYLES: Record<Silhouette, Style> = {
  city: { belt: 0.6, nose: 0.55, dash: 430, rake: 1.4, clearance: 150, roofEnd: 190, front: 0.54 },
  hatchback: { belt: 0.625, nose: 0.53, dash: 500, rake: 1.7, clearance: 140, roofEnd: 360, front: 0.57 },
  saloon: { belt: 0.64, nose: 0.5, dash: 640, rake: 1.95, clearance: 135, roofEnd: 0, front: 0.5 },
  estate: { belt: 0.63, nose: 0.51, dash: 620, rake: 1.85, clearance: 140, roofEnd: 80, front: 0.52 },
  'small-suv': { belt: 0.635, nose: 0.6, dash: 540, rake: 1.6, clearance: 190, roofEnd: 230, front: 0.55 },
  'large-suv': { belt: 0.645, nose: 0.62, dash: 700, rake: 1.5, clearance: 215, roofEnd: 190, front: 0.49 },
  coupe: { belt: 0.66, nose: 0.49, dash: 850, rake: 2.3, clearance: 125, roofEnd: 0, front: 0.48 },
  convertible: { belt: 0.66, nose: 0.52, dash: 800, rake: 2.0, clearance: 125, roofEnd: 0, front: 0.5 },
  mpv: { belt: 0.58, nose: 0.5, dash: 250, rake: 1.3, clearance: 140, roofEnd: 130, front: 0.55 },
  pickup: { belt: 0.63, nose: 0.67, dash: 700, rake: 1.35, clearance: 235, roofEnd: 0, front: 0.4 },
  van: { belt: 0.52, nose: 0.52, dash: 170, rake: 0.85, clearance: 165, roofEnd: 40, front: 0.5 },
};

export interface Side {
  shape: CarShape;
  L: number;
  H: number;
  /** Tyre and rim radius, arch radius (mm); rear and front axle x. */
  wheelR: number;
  rimR: number;
  archR: number;
  axles: [number, number];
  clearance: number;
  /** Window line height at x. */
  beltAt: (x: number) => number;
  /** Where the windscreen meets the bonnet, and the roof. */
  cowl: [number, number];
  roofFront: [number, number];
  /** Where the roof ends at the back (two-box: the spoiler; three-box: the rear screen's top). */
  roofRear: [number, number];
  noseZ: number;
  /** Top of the rear face below the tailgate glass, boot lid or bed rail. */
  tailZ: number;
  outline: Corner[];
  /** Side windows, and the pillars drawn over them (each a polygon). */
  glass: Corner[];
  pillars: Corner[][];
  /** Door shut lines, each a polyline. */
  shutLines: [number, number][][];
  /** Door handles: centre x and z. */
  handles: [number, number][];
}

/** Tyre radius in millimetres: the rim plus two sidewalls (taller on SUVs, pick-ups and vans). */
export function wheelRadiusMm(shape: CarShape): number {
  const s = shape.silhouette;
  const tall = s === 'large-suv' || s === 'pickup' ? 40 : s === 'small-suv' || s === 'van' ? 20 : 0;
  return (shape.wheelIn * 25.4 + 2 * (150 - shape.wheelIn * 3 + tall)) / 2;
}

/** Rear and front axle positions (mm from the tail): the model's wheelbase, its overhangs split by style. */
export function axlePositions(shape: CarShape): [number, number] {
  const st = STYLES[shape.silhouette];
  const overhang = shape.lengthMm - shape.wheelbaseMm;
  const front = st.front - (shape.rearDriven ? 0.04 : 0);
  const frontX = shape.lengthMm - overhang * front;
  return [frontX - shape.wheelbaseMm, frontX];
}

const threeBox = (s: Silhouette): boolean => s === 'saloon' || s === 'coupe' || s === 'convertible';

export function sideOf(shape: CarShape): Side {
  const { silhouette: s, traits: t } = shape;
  const st = STYLES[s];
  const L = shape.lengthMm;
  const H = shape.heightMm;
  const wheelR = wheelRadiusMm(shape);
  const rimR = (shape.wheelIn * 25.4) / 2 + 12;
  const archR = wheelR * (s === 'large-suv' || s === 'pickup' || s === 'small-suv' ? 1.16 : 1.11);
  const [rearX, frontX] = axlePositions(shape);
  const clearance = st.clearance;

  const beltFront = H * st.belt;
  const beltRear = beltFront + H * (0.015 + 0.035 * t.beltRise) * (s === 'van' || s === 'mpv' ? 0.3 : 1);
  const beltAt = (x: number): number => lerp(beltRear, beltFront, Math.min(1, Math.max(0, x / frontX)));
  const dash = st.dash + 70 * t.bonnet + (shape.rearDriven ? 140 : 0);
  const cowl: [number, number] = [frontX - dash, beltFront + H * 0.03];
  const rake = st.rake * (1 + 0.08 * t.rake);
  const roofZ = H;
  const roofFront: [number, number] = [cowl[0] - rake * (roofZ - 25 - cowl[1]), roofZ - 25];
  const noseZ = H * st.nose;

  // The nose: bonnet from the screen to the front, a rounded front face, the bumper's lower edge.
  const bonnetMid = lerp(cowl[0], L, 0.55);
  const nose: Corner[] = [
    [cowl[0], cowl[1], 0],
    [bonnetMid, lerp(cowl[1], noseZ, 0.5) + H * 0.012, 400],
    [L - 70, noseZ, 150],
    [L, noseZ - H * 0.2, 220],
    [L - 30, clearance + 70, 70],
  ];
  const bottom: Corner[] = [
    ...archAround(frontX, wheelR, archR, clearance + 45),
    [frontX - archR - 20, clearance, 40],
    [rearX + archR + 20, clearance, 40],
    ...archAround(rearX, wheelR, archR, clearance + 45),
  ];

  const sloped = s === 'hatchback' || s === 'city' || s === 'small-suv' || s === 'large-suv';
  const dropZ = H * ((sloped ? 0.03 : 0.01) + 0.04 * t.roofDrop);
  const bowMid = (a: number, b: number): Corner => [(a + b) / 2, roofZ, 2000];
  let rear: Corner[];
  let roofRear: [number, number];
  let tailZ: number;
  if (threeBox(s)) {
    // Boot deck below the rear screen; coupés and low saloons slope into it (fastback).
    const fast = s === 'coupe' || (s === 'saloon' && (H < 1420 || t.roofDrop > 0.8));
    const deckZ = beltRear + H * (s === 'convertible' ? 0.02 : 0.035);
    const deckFront = rearX + (fast ? -420 : -280) + (s === 'convertible' ? 350 : 0);
    roofRear = [rearX + (fast ? 120 : 330) - 120 * t.roofDrop, roofZ - 60 - dropZ];
    tailZ = deckZ - H * 0.05;
    rear = [
      [30, clearance + 90, 60],
      [0, H * 0.3, 120],
      [12, tailZ, 60],
      [70, deckZ, 90],
      [deckFront, deckZ + H * 0.012, 160],
    ];
  } else if (s === 'pickup') {
    const bedZ = H * 0.6;
    const cabBack = rearX + 0.2 * shape.wheelbaseMm;
    roofRear = [cabBack + 60, roofZ - 10];
    tailZ = bedZ;
    rear = [
      [30, clearance + 100, 50],
      [0, H * 0.32, 60],
      [0, bedZ, 20],
      [cabBack, bedZ, 0],
      [cabBack, roofZ - 120, 80],
    ];
  } else {
    // Two-box: tailgate glass from the roof's end down to the window line, a near-upright panel below.
    const end = st.roofEnd * (1 + 0.35 * t.rake);
    roofRear = [end, roofZ - 40 - dropZ];
    tailZ = beltRear - H * 0.02;
    const glassFoot = Math.max(25, end * (s === 'van' || s === 'mpv' || s === 'estate' ? 0.35 : 0.22));
    rear = [
      [30, clearance + 90, 60],
      [0, H * 0.3, 120],
      [glassFoot * 0.5, tailZ, 60],
      [glassFoot, beltRear + H * 0.02, 40],
    ];
  }

  let top: Corner[];
  if (s === 'convertible') {
    // Hood down: the door tops at the window line, the windscreen's frame standing up at the front.
    const screenTop: [number, number] = [cowl[0] - rake * (H - 80 - cowl[1]) * 0.75, H - 80];
    const cabin = rearX + 200;
    top = [
      [cabin, beltFront + 20, 80],
      [cowl[0] - 110, beltFront + 20, 0],
      [screenTop[0] - 60, screenTop[1], 30],
      [screenTop[0] + 30, screenTop[1], 30],
    ];
    roofRear = [cabin, beltFront + 20];
  } else {
    top = [
      [roofRear[0], roofRear[1], s === 'van' ? 120 : 90],
      bowMid(roofRear[0], roofFront[0]),
      [roofFront[0], roofFront[1], 260],
    ];
    if (t.roofBow < 0.5 || s === 'van') top.splice(1, 1);
  }
  const outline: Corner[] = [...rear, ...top, ...nose, ...bottom];

  const windows = windowsOf(shape, {
    L,
    H,
    rearX,
    frontX,
    archR,
    cowl,
    roofFront,
    roofRear,
    beltAt,
    wheelR,
    clearance,
  });
  return {
    shape,
    L,
    H,
    wheelR,
    rimR,
    archR,
    axles: [rearX, frontX],
    clearance,
    beltAt,
    cowl,
    roofFront,
    roofRear,
    noseZ,
    tailZ,
    outline,
    ...windows,
  };
}

/** A wheel arch as corners, from its front foot over the top to its rear foot, at body-bottom height `foot`. */
function archAround(cx: number, wheelR: number, archR: number, foot: number): Corner[] {
  const a0 = Math.asin(Math.max(-0.95, Math.min(0.95, (foot - wheelR) / archR)));
  return arc(cx, wheelR, archR, a0, Math.PI - a0, 10);
}

interface Frame {
  L: number;
  H: number;
  rearX: number;
  frontX: number;
  archR: number;
  wheelR: number;
  clearance: number;
  cowl: [number, number];
  roofFront: [number, number];
  roofRear: [number, number];
  beltAt: (x: number) => number;
}

/** Side glass, pillars, door shut lines and handles, by door count and style. */
function windowsOf(shape: CarShape, f: Frame): Pick<Side, 'glass' | 'pillars' | 'shutLines' | 'handles'> {
  const { silhouette: s, traits: t } = shape;
  const { H, rearX, frontX, archR, cowl, roofFront, roofRear, beltAt } = f;
  const doors = shape.doors >= 4 ? 2 : 1;
  const scale = Math.sqrt(shape.wheelbaseMm / 2700);
  const frontDoorFoot = frontX - archR - 30;
  const aFoot = cowl[0] - 110;
  const bX = aFoot - (doors === 2 ? 1060 : 1330) * scale;
  const rearDoorEnd = doors === 2 ? rearX + archR * 0.45 : bX;
  const topZ = H - 85;
  const glassTopFront = roofFront[0] - 70;

  // Where the side glass ends at the back.
  let backFoot: number;
  let backTop: number;
  if (s === 'saloon' || s === 'coupe') {
    backFoot = Math.max(roofRear[0] - 200, rearX - 100);
    backTop = roofRear[0] + 280;
  } else if (s === 'pickup') {
    backFoot = roofRear[0] + 140;
    backTop = backFoot + 60;
  } else {
    // Estates, MPVs and vans end in an upright pillar; hatchbacks and SUVs in one leaning forwards.
    const upright = s === 'estate' || s === 'mpv' || s === 'van';
    backFoot = roofRear[0] + (upright ? 160 : 330);
    backTop = backFoot + (upright ? -30 : 240);
  }
  // An open car's side windows are down.
  const glass: Corner[] =
    s === 'convertible'
      ? []
      : [
          [backFoot, beltAt(backFoot), 50],
          [backTop, topZ - H * 0.03 * t.roofDrop, 120],
          [glassTopFront, topZ, 120],
          [aFoot, beltAt(aFoot), 30],
        ];
  if (t.kink && glass.length && s !== 'pickup' && s !== 'van') {
    const k = backFoot + 260;
    glass.splice(0, 1, [k, beltAt(k), 60], [backFoot, beltAt(backFoot) + H * 0.06, 40]);
  }

  const pillar = (x: number, w: number, lean: number): Corner[] => [
    [x - w / 2, beltAt(x) - 5, 0],
    [x + w / 2, beltAt(x) - 5, 0],
    [x + w / 2 + lean, topZ + 10, 0],
    [x - w / 2 + lean, topZ + 10, 0],
  ];
  const pillars: Corner[][] = [];
  if (s !== 'convertible') {
    pillars.push(pillar(bX, doors === 2 ? 95 : 55, -40));
    const quarter = Math.max(rearDoorEnd, backFoot + 260);
    const boxy = s === 'estate' || s === 'mpv' || s === 'small-suv' || s === 'large-suv' || s === 'van';
    if (boxy && doors === 2 && quarter < bX - 300) pillars.push(pillar(quarter, 110, -30));
    if (s === 'van') pillars.push(pillar(bX - 1100 * scale, 110, 0));
  }

  const sill = f.clearance + 40;
  const line = (x: number, from: number, to: number): [number, number][] => [
    [x, from],
    [x - 15, to],
  ];
  const shutLines: [number, number][][] = [
    [
      [frontDoorFoot, sill + 40],
      [frontDoorFoot - 10, beltAt(frontDoorFoot) - 120],
      [aFoot, beltAt(aFoot)],
    ],
    line(bX, beltAt(bX), sill + 20),
  ];
  const handles: [number, number][] = [[bX + 160, beltAt(bX) - H * 0.09]];
  if (doors === 2 && s !== 'van') {
    shutLines.push([
      [rearDoorEnd, beltAt(rearDoorEnd)],
      [rearDoorEnd - 10, f.wheelR + archR * 0.8],
    ]);
    handles.push([rearDoorEnd + 150, beltAt(rearDoorEnd) - H * 0.09]);
  }
  if (s === 'van') shutLines.push(line(bX - 1100 * scale, beltAt(bX - 1100 * scale), sill + 20));
  return { glass, pillars, shutLines, handles };
}
