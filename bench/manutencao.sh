#!/usr/bin/env bash
# Maintenance benchmark: N generated taxpayers (default 1,000,000) in a throwaway PostgreSQL cluster,
# then POST eventos (three tabs), a porte change on a 500-registration root, and a 200-event timeline.
# Usage: bash bench/manutencao.sh [N] [events]
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
node scripts/ensure-deps.mjs
bash scripts/ensure-debian.sh
source scripts/pg-temp.sh
trap pg_temp_stop EXIT
pg_temp_start
echo "== generating $N taxpayers"
DATABASE_URL="$TEST_DATABASE_URL" npm run seed --silent -- --taxpayers "$N" --seed 1
echo "== maintenance"
DATABASE_URL="$TEST_DATABASE_URL" node --import tsx bench/manutencao.ts "${2:-200}"
