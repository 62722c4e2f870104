#!/usr/bin/env bash
# `npm test`: installs what is missing, then lint, type check, unit + API tests (embedded PGlite),
# the same API suite against a throwaway PostgreSQL server, and browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m=== %s\033[0m\n' "$*"; }
started=$(date +%s)

step "dependencies"
node scripts/ensure-deps.mjs
bash scripts/ensure-debian.sh
node scripts/check-engines.mjs   # every locked package accepts the Node/npm range package.json states

step "lint"
npx eslint . --max-warnings 0

step "type check"
npm run typecheck --silent

step "unit tests (domain, web)"
(cd packages/domain && npx vitest run)
(cd apps/web && npx vitest run)

step "API tests on embedded PGlite"
(cd apps/api && npx vitest run)

step "stopping npm start (signals, port, lock, loopback)"
bash scripts/check-stop.sh

step "API tests on a PostgreSQL server"
source scripts/pg-temp.sh
trap pg_temp_stop EXIT
pg_temp_start
(cd apps/api && TEST_DATABASE_URL="$TEST_DATABASE_URL" npx vitest run)
pg_temp_stop

step "benchmark scripts still run (bench/registry.sh at 1,000 taxpayers)"
bash bench/registry.sh 1000 >/dev/null

step "browser tests (Playwright, Debian Chromium)"
node scripts/build-web.mjs
# The browser tests' data dir is made here so it can be removed afterwards, passed or not.
E2E_DATA_DIR=$(mktemp -d /tmp/cadastro-e2e-XXXXXX)
export E2E_DATA_DIR
trap 'pg_temp_stop; rm -rf "$E2E_DATA_DIR"' EXIT
(cd e2e && npx playwright test)
rm -rf "$E2E_DATA_DIR"

echo
echo "All test stages passed in $(( $(date +%s) - started )) s."
