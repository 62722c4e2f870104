#!/usr/bin/env bash
# Reports at scale: N taxpayers (default 1,000,000) into a throwaway PostgreSQL cluster, then
# bench/relatorio.ts (big XLSX, 10,000-row PDF, first preview pages). Usage: bash bench/relatorio.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
node scripts/ensure-deps.mjs
source scripts/pg-temp.sh
trap pg_temp_stop EXIT
pg_temp_start
echo "== generating $N taxpayers"
DATABASE_URL="$TEST_DATABASE_URL" npm run seed --silent -- --taxpayers "$N" --seed 1
DATABASE_URL="$TEST_DATABASE_URL" node --import tsx bench/relatorio.ts
