import '@/shared/ui/tokens.css';
import '@/shared/ui/base.css';
import '@/shared/ui/components.css';
import '@/features/layout/layout.css';
import '@/app/app.css';
// The overlays the prerendered page already shows (cookie banner, the header's sync chip) or the app adds at
// start: their styles ship with the ones above, so the first paint waits for no further stylesheet.
import '@/features/consent/consent.css';
import '@/features/accessibility/accessibility.css';
import '@/features/install/install.css';
import '@/features/sync-status/sync-badge.css';

// The app's code evaluates in five tasks rather than one: React DOM, then Dexie, then the database's schema
// (src/data/schema-step.ts), then the rest of the local store's modules, then the app itself
// (src/app/start.tsx), each a chunk of its own; the app starts in a sixth, and the main thread is handed back
// between them. Evaluated together they made one task of some 100 ms on a mid-range phone, during which a tap
// on the prerendered page waited; now it waits for one step at most (Dexie and the schema together made a task
// of 30 ms at 1x CPU, counted by Lighthouse's Total Blocking Time; the schema and the store's modules, 13-15
// ms). The chunks still download together from the start: index.html preloads them and links their
// stylesheets (vite-plugins/prerender-home.ts).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('@/data/dexie-library');
  await nextTask();
  await import('@/data/schema-step');
  await nextTask();
  await import('@/data/store-modules');
  await nextTask();
  const { startApp } = await import('@/app/start');
  await nextTask();
  startApp();
}

start().catch((error: unknown) => console.error('The app could not start:', error));
