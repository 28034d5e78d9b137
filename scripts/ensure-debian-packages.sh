#!/usr/bin/env bash
# Makes sure the Debian packages the tests drive are installed: chromium (the browser tests; Playwright
# never downloads a browser, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1), python3-jsonschema (the conformance
# test's independent implementation, implementations/python/) and python3-feedparser (the edition
# test parses the Atom feeds with it). Installs what is missing with apt-get when root, else says how.
# Usage: ensure-debian-packages.sh [package ...]   (no argument: all three)
set -euo pipefail
PYTHON="${UAIX_PYTHON:-/usr/bin/python3}"

installed() {
  case "$1" in
    chromium)
      for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/lib/chromium/chromium /usr/bin/chromium-browser; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then return 0; fi
      done
      return 1 ;;
    python3-jsonschema) [ -x "$PYTHON" ] && "$PYTHON" -c 'import jsonschema' 2>/dev/null ;;
    python3-feedparser) [ -x "$PYTHON" ] && "$PYTHON" -c 'import feedparser' 2>/dev/null ;;
    *) echo "ensure-debian-packages: $1 is not a package the tests use" >&2; exit 2 ;;
  esac
}

wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(chromium python3-jsonschema python3-feedparser)
missing=()
for package in "${wanted[@]}"; do installed "$package" || missing+=("$package"); done
[ ${#missing[@]} -gt 0 ] || exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-debian-packages: installing ${missing[*]} (apt-get install -y ${missing[*]})" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "ensure-debian-packages: not installed: ${missing[*]}. Install with 'sudo apt-get install -y ${missing[*]}'" >&2
echo "ensure-debian-packages: (or set CHROMIUM_PATH, or UAIX_PYTHON to a Python 3 that has them), then run the tests again." >&2
exit 1
