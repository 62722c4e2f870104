#!/usr/bin/env bash
# Generates N taxpayers (default 500,000: the largest registry the CACEAL numbering space holds, see bench/README.md) into a throwaway PostgreSQL 15 cluster, then measures the
# taxpayer-search SQL at that size. Usage: bash bench/registry.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-500000}
node scripts/ensure-deps.mjs
bash scripts/ensure-debian.sh
source scripts/pg-temp.sh
trap pg_temp_stop EXIT
pg_temp_start
echo "== generating $N taxpayers"
DATABASE_URL="$TEST_DATABASE_URL" npm run seed --silent -- --taxpayers "$N" --seed 1
echo "== search SQL"
DATABASE_URL="$TEST_DATABASE_URL" node --import tsx bench/search.ts 40
