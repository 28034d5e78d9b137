#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests. Playwright never downloads a
# browser here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1); it drives the system package by path.
set -euo pipefail
for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/lib/chromium/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    exit 0
  fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium package (apt-get install -y chromium)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "ensure-chromium: Chromium is not installed. Install it with 'sudo apt-get install -y chromium'" >&2
echo "ensure-chromium: (or set CHROMIUM_PATH to a Chromium executable), then run npm test again." >&2
exit 1
