import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-args';
import { E2E_LISTINGS } from './tests/e2e/e2e-listings';

// End-to-end tests drive Debian's Chromium (Playwright cannot download browsers here) against the
// production build and the embedded Supabase stack, both started fresh by scripts/start.ts.

const APP_PORT = Number(process.env.E2E_APP_PORT ?? 5173);
const API_PORT = Number(process.env.E2E_API_PORT ?? 54321);

/**
 * Every spec starts with a stored cookie choice (analytics off), so the cookie banner does not cover
 * the controls other specs click; consent.spec.ts clears it to test the banner itself.
 */
export const CONSENT_STORED = {
  cookies: [],
  origins: [
    {
      origin: `http://localhost:${APP_PORT}`,
      localStorage: [
        {
          name: 'motorly-cookie-consent',
          value: JSON.stringify({
            necessary: true,
            analytics: false,
            marketing: false,
            functional: false,
            consentDate: '2026-11-01T09:00:00.000Z',
          }),
        },
      ],
    },
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    storageState: CONSENT_STORED,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `npx tsx scripts/start.ts --no-build --fresh --app-port ${APP_PORT} --api-port ${API_PORT}`,
    url: `http://localhost:${APP_PORT}`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // The e2e specs create several accounts from one IP; the per-IP sign-up limit itself (3 per 15 min)
    // is covered by the integration tests, so it is lifted here unless set explicitly.
    // The bundle under test is built for the demo keys (scripts/test.sh, or no VITE_SUPABASE_ANON_KEY),
    // so the throwaway stack is asked for them explicitly (a stack's own secret is the default).
    // The stack is seeded with E2E_LISTINGS listings (tests/e2e/e2e-listings.ts says why).
    env: {
      AUTH_RATE_LIMIT_SIGNUP: process.env.AUTH_RATE_LIMIT_SIGNUP ?? '1000',
      STACK_DEMO_KEYS: '1',
      MOTORLY_LISTINGS: String(E2E_LISTINGS),
    },
  },
});
