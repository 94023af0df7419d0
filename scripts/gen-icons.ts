// Renders the PWA PNG icons from the SVGs in public/icons with the system Chromium (ImageMagick is
// not available here). Run: npx tsx scripts/gen-icons.ts — the PNGs are committed.
import { chromium } from 'playwright';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('public/icons');
const jobs = [
  { svg: 'icon.svg', out: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', out: 'icon-512.png', size: 512 },
  { svg: 'maskable.svg', out: 'maskable-192.png', size: 192 },
  { svg: 'maskable.svg', out: 'maskable-512.png', size: 512 },
  { svg: 'icon.svg', out: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  for (const job of jobs) {
    const svg = readFileSync(path.join(dir, job.svg), 'utf8');
    await page.setViewportSize({ width: job.size, height: job.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><div style="width:${job.size}px;height:${job.size}px">${svg.replace('<svg ', `<svg width="${job.size}" height="${job.size}" `)}</div></body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: job.size, height: job.size },
    });
    writeFileSync(path.join(dir, job.out), png);
    console.log(`${job.out} ${job.size}x${job.size} ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
