#!/usr/bin/env bash
# `npm test`: build the site, type-check and lint from this checkout (the lint beside the build, the
# type check beside the unit tier), and run every test with Node's test runner in two tiers: the unit
# tier (the core and the record logic: `npm run test:unit`), then the build tier (checks over dist/,
# builds in throw-away copies, the bench scripts at their smallest size) with the end-to-end tier,
# longest file first (the browser, crawler, accessibility and HTML-validity tests against dist/ served
# on 127.0.0.1, each file on a free port). Test files run UAIX_TEST_JOBS at a time (default: the
# number of cores, at least 2): no two files share state (each build test works in its own copy of
# the repository; packing the checkout's package takes a lock, tests/support/packageFolderLock.ts).
# Each tier prints its own summary; the run fails if either tier fails, and both always run.
# `bash scripts/test.sh unit` (`npm run test:unit`) runs the unit tier alone, without the build.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s globstar nullglob
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export ASTRO_TELEMETRY_DISABLED=1

jobs="${UAIX_TEST_JOBS:-$(nproc)}"
if ((jobs < 2)); then jobs=2; fi

# The record's unit tests (tests/unit/record/: its pure modules over small fixtures) run in one
# process, through an entry that imports each file: one Node and one TypeScript loader for all of them
# instead of one per file, which cost more CPU than their tests (bench/RESULTS.md). Every other unit
# file (the CLI, the harness, packing, bounds on time and memory) keeps a process of its own.
unit_tier() {
  local shared=(tests/unit/record/**/*.test.ts) own=() file entry status=0
  for file in tests/unit/**/*.test.ts; do
    [[ "$file" == tests/unit/record/* ]] || own+=("$file")
  done
  entry="$(mktemp -d)/record-unit-tests.test.mjs"
  node -e 'const { pathToFileURL } = require("node:url");
for (const file of process.argv.slice(1)) console.log(`import ${JSON.stringify(pathToFileURL(file).href)};`);' \
    "${shared[@]}" >"$entry"
  echo "== tests, unit tier: tests/unit ($jobs files at a time; the ${#shared[@]} files of tests/unit/record in one process)"
  node --import tsx --test --test-concurrency="$jobs" --test-reporter=spec "$entry" "${own[@]}" || status=$?
  rm -rf "$(dirname "$entry")"
  return "$status"
}

if [ "${1:-}" = unit ]; then
  unit_tier
  exit
fi

bash scripts/ensure-debian-packages.sh
echo "== dependency audit (npm audit --omit=dev: high or critical advisories fail the run)"
node --import tsx scripts/audit.ts
# The lint reads the checkout's sources and none of the build's outputs (eslint.config.js and
# .prettierignore leave them out), so it runs beside the build, which leaves part of a core idle;
# the type check needs the content types the build generates, so it starts when the build has
# ended and runs beside the unit tier (it is one thread: alone, it left a core idle for its 17 s).
# Each one's output is printed whole after the unit tier, and either failing ends the run there.
logs="$(mktemp -d)"
# Each runs in a session of its own, which a failed build or unit tier ends with every process of
# it (npm does not end eslint when it is killed).
lint=""
check=""
trap 'for job in $lint $check; do kill -- "-$job" 2>/dev/null; done; rm -rf "$logs"' EXIT
setsid npm run --silent lint >"$logs/lint" 2>&1 &
lint=$!
echo "== build"
npm run --silent build
setsid node node_modules/astro/astro.js check --minimumSeverity hint --minimumFailingSeverity hint >"$logs/check" 2>&1 &
check=$!

failed=()
unit_tier || failed+=(unit)

check_status=0
wait "$check" || check_status=$?
lint_status=0
wait "$lint" || lint_status=$?
lint=""
check=""
echo "== type check: TypeScript and .astro templates (after the build, which generates Astro's content types)"
cat "$logs/check"
echo "== lint: ESLint (TypeScript and .astro), the layer rules (dependency-cruiser, .astro templates included: imports only point down, no loop) and Prettier's check"
cat "$logs/lint"
if ((check_status || lint_status)); then
  echo "== failed: type check exit $check_status, lint exit $lint_status${failed[*]:+, and the unit tier}" >&2
  exit 1
fi

# Longest first, by the seconds each file took in a measured run (scripts/testSchedule.ts), so that no
# long file starts last; the reporter beside spec measures this run's seconds of each file, and
# UAIX_TEST_RECORD_DURATIONS=1 writes them to tests/file-durations.json.
tier_files=(tests/build/**/*.test.ts tests/e2e/**/*.test.ts)
mapfile -t ordered < <(node --import tsx scripts/test-schedule.ts order "${tier_files[@]}")
# A failed ordering must not leave the runner without files (it would then run every test file it finds).
if ((${#ordered[@]} != ${#tier_files[@]})); then
  echo "== failed: scripts/test-schedule.ts ordered ${#ordered[@]} of ${#tier_files[@]} test files" >&2
  exit 1
fi
echo "== tests, build and end-to-end tiers: tests/build and tests/e2e ($jobs files at a time, longest first: tests/file-durations.json)"
node --import tsx --test --test-concurrency="$jobs" --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=./tests/support/fileDurationsReporter.mjs --test-reporter-destination="$logs/durations.json" \
  "${ordered[@]}" || failed+=("build and end-to-end")
if [ "${UAIX_TEST_RECORD_DURATIONS:-}" = 1 ]; then
  node --import tsx scripts/test-schedule.ts record "$logs/durations.json"
fi

if ((${#failed[@]})); then
  echo "== failed: ${failed[*]} (see the tier's summary above)" >&2
  exit 1
fi
