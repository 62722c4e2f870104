#!/usr/bin/env bash
# Reports at scale: N taxpayers (default 500,000: the largest registry the CACEAL numbering space holds, see bench/README.md) into a throwaway PostgreSQL cluster, then
# bench/relatorio.ts (big XLSX, 10,000-row PDF, first preview pages, the home page's picture).
# Usage: bash bench/relatorio.sh [N]
# With DATABASE_URL set, measures that (already seeded and migrated) database instead, generating nothing:
#   DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres flock /work/pg1m/bench.lock bash bench/relatorio.sh
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/ensure-deps.mjs
if [ -n "${DATABASE_URL:-}" ]; then
  echo "== existing database (nothing generated)"
  exec node --import tsx bench/relatorio.ts
fi
N=${1:-500000}
source scripts/pg-temp.sh
trap pg_temp_stop EXIT
pg_temp_start
echo "== generating $N taxpayers"
DATABASE_URL="$TEST_DATABASE_URL" npm run seed --silent -- --taxpayers "$N" --seed 1
DATABASE_URL="$TEST_DATABASE_URL" node --import tsx bench/relatorio.ts
