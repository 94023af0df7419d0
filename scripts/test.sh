#!/usr/bin/env bash
# The one test command: lint, format check, type-check, edge functions under Deno, unit + integration (PGlite and
# PostgreSQL), build, e2e.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
source scripts/ensure-postgres.sh   # exports TEST_DATABASE_URL when a server could be started

# Lint on one core, the other checks one after another on the other (each is single-threaded): CI's 45 minutes.
lint_log="$(mktemp /tmp/motorly-lint.XXXXXX)"
npx eslint . --max-warnings=0 >"$lint_log" 2>&1 &
lint_run=$!
checks_status=0
{ echo "== format"; npx prettier --check . && echo "== typecheck" && npx tsc -p tsconfig.json --noEmit &&
  echo "== edge functions (Deno)" && npm run test:deno; } || checks_status=$?
lint_status=0
wait "$lint_run" || lint_status=$?
echo "== lint"; cat "$lint_log"; rm -f "$lint_log"
[ "$lint_status" = 0 ] || exit "$lint_status"
[ "$checks_status" = 0 ] || exit "$checks_status"
# The PostgreSQL run of the integration suite goes beside the PGlite run: its files run one at a time and
# mostly wait on the server, so the two together take about as long as the PGlite run (CI's 45-minute budget).
pg_log="$(mktemp /tmp/motorly-it-pg.XXXXXX)"
echo "== unit + integration (PGlite), with integration (PostgreSQL) beside it"
STACK_DB=postgres npx vitest run --project integration >"$pg_log" 2>&1 &
pg_run=$!
if ! npx vitest run; then kill "$pg_run" 2>/dev/null || true; wait "$pg_run" 2>/dev/null || true; exit 1; fi
pg_status=0
wait "$pg_run" || pg_status=$?
echo "== integration (PostgreSQL)"; cat "$pg_log"; rm -f "$pg_log"
[ "$pg_status" = 0 ] || exit "$pg_status"
# The API URL and anon key are baked into the bundle: follow a non-default e2e API port, and build for
# the demo keys that the e2e stack is asked to use (playwright.config.ts starts it with STACK_DEMO_KEYS=1).
if [ -n "${E2E_API_PORT:-}" ]; then export VITE_SUPABASE_URL="http://127.0.0.1:$E2E_API_PORT"; fi
export STACK_DEMO_KEYS=1
VITE_SUPABASE_ANON_KEY="$(npx tsx supabase/local/cli.ts status --json \
  | node -pe 'JSON.parse(require("fs").readFileSync(0)).anonKey')"
export VITE_SUPABASE_ANON_KEY
# The e2e server is scripts/start.ts, which forwards /supabase/* to the Data API: build as `npm start` does.
export VITE_EARLY_API_URL=/supabase
# The e2e specs drive writes through the page test hooks, which only VITE_TEST_HOOKS=1 builds carry.
echo "== build (with test hooks, for e2e)"; VITE_TEST_HOOKS=1 npx vite build
echo "== end-to-end (Chromium)"; npx playwright test
