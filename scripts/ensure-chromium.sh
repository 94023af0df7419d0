#!/usr/bin/env bash
# Playwright cannot download browsers here: use Debian's chromium, installing it when root.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium (needed by the end-to-end tests)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' and try again." >&2
  exit 1
fi
