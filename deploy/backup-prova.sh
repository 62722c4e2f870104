#!/usr/bin/env bash
# Tries the backups of deploy/backup-servidor.sh and deploy/backup-embutido.sh on throwaway databases,
# with the built API (npm run build) and a registry of PROVA_CONTRIBUINTES taxpayers (default 3,000),
# timing each step:
#  1. PostgreSQL server, WAL archived: base backup; write A, note the time, write B; a point-in-time
#     restore to between them into a new cluster: A present, B absent, every table's row count and
#     content (an md5 of its rows, derived tables included) equal to those at the noted time.
#  2. pg_dump of the whole registry, restored into an empty database of another role: every table
#     equal, and the API starts on it (migrations find nothing to do, the index check passes).
#  3. Embedded database: the running API copies itself (GET /management/backup) between a failed
#     sign-in as marca-a and one as marca-b (each an audit event); restored into its DATA_DIR with the
#     API stopped, the API starts on it: marca-a's event present, marca-b's absent, the registry whole.
# Run as root on Debian (runuser plays postgres). Leaves nothing behind. Not part of `npm test`.
#   bash deploy/backup-prova.sh          (PROVA_CONTRIBUINTES=500000 for the figures at full size;
#   PROVA_EMBUTIDO_CONTRIBUINTES sizes step 3 apart, e.g. 100000: PGlite is one process, slow to fill)
# Each step's line ends with the host's load average (1 min) when it finished: the figures are a busy host's or not.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
N=${PROVA_CONTRIBUINTES:-3000}
NE=${PROVA_EMBUTIDO_CONTRIBUINTES:-$N}
[ "$(id -u)" -eq 0 ] || { echo "deploy/backup-prova.sh: run as root" >&2; exit 1; }
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
T=$(mktemp -d /tmp/cadastro-backup-prova.XXXXXX)
chmod 755 "$T"
PIDS=()
limpar() {
  for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for d in "$T/pg" "$T/pitr"; do [ -f "$d/postmaster.pid" ] && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$d" -m immediate stop >/dev/null 2>&1 || true; done
  sleep 1
  rm -rf "$T"
}
trap limpar EXIT
ok() { printf '  \033[32mok\033[0m %s [load %s]\n' "$*" "$(cut -d' ' -f1 /proc/loadavg)"; }
falha() { printf '  \033[31mFALHOU\033[0m %s\n' "$*" >&2; exit 1; }
porta() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
agora() { date +%s%N; }
seg() { echo "$(( ($(agora) - $1) / 1000000 ))" | awk '{printf "%.1f s", $1 / 1000}'; }
pg() { runuser -u postgres -- "$@"; }
sqlv() { pg "$PGBIN/psql" -h "$T" -p "$1" -d "$2" -v ON_ERROR_STOP=1 -XAtqc "$3"; }
# Every table of the registry: name, rows, md5 of its rows in a fixed order (one line each).
retrato() { # port, database
  local q
  q=$(sqlv "$1" "$2" "select string_agg(format('select %L as t, count(*) as n, md5(coalesce(string_agg(x::text, %L order by x::text), %L)) as h from %I x', tablename, '|', '', tablename), ' union all ') from pg_tables where schemaname = 'public'")
  sqlv "$1" "$2" "select t || ' ' || n || ' ' || h from ($q) s order by t"
}

node scripts/ensure-deps.mjs
npm run build --silent >/dev/null 2>&1 || falha "npm run build"
API=(node --enable-source-maps "$ROOT/apps/api/dist/main.js")
api() { # log, env… → PID in APIPID, waits until ready
  local log=$1; shift
  local porta_api; porta_api=$(porta)
  env -i PATH="$PATH" HOME="$T" LANG=C.UTF-8 PORT="$porta_api" JWT_SECRET=prova-prova-prova-prova-prova-prova-1234 "$@" "${API[@]}" >"$log" 2>&1 &
  APIPID=$!; PIDS+=("$APIPID"); APIURL=http://127.0.0.1:$porta_api
  # Up to an hour: the API generates the registry before it is ready (500,000 taxpayers: minutes).
  for _ in $(seq 1 18000); do
    curl -fs "$APIURL/management/health/readiness" >/dev/null 2>&1 && return 0
    kill -0 "$APIPID" 2>/dev/null || { tail -20 "$log" >&2; return 1; }
    sleep 0.2
  done
  return 1
}
parar_api() { kill -TERM "$APIPID"; wait "$APIPID" || falha "the API exited $? after SIGTERM"; }

# ---------------------------------------------------------------- 1. the server: base backup + WAL + PITR
echo "1. PostgreSQL server: base backup, WAL archive, point-in-time restore ($N taxpayers)"
P1=$(porta); mkdir -p "$T/wal" "$T/bases"; chown postgres "$T" "$T/wal" "$T/bases"
pg "$PGBIN/initdb" -D "$T/pg" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
cat >> "$T/pg/postgresql.conf" <<EOF
wal_level = replica
archive_mode = on
archive_command = 'test ! -f $T/wal/%f && cp %p $T/wal/%f'
EOF
pg "$PGBIN/pg_ctl" -D "$T/pg" -l "$T/pg.log" -w -o "-p $P1 -k $T -c listen_addresses=127.0.0.1" start >/dev/null
# A superuser while the registry is generated: its bulk load then skips the triggers (session_replication_role)
# and counts the derived tables set-wise. As a plain role, the trigger work made 500,000 taxpayers take over 45 min.
sqlv "$P1" postgres "create role cadastro login superuser password 'prova'"
sqlv "$P1" postgres "create database cadastro owner cadastro"
URL1="postgres://cadastro:prova@127.0.0.1:$P1/cadastro"
t0=$(agora)
api "$T/api-seed.log" DATABASE_URL="$URL1" SEED_DEMO_TAXPAYERS="$N" || falha "the API did not start on the server"
ok "the registry generated by the API: $(seg "$t0") ($(sqlv "$P1" cadastro 'select count(*) from contribuinte') taxpayers, $(sqlv "$P1" postgres "select pg_size_pretty(pg_database_size('cadastro'))"))"
parar_api
sqlv "$P1" postgres "alter role cadastro nosuperuser"   # what the API's role is in production

t0=$(agora)
BASE=$(PGHOST=$T PGPORT=$P1 PGUSER=postgres PGBIN=$PGBIN pg bash deploy/backup-servidor.sh base "$T/bases")
ok "base backup (pg_basebackup, compressed): $(seg "$t0"), $(du -sh "$BASE" | cut -f1)"
marca() { sqlv "$P1" cadastro "insert into evento_auditoria (principal, event_type) values ('$1', 'BACKUP_PROVA')"; }
marca marca-a
sleep 1.1
QUANDO=$(sqlv "$P1" cadastro "select to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'")
retrato "$P1" cadastro > "$T/retrato-a.txt"
sleep 1.1
marca marca-b
sqlv "$P1" cadastro "select pg_switch_wal()" >/dev/null
ult=$(sqlv "$P1" cadastro "select pg_walfile_name(pg_current_wal_lsn())")
for _ in $(seq 1 100); do [ "$(sqlv "$P1" postgres 'select last_archived_wal from pg_stat_archiver')" \< "$ult" ] || break; sleep 0.2; done
ok "A written, time noted ($QUANDO), B written, WAL archived ($(ls "$T/wal" | wc -l) segments)"

t0=$(agora)
pg bash deploy/backup-servidor.sh restaurar "$BASE" "$T/wal" "$QUANDO" "$T/pitr" >/dev/null
P2=$(porta)
pg "$PGBIN/pg_ctl" -D "$T/pitr" -l "$T/pitr.log" -w -t 3600 -o "-p $P2 -k $T -c listen_addresses=127.0.0.1 -c archive_mode=off" start >/dev/null
for _ in $(seq 1 600); do [ "$(sqlv "$P2" postgres 'select pg_is_in_recovery()')" = f ] && break; sleep 0.2; done
ok "point-in-time restore (base unpacked, WAL replayed to the noted time, promoted): $(seg "$t0")"
[ "$(sqlv "$P2" cadastro "select string_agg(principal, ',' order by principal) from evento_auditoria where event_type = 'BACKUP_PROVA'")" = marca-a ] || falha "A present and B absent after the restore"
retrato "$P2" cadastro > "$T/retrato-pitr.txt"
diff "$T/retrato-a.txt" "$T/retrato-pitr.txt" >&2 || falha "the restored tables differ from those at the noted time"
ok "restored: A present, B absent, $(wc -l < "$T/retrato-a.txt") tables equal in rows and content to those at the noted time"

# ---------------------------------------------------------------- 2. pg_dump → an empty database, the API on it
echo "2. pg_dump of the whole registry, restored into an empty database"
retrato "$P1" cadastro > "$T/retrato-fonte.txt"   # no writes until the dump: the state it takes
t0=$(agora)
PGHOST=$T PGPORT=$P1 PGBIN=$PGBIN pg bash deploy/backup-servidor.sh dump cadastro "$T/cadastro.dump"
ok "pg_dump: $(seg "$t0"), $(du -h "$T/cadastro.dump" | cut -f1)"
sqlv "$P2" postgres "create role outro login password 'prova'"
sqlv "$P2" postgres "create database vazio owner outro"
t0=$(agora)
PGHOST=127.0.0.1 PGPORT=$P2 PGUSER=outro PGPASSWORD=prova PGBIN=$PGBIN bash deploy/backup-servidor.sh restaurar-dump "$T/cadastro.dump" vazio 2>"$T/restore.err" || { cat "$T/restore.err" >&2; falha "pg_restore"; }
ok "pg_restore into an empty database of another role: $(seg "$t0")"
retrato "$P2" vazio | diff "$T/retrato-fonte.txt" - >&2 || falha "the restored dump differs from its source"
t0=$(agora)
api "$T/api-dump.log" DATABASE_URL="postgres://outro:prova@127.0.0.1:$P2/vazio" APP_PROFILE=dev SEED_DEMO_TAXPAYERS=0 || falha "the API did not start on the restored dump"
ok "every table equal; the API starts on it in $(seg "$t0")"
parar_api

# ---------------------------------------------------------------- 3. the embedded database
echo "3. embedded database: a copy taken by the serving API, restored ($NE taxpayers)"
DADOS=$T/dados
t0=$(agora)
api "$T/api-emb.log" DATA_DIR="$DADOS" SEED_DEMO_TAXPAYERS="$NE" || falha "the embedded API did not start"
ok "embedded registry generated: $(seg "$t0"), $(du -sh "$DADOS/pgdata" | cut -f1)"
falhar_entrada() { curl -s -o /dev/null -X POST "$APIURL/api/authenticate" -H 'content-type: application/json' -H 'X-XSRF-TOKEN: p' -b 'XSRF-TOKEN=p' -d "{\"username\":\"$1\",\"password\":\"x\"}"; }
falhar_entrada marca-a
t0=$(agora)
ADMIN_PASSWORD=admin bash deploy/backup-embutido.sh copiar "$APIURL" "$T/embutido.tar" >/dev/null
ok "copy taken while serving: $(seg "$t0"), $(du -h "$T/embutido.tar" | cut -f1)"
falhar_entrada marca-b
parar_api
t0=$(agora)
bash deploy/backup-embutido.sh restaurar "$T/embutido.tar" "$DADOS" >/dev/null
ok "restored into DATA_DIR: $(seg "$t0")"
t0=$(agora)
api "$T/api-emb2.log" DATA_DIR="$DADOS" SEED_DEMO_TAXPAYERS="$NE" || falha "the API did not start on the restored data dir"
ok "the API starts on it in $(seg "$t0")"
TOKEN=$(curl -fsS -X POST "$APIURL/api/authenticate" -H 'content-type: application/json' -H 'X-XSRF-TOKEN: p' -b 'XSRF-TOKEN=p' \
  -d '{"username":"admin","password":"admin"}' | node -pe 'JSON.parse(require("fs").readFileSync(0,"utf8")).id_token')
HOJE=$(TZ=America/Maceio date +%F)
EVENTOS=$(curl -fsS "$APIURL/management/audits?fromDate=$HOJE&toDate=$HOJE&size=100&sort=timestamp,desc" -H "Authorization: Bearer $TOKEN")
echo "$EVENTOS" | grep -q '"principal":"marca-a"' || falha "marca-a's event is missing after the restore"
! echo "$EVENTOS" | grep -q '"principal":"marca-b"' || falha "marca-b's event (after the copy) is present"
ok "marca-a's event present, marca-b's absent"
grep -q 'gerando o cadastro de demonstração' "$T/api-emb2.log" && falha "the restored registry was empty (generated again)"
ok "the registry came back whole (no demo registry generated at the start)"
parar_api
echo "Everything above worked; the temp dir is removed."
