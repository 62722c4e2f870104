#!/usr/bin/env bash
# Reliability bench (docs/performance.md, "Reliability"): a throwaway PostgreSQL cluster with N generated
# taxpayers (default 100,000), two API processes behind nginx; read load, a write load during which
# one API process is killed, a PostgreSQL restart under load; then the embedded PGlite process alone
# and the password-change bench (bench/senhas.ts). Everything lives in one temp dir and is removed at
# the end, failure or not.
# Usage: npm run bench:reliability [-- N]   (env: TAXPAYERS, SEGUNDOS_A, SEGUNDOS_B, SEGUNDOS_C,
#        USUARIOS, SEGUNDOS_EMBUTIDO, EMBUTIDO=0 to skip the PGlite part, LENTOS=0 to skip its 64 slow
#        clients beside a clerk (bench/lentos.ts), SENHAS=0 to skip bench/senhas.ts, BENCH_TS=another
#        script to run on the cluster: deploy/atualizacao-prova.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-${TAXPAYERS:-100000}}
node scripts/ensure-deps.mjs
bash scripts/ensure-debian.sh
if ! command -v nginx >/dev/null 2>&1; then
  echo "[bench] installing Debian's nginx"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  # policy-rc.d may refuse to start the packaged service; we never use it, our nginx has its own config.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nginx >/dev/null || command -v nginx >/dev/null
fi

BENCH_TMP=$(mktemp -d /tmp/cadastro-rel.XXXXXX)
chmod 755 "$BENCH_TMP" # the postgres user must reach its data dir inside
export BENCH_TMP
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PG_DATA="$BENCH_TMP/pg/data"
PG_AS=()
mkdir -p "$BENCH_TMP/pg"
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$BENCH_TMP/pg"
  PG_AS=(runuser -u postgres --)
fi

cleanup() {
  local rc=$?
  set +e
  # Processes the bench started (it records them in $BENCH_TMP/pids and stops them itself; this is
  # for a bench that died hard). A pid is killed only if its environment names this run's temp dir,
  # so a recycled pid of someone else's process is never touched.
  if [ -f "$BENCH_TMP/pids" ]; then
    while read -r pid; do
      if tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -q "^BENCH_TMP=$BENCH_TMP$"; then
        kill -9 "$pid" 2>/dev/null
      fi
    done <"$BENCH_TMP/pids"
  fi
  # nginx: SIGTERM lets the master stop its worker; a master that does not go is killed with its children.
  if [ -f "$BENCH_TMP/nginx.pid" ]; then
    local master
    master=$(cat "$BENCH_TMP/nginx.pid")
    kill -TERM "$master" 2>/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$master" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$master" 2>/dev/null; then
      for child in $(pgrep -P "$master"); do kill -9 "$child" 2>/dev/null; done
      kill -9 "$master" 2>/dev/null
    fi
  fi
  if [ -f "$PG_DATA/postmaster.pid" ]; then "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate stop >/dev/null 2>&1; fi
  rm -rf "$BENCH_TMP"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PG_PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
"${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_DATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
# fsync stays on (as in production: write latency includes the WAL flush). Two API processes hold
# at most 10 connections each; 100 leaves room for the bench's own clients.
"${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$BENCH_TMP/pg/log" -w \
  -o "-p $PG_PORT -k $BENCH_TMP/pg -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=256MB" start >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
export PG_BIN PG_DATA
PG_RUNUSER=""
[ ${#PG_AS[@]} -gt 0 ] && PG_RUNUSER=postgres
export PG_RUNUSER
echo "[bench] PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PG_PORT, temp dir $BENCH_TMP"

t0=$(date +%s)
echo "== generating $N taxpayers into PostgreSQL"
npm run seed --silent -- --taxpayers "$N" --seed 7 --reset | grep -aE "rows in|load "
echo "   ($(($(date +%s) - t0)) s)"
if [ "${EMBUTIDO:-1}" != 0 ] || [ "${SENHAS:-1}" != 0 ]; then
  export PGLITE_DIR="$BENCH_TMP/pglite"
  t0=$(date +%s)
  echo "== generating $N taxpayers into embedded PGlite"
  DATABASE_URL="" DATA_DIR="$PGLITE_DIR" npm run seed --silent -- --taxpayers "$N" --seed 7 | grep -aE "rows in|load "
  echo "   ($(($(date +%s) - t0)) s)"
fi

node --import tsx "${BENCH_TS:-bench/reliability.ts}" "$N"
if [ "${SENHAS:-1}" != 0 ]; then
  DATABASE_URL="" DATA_DIR="$PGLITE_DIR" node --import tsx bench/senhas.ts
fi
