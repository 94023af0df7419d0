// Contact sheet of the car illustrations (npm run art:sheet): every body style in three brands' colours
// (black, white and a brand colour) from the front, side and rear three-quarters, the interior for each
// seat count, and ten named models from the catalogue. Rendered by headless Chromium to a PNG.
//   npx tsx scripts/art-sheet.ts [--out file.png] [--styles city,van] [--livery 0..2] [--cell 200] [--named]
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { carArtDataUri, type CarView } from '../src/entities/car/components/car-art';
import { SILHOUETTE_BODY, SILHOUETTES, type Silhouette } from '../src/entities/car/components/car-shape';
import { CHROMIUM_ARGS } from './chromium-args';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const out = path.resolve(arg('out') ?? path.join(tmpdir(), 'motorly-art', 'contact-sheet.png'));
const cell = Number(arg('cell') ?? 200);
const livery = arg('livery');
const styles = (arg('styles')?.split(',') as Silhouette[] | undefined) ?? [...SILHOUETTES];

const LABEL: Record<Silhouette, string> = {
  city: 'City car',
  hatchback: 'Hatchback',
  saloon: 'Saloon',
  estate: 'Estate',
  'small-suv': 'Small SUV',
  'large-suv': 'Large SUV',
  coupe: 'Coupé',
  convertible: 'Convertible',
  mpv: 'MPV',
  pickup: 'Pick-up',
  van: 'Van',
};
/** Three brands, each in its own colour: black, white and a brand colour. */
const LIVERIES = [
  { brand: 'Volkswagen', colour: 'Deep Black' },
  { brand: 'Toyota', colour: 'Pure White' },
  { brand: 'Mazda', colour: 'Soul Red' },
];
const VIEWS: CarView[] = ['front-three-quarter', 'side', 'rear-three-quarter'];
const NAMED = [
  ['Toyota', 'Aygo X', 'Orange'],
  ['Volkswagen', 'Golf', 'Moonstone Grey'],
  ['Volkswagen', 'Polo', 'Blue'],
  ['BMW', '3 Series Saloon', 'Black Sapphire'],
  ['Audi', 'A5 Avant', 'Glacier White'],
  ['Kia', 'Sportage', 'Green'],
  ['Lexus', 'RX', 'Sonic Silver'],
  ['Land Rover', 'Defender 110', 'Gondwana Green'],
  ['Tesla', 'Model 3', 'Ultra Red'],
  ['BMW', 'Z4', 'San Remo Green'],
] as const;

const img = (src: string, title: string): string =>
  `<figure><img src="${src}" width="${cell}" height="${(cell * 3) / 5}" alt=""><figcaption>${title}</figcaption></figure>`;

function styleRows(): string {
  return styles
    .map((s) => {
      const liveries = livery === undefined ? LIVERIES : [LIVERIES[Number(livery)]];
      const cells = liveries.flatMap(({ brand, colour }) =>
        VIEWS.map((view) =>
          img(
            carArtDataUri({ bodyStyle: SILHOUETTE_BODY[s], silhouette: s, brand, colour, view, backdrop: 'showroom' }),
            `${brand} · ${colour}`,
          ),
        ),
      );
      return `<section><h2>${LABEL[s]}</h2><div class="row">${cells.join('')}</div></section>`;
    })
    .join('');
}

function interiorRow(): string {
  const cells = (
    [
      ['convertible', 2],
      ['coupe', 4],
      ['hatchback', 5],
      ['mpv', 7],
      ['van', 8],
    ] as const
  ).map(([s, seats]) =>
    img(
      carArtDataUri({
        bodyStyle: SILHOUETTE_BODY[s],
        silhouette: s,
        model: {
          body_style: SILHOUETTE_BODY[s],
          length_mm: null,
          height_mm: null,
          seats,
          doors: 5,
          boot_litres: 400,
          fuel_type: 'petrol',
          price_from: 30000,
          power_bhp: 150,
        },
        colour: 'Silver',
        view: 'interior',
        brand: 'Ford',
      }),
      `${LABEL[s]} · ${seats} seats`,
    ),
  );
  return `<section><h2>Interiors</h2><div class="row">${cells.join('')}</div></section>`;
}

async function namedRow(): Promise<string> {
  // Loaded here: the seed's modules, imported beside the app's, meet a cycle at start-up.
  const { catalogueParts } = await import('../supabase/seed/catalogue');
  const { brands, car_models } = catalogueParts().tables;
  const cells = NAMED.flatMap(([brandName, name, colour]) => {
    const brand = brands.find((b) => b.name === brandName);
    const model = car_models.find((m) => m.brand_id === brand?.id && m.name === name);
    if (!model) throw new Error(`No ${brandName} ${name} in the catalogue`);
    return (['front-three-quarter', 'side'] as const).map((view) =>
      img(
        carArtDataUri({ bodyStyle: model.body_style, model, brand: brandName, colour, view, backdrop: 'studio' }),
        `${brandName} ${name}`,
      ),
    );
  });
  return `<section><h2>Ten named models</h2><div class="row wrap">${cells.join('')}</div></section>`;
}

async function main(): Promise<void> {
  const html = `<!doctype html><meta charset="utf-8"><style>
    body{margin:12px;font:13px system-ui,sans-serif;background:#fff;color:#222}
    h1{font-size:18px;margin:0 0 8px} h2{font-size:14px;margin:10px 0 4px}
    .row{display:flex;gap:6px} .wrap{flex-wrap:wrap;max-width:${(cell + 8) * 10}px}
    figure{margin:0;border:1px solid #e3e5e8} img{display:block} figcaption{font-size:11px;padding:2px 4px;color:#555}
  </style><h1>Motorly car illustrations: body styles × liveries (front ¾, side, rear ¾), interiors, named models</h1>
  ${process.argv.includes('--named') ? await namedRow() : `${styleRows()}${arg('styles') ? '' : interiorRow() + (await namedRow())}`}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const across = livery === undefined || process.argv.includes('--named') ? 10 : 3;
    const page = await browser.newPage({ viewport: { width: across * (cell + 8) + 40, height: 600 } });
    await page.setContent(html, { waitUntil: 'load' });
    mkdirSync(path.dirname(out), { recursive: true });
    await page.screenshot({ path: out, fullPage: true });
  } finally {
    await browser.close();
  }
  console.log(out);
}

await main();
