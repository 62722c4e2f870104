#!/usr/bin/env bash
# Tries a rolling upgrade without downtime (bench/atualizacao.ts): on a throwaway PostgreSQL cluster with
# N generated taxpayers (default 3,000), two replicas of the built release behind nginx under the
# clerk's load; each replica in turn stopped and started on the next release, whose expand migration
# the first one applies while the other still serves the old code. Fails on any failed request or a
# migration not applied exactly once. Not part of `npm test` (about 3 minutes on a busy 2-core machine).
#   bash deploy/atualizacao-prova.sh [N]          (USUARIOS=20 clerks, SEGUNDOS_ANTES=5)
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/ensure-deps.mjs
npm run build --silent >/dev/null
# bench/reliability.sh owns the cluster, the generated registry, nginx's install and the clean-up.
EMBUTIDO=0 SENHAS=0 BENCH_TS=bench/atualizacao.ts exec bash bench/reliability.sh "${1:-3000}"
