#!/usr/bin/env bash
# `npm test`: build the site, type-check from this checkout, then run every test with Node's test
# runner: unit tests of the core and the record logic, checks over dist/, and the browser, crawler,
# accessibility and HTML-validity tests against dist/ served on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s globstar nullglob
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export ASTRO_TELEMETRY_DISABLED=1

bash scripts/ensure-debian-packages.sh
echo "== dependency audit (npm audit --omit=dev: high or critical advisories fail the run)"
node --import tsx scripts/audit.ts
echo "== build"
npm run --silent build
echo "== type check: TypeScript and .astro templates (after the build, which generates Astro's content types)"
node node_modules/astro/astro.js check --minimumSeverity hint --minimumFailingSeverity hint
echo "== lint: ESLint (TypeScript and .astro), the layer rules (dependency-cruiser, .astro templates included: imports only point down, no loop) and Prettier's check"
npm run --silent lint
echo "== tests"
files=(tests/unit/**/*.test.ts tests/build/**/*.test.ts tests/e2e/**/*.test.ts)
node --import tsx --test --test-concurrency=1 --test-reporter=spec "${files[@]}"
