#!/usr/bin/env bash
# Backups of the registry on a PostgreSQL server, with PostgreSQL's own tools (run as the postgres
# user on the database host, or any role with REPLICATION for `base`; PGHOST/PGPORT/PGUSER pick the server).
#
# Once, in postgresql.conf (then a restart): every finished WAL segment copied to the archive.
#   wal_level = replica
#   archive_mode = on
#   archive_command = 'test ! -f /var/backups/cadastro/wal/%f && cp %p /var/backups/cadastro/wal/%f'
#   archive_timeout = 300        # at most 5 minutes of writes only in the current segment
#
#   backup-servidor.sh base DIR                      a base backup (pg_basebackup) into DIR/base-<time>
#   backup-servidor.sh restaurar BASE WAL 'TIME' NEW   a new cluster in NEW (empty dir): BASE, then the
#                                                    archived WAL replayed up to TIME ('2026-11-28 21:40:00+00'),
#                                                    then it opens for writes; start it with pg_ctl -D NEW
#   backup-servidor.sh dump DATABASE FILE              the whole registry with pg_dump (custom format)
#   backup-servidor.sh restaurar-dump FILE DATABASE    into an empty database (its owner the API's role)
# A base backup and the WAL after it restore to any instant; a dump restores to the instant it began.
# deploy/backup-prova.sh tries all of it on a throwaway cluster.
set -euo pipefail
uso() { sed -n '11,17p' "$0" | sed 's/^# *//' >&2; exit 2; }
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}

base() { # dir
  local destino; destino="$1/base-$(date -u +%Y%m%dT%H%M%SZ)"
  # Compressed tar, the WAL the copy needs streamed beside it, a checkpoint now rather than at its hour.
  "$PGBIN/pg_basebackup" -D "$destino" -Ft -z -X stream --checkpoint=fast --label="cadastro $(date -u +%FT%TZ)"
  echo "$destino"
}

restaurar() { # base, wal archive, time, new data dir
  local base=$1 wal=$2 quando=$3 novo=$4
  [ -f "$base/base.tar.gz" ] || { echo "backup-servidor: $base/base.tar.gz not found" >&2; exit 1; }
  [ ! -e "$novo" ] || [ -z "$(ls -A "$novo")" ] || { echo "backup-servidor: $novo is not empty" >&2; exit 1; }
  mkdir -p "$novo" && chmod 700 "$novo"
  tar -xzf "$base/base.tar.gz" -C "$novo"
  tar -xzf "$base/pg_wal.tar.gz" -C "$novo/pg_wal"
  # Recovery: WAL from the archive up to the target, then a new timeline that takes writes.
  cat >> "$novo/postgresql.auto.conf" <<EOF
restore_command = 'cp $wal/%f %p'
recovery_target_time = '$quando'
recovery_target_action = 'promote'
EOF
  touch "$novo/recovery.signal"
  echo "$novo: start it (pg_ctl -D $novo start); it replays the WAL up to $quando and opens"
}

dump() { # database, file
  "$PGBIN/pg_dump" -Fc -d "$1" -f "$2.parcial"
  mv "$2.parcial" "$2"
}

restaurar_dump() { # file, database
  # --no-owner: the objects go to the role that restores (the API's, owner of the empty database).
  "$PGBIN/pg_restore" --no-owner --exit-on-error -j 2 -d "$2" "$1"
}

case "${1:-}" in
  base) [ $# -eq 2 ] || uso; base "$2" ;;
  restaurar) [ $# -eq 5 ] || uso; restaurar "$2" "$3" "$4" "$5" ;;
  dump) [ $# -eq 3 ] || uso; dump "$2" "$3" ;;
  restaurar-dump) [ $# -eq 3 ] || uso; restaurar_dump "$2" "$3" ;;
  *) uso ;;
esac
