#!/usr/bin/env bash
# Maintenance benchmark: N generated taxpayers (default 500,000: the largest registry the CACEAL numbering space holds, see bench/README.md) in a throwaway PostgreSQL cluster,
# then POST eventos (three tabs), a porte change on a 500-registration root, and a 200-event timeline.
# Usage: bash bench/manutencao.sh [N] [events]
#        BENCH_DATABASE_URL=postgres://… bash bench/manutencao.sh - [events]   (existing data, nothing generated)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-500000}
node scripts/ensure-deps.mjs
if [ -n "${BENCH_DATABASE_URL:-}" ]; then
  # An existing database with generated data (e.g. a shared 1M cluster): nothing generated, only the bench's own rows added.
  echo "== maintenance on $BENCH_DATABASE_URL ($(uptime | sed 's/.*load/load/'))"
  DATABASE_URL="$BENCH_DATABASE_URL" node --import tsx bench/manutencao.ts "${2:-200}"
  exit 0
fi
bash scripts/ensure-debian.sh
source scripts/pg-temp.sh
trap pg_temp_stop EXIT
pg_temp_start
echo "== generating $N taxpayers"
DATABASE_URL="$TEST_DATABASE_URL" npm run seed --silent -- --taxpayers "$N" --seed 1
echo "== maintenance"
DATABASE_URL="$TEST_DATABASE_URL" node --import tsx bench/manutencao.ts "${2:-200}"
