#!/usr/bin/env bash
# Backup and restore of the embedded database (PGlite in DATA_DIR/pgdata), for an installation with no
# DATABASE_URL. The copy is taken by the running API itself (GET /management/backup, an administrator's
# call): PGlite belongs to one process, and the API copies it between two statements, the state of one
# instant. The restore runs with the API stopped and keeps the replaced database beside it.
#   ADMIN_PASSWORD=… bash deploy/backup-embutido.sh copiar http://127.0.0.1:8080 /var/backups/cadastro-$(date +%F).tar
#   bash deploy/backup-embutido.sh restaurar /var/backups/cadastro-2026-11-28.tar /srv/cadastro/data
# The JWT secret generated in DATA_DIR (jwt-secret) is not in the copy: keep it, or set JWT_SECRET.
set -euo pipefail
uso() { sed -n '5,6p' "$0" | sed 's/^# *//' >&2; exit 2; }

copiar() { # base url, file
  local base=$1 arquivo=$2 token parcial
  : "${ADMIN_PASSWORD:?set ADMIN_PASSWORD: the password of the administrator account (ADMIN_LOGIN, default admin)}"
  token=$(curl -fsS -X POST "$base/api/authenticate" -H 'content-type: application/json' -H 'X-XSRF-TOKEN: b' -b 'XSRF-TOKEN=b' \
    -d "$(node -e 'console.log(JSON.stringify({ username: process.argv[1], password: process.argv[2] }))' "${ADMIN_LOGIN:-admin}" "$ADMIN_PASSWORD")" |
    node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).id_token')
  # Written beside the target and renamed at the end: a cut transfer never passes for a backup.
  parcial="$arquivo.parcial"
  curl -fsS "$base/management/backup" -H "Authorization: Bearer $token" -o "$parcial"
  tar -tf "$parcial" >/dev/null 2>&1 || { rm -f "$parcial"; echo "backup-embutido: the copy is not a readable tar" >&2; exit 1; }
  mv "$parcial" "$arquivo"
  echo "$arquivo: $(du -h "$arquivo" | cut -f1)"
}

restaurar() { # file, DATA_DIR
  local arquivo=$1 dados=$2 pid antiga
  [ -f "$arquivo" ] || { echo "backup-embutido: $arquivo not found" >&2; exit 1; }
  # grep reads the whole list (no -q): an early exit would fail tar with SIGPIPE under pipefail.
  tar -tf "$arquivo" 2>/dev/null | grep -x '/\?PG_VERSION' >/dev/null || { echo "backup-embutido: $arquivo is not a copy of a data dir" >&2; exit 1; }
  if [ -f "$dados/cadastro.lock" ]; then
    pid=$(cat "$dados/cadastro.lock")
    if kill -0 "$pid" 2>/dev/null; then echo "backup-embutido: the API (pid $pid) is using $dados: stop it first" >&2; exit 1; fi
  fi
  mkdir -p "$dados"
  if [ -d "$dados/pgdata" ]; then
    antiga="$dados/pgdata.antes-$(date +%Y%m%dT%H%M%S)"
    mv "$dados/pgdata" "$antiga"
    echo "the replaced database is kept in $antiga"
  fi
  mkdir "$dados/pgdata.restaurando"
  tar -xf "$arquivo" -C "$dados/pgdata.restaurando" 2>/dev/null
  mv "$dados/pgdata.restaurando" "$dados/pgdata"
  echo "restored into $dados/pgdata: start the API"
}

case "${1:-}" in
  copiar) [ $# -eq 3 ] || uso; copiar "$2" "$3" ;;
  restaurar) [ $# -eq 3 ] || uso; restaurar "$2" "$3" ;;
  *) uso ;;
esac
