#!/usr/bin/env bash
# Scale-out bench (issue #20, docs/performance.md "Scale-out"): 1 and then 2 API processes behind nginx on
# loopback, a clerk-like mix at 20 and 100 connections (bench/scale.ts). Against DATABASE_URL when it
# is set (e.g. the shared 1M cluster: run it under `flock /work/pg1m/bench.lock`), otherwise against a
# throwaway PostgreSQL cluster with N generated taxpayers. Everything lives in one temp dir and is
# removed at the end, failure or not (nginx, API processes, the throwaway cluster).
# Usage: npm run bench:scale [-- N]   (env: DATABASE_URL, TAXPAYERS (100000), SEGUNDOS (20),
#        CONEXOES ("20 100"), PROCESSOS ("1 2"), MISTURA ("clerk", "public" or "clerk public"),
#        REPLICAS="0 1 2" (REPLICA=1 = "1"): the throwaway cluster gets that many streaming standbys
#        (pg_basebackup -R) and each set-up is measured in turn, the API processes started afresh
#        reading from its first k standbys (DATABASE_REPLICA_URLS); MATAR_REPLICA=1: one more phase
#        per mix where standby 1 is killed (SIGKILL) a third in and restarted two thirds in; on
#        DATABASE_URL, set DATABASE_REPLICA_URLS yourself)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-${TAXPAYERS:-100000}}
node scripts/ensure-deps.mjs
if ! command -v nginx >/dev/null 2>&1; then
  echo "[bench] installing Debian's nginx"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  # policy-rc.d may refuse to start the packaged service; we never use it, our nginx has its own config.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nginx >/dev/null || command -v nginx >/dev/null
fi

BENCH_TMP=$(mktemp -d /tmp/cadastro-scale.XXXXXX)
chmod 755 "$BENCH_TMP" # the postgres user must reach its data dir inside
export BENCH_TMP
PG_DATA="$BENCH_TMP/pg/data"
PG_AS=()
PROPRIO=0 # 1 = this run created the cluster (and stops it)

cleanup() {
  local rc=$?
  set +e
  # Processes the bench started (listed in $BENCH_TMP/pids), killed only if their environment names
  # this run's temp dir, so a recycled pid of someone else's process is never touched.
  if [ -f "$BENCH_TMP/pids" ]; then
    while read -r pid; do
      if tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -q "^BENCH_TMP=$BENCH_TMP$"; then
        kill -9 "$pid" 2>/dev/null
      fi
    done <"$BENCH_TMP/pids"
  fi
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
  if [ "$PROPRIO" = 1 ] && [ -f "$PG_DATA/postmaster.pid" ]; then "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate stop >/dev/null 2>&1; fi
  if [ "$PROPRIO" = 1 ]; then
    for d in "$BENCH_TMP"/pg/standby*/; do
      [ -f "$d/postmaster.pid" ] && "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$d" -m immediate stop >/dev/null 2>&1
    done
  fi
  rm -rf "$BENCH_TMP"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -z "${DATABASE_URL:-}" ]; then
  bash scripts/ensure-debian.sh
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  mkdir -p "$BENCH_TMP/pg"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$BENCH_TMP/pg"
    PG_AS=(runuser -u postgres --)
  fi
  PG_PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  "${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_DATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  PROPRIO=1
  # Two API processes hold at most 10 connections each; 100 leaves room for the bench's own.
  "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$BENCH_TMP/pg/log" -w \
    -o "-p $PG_PORT -k $BENCH_TMP/pg -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=256MB" start >/dev/null
  export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "[bench] PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PG_PORT, temp dir $BENCH_TMP"
  t0=$(date +%s)
  echo "== generating $N taxpayers into PostgreSQL"
  npm run seed --silent -- --taxpayers "$N" --seed 7 --reset | grep -aE "rows in|load "
  echo "   ($(($(date +%s) - t0)) s)"
  export PG_DATA
  REPLICAS=${REPLICAS:-${REPLICA:-0}}
  # "0 1 2": the set-ups measured one after the other on the same data; the most standbys are made.
  MAIS_REPLICAS=$(echo "$REPLICAS" | tr ' ' '\n' | sort -n | tail -n 1)
  export REPLICAS
  urls=() datas=()
  for k in $(seq 1 "$MAIS_REPLICAS"); do
    # Hot standbys of the generated data (initdb's defaults allow streaming replication on loopback).
    STANDBY_PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    "${PG_AS[@]}" "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PG_PORT" -U postgres -D "$BENCH_TMP/pg/standby$k" -R -X stream -c fast
    # Its settings in its own postgresql.conf, so a plain `pg_ctl start` brings it back after a kill.
    printf "port = %s\nunix_socket_directories = '%s'\nlisten_addresses = '127.0.0.1'\nmax_connections = 100\nshared_buffers = 256MB\n" \
      "$STANDBY_PORT" "$BENCH_TMP/pg" | "${PG_AS[@]}" tee -a "$BENCH_TMP/pg/standby$k/postgresql.conf" >/dev/null
    "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$BENCH_TMP/pg/standby$k" -l "$BENCH_TMP/pg/standby$k.log" -w start >/dev/null
    urls+=("postgres://postgres@127.0.0.1:$STANDBY_PORT/postgres")
    datas+=("$BENCH_TMP/pg/standby$k")
    echo "[bench] streaming standby $k on port $STANDBY_PORT: the API processes read from it"
  done
  if [ "$MAIS_REPLICAS" -gt 0 ]; then
    DATABASE_REPLICA_URLS=$(IFS=,; echo "${urls[*]}")
    PG_STANDBY_DATA=$(IFS=:; echo "${datas[*]}")
    # scale.ts kills and restarts a standby under load (MATAR_REPLICA=1): as the cluster's owner.
    PG_CTL="${PG_AS[*]} $PG_BIN/pg_ctl"
    export DATABASE_REPLICA_URLS PG_STANDBY_DATA PG_CTL
  fi
else
  echo "[bench] against DATABASE_URL (${DATABASE_URL%%\?*}), temp dir $BENCH_TMP"
  # bench/reliability-processos.ts wants a data dir; the postmaster's CPU is not read for a server
  # this bench does not own.
  export PG_DATA="$BENCH_TMP/externo"
  source bench/api-raiz.sh
fi

node --import tsx bench/scale.ts
