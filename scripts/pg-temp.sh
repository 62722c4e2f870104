#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a temp dir (initdb), for the server-mode test run.
# Usage: source this file; pg_temp_start sets TEST_DATABASE_URL; pg_temp_stop removes everything.
pg_temp_start() {
  local bindir
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  PG_TEMP_DIR=$(mktemp -d /tmp/cadastro-pg.XXXXXX)
  PG_TEMP_PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  PG_AS=()
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$PG_TEMP_DIR"
    PG_AS=(runuser -u postgres --)
  fi
  PG_TEMP_BIN=$bindir
  "${PG_AS[@]}" "$bindir/initdb" -D "$PG_TEMP_DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  "${PG_AS[@]}" "$bindir/pg_ctl" -D "$PG_TEMP_DIR/data" -l "$PG_TEMP_DIR/log" -w \
    -o "-p $PG_TEMP_PORT -k $PG_TEMP_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_TEMP_PORT/postgres"
  echo "[cadastro] PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $PG_TEMP_PORT"
}
pg_temp_stop() {
  [ -n "${PG_TEMP_DIR:-}" ] || return 0
  "${PG_AS[@]}" "$PG_TEMP_BIN/pg_ctl" -D "$PG_TEMP_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_TEMP_DIR"
  PG_TEMP_DIR=""
}
