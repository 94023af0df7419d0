#!/usr/bin/env bash
# Sourced by test.sh: make a throwaway PostgreSQL server available for the integration suite's
# second run (the first runs on PGlite). Installs Debian's postgresql when root and it is missing.
PG_TEST_PORT="${PG_TEST_PORT:-54329}"
pg_bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
if [ -z "$pg_bin" ] && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's postgresql (integration tests also run on a real server)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && pg_bin="$d"; done
fi
if [ -z "$pg_bin" ]; then
  echo "PostgreSQL is missing: run 'sudo apt-get install -y postgresql' and try again." >&2
  exit 1
fi
pg_dir="$(mktemp -d /tmp/motorly-pg.XXXXXX)"
chmod 755 "$pg_dir"
run_pg() { if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
[ "$(id -u)" = "0" ] && chown postgres "$pg_dir"
run_pg "$pg_bin/initdb -D $pg_dir/data -U postgres -A trust --no-sync" >/dev/null
run_pg "$pg_bin/pg_ctl -D $pg_dir/data -o '-p $PG_TEST_PORT -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off' -l $pg_dir/log -w start" >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_TEST_PORT/postgres"
trap 'run_pg "$pg_bin/pg_ctl -D $pg_dir/data -m immediate stop" >/dev/null 2>&1 || true' EXIT
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') for tests at $TEST_DATABASE_URL"
