#!/usr/bin/env bash
# Issue #20's comparison with PostGraphile v4 (bench/README.md): installs postgraphile@4 and the two
# community plugins a generic layer needs for a text filter and a sort by the company's name into a
# temp dir at bench time (never into a package.json), starts it and this API on DATABASE_URL, checks
# the answers, then times 20 clients on the name search and on the exact CNPJ lookup (bench/postgraphile.ts).
# Usage: DATABASE_URL=… [USUARIOS=20] [SEGUNDOS=15] [AQUECER=3] [ENXUTO=1] [POSTGRAPHILE_DIR=dir with it installed] bash bench/postgraphile.sh
# ENXUTO=1: a lean PostGraphile (no plugins, one SQL function per lookup), the exact CNPJ lookup only.
# (the shared 1M cluster: under `flock /work/pg1m/bench.lock`)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?set DATABASE_URL to the PostgreSQL server with the generated data}"
node scripts/ensure-deps.mjs
BENCH_TMP=$(mktemp -d /tmp/cadastro-pgl.XXXXXX)
export BENCH_TMP
export PG_DATA="$BENCH_TMP/externo" # bench/reliability-processos.ts wants one; the server is not ours
cleanup() {
  local rc=$?
  set +e
  if [ -f "$BENCH_TMP/pids" ]; then
    while read -r pid; do
      if tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -q "^BENCH_TMP=$BENCH_TMP$"; then kill -9 "$pid" 2>/dev/null; fi
    done <"$BENCH_TMP/pids"
  fi
  rm -rf "$BENCH_TMP"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -z "${POSTGRAPHILE_DIR:-}" ]; then
  POSTGRAPHILE_DIR="$BENCH_TMP/postgraphile"
  mkdir -p "$POSTGRAPHILE_DIR"
  echo "[bench] installing postgraphile@4 into $POSTGRAPHILE_DIR"
  # ENXUTO=1: the lean set-up needs no plugin.
  (cd "$POSTGRAPHILE_DIR" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent \
    postgraphile@4 $([ "${ENXUTO:-0}" = 1 ] || echo postgraphile-plugin-connection-filter@2 @graphile-contrib/pg-order-by-related@1))
fi
export POSTGRAPHILE_DIR
source bench/api-raiz.sh
node --import tsx bench/postgraphile.ts
