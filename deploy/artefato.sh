#!/usr/bin/env bash
# Tries the release artifact as a server gets it: `npm run build` here, then the checked-in files and
# the two built folders (apps/web/dist, apps/api/dist) copied to a temp dir, `npm ci --omit=dev
# --workspace apps/api` there (the API's runtime packages only: no TypeScript, tsx, esbuild, vite, nor
# the SPA's React), and the API started with exactly the command line of deploy/cadastro@.service.
# It must: get ready on an empty embedded database (migrations found beside the bundle), serve the SPA,
# sign in, print a PDF (render thread, pdfmake's fonts from node_modules), stop on SIGTERM with exit 0.
# Prints the start time (empty database, then a restart on the migrated one) and the resident memory.
# Not part of `npm test` (about a minute, most of it the install).
#   bash deploy/artefato.sh            (PORT=8317 by default: ARTEFATO_PORT=…)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
P=${ARTEFATO_PORT:-8317}
ok() { printf '  \033[32mok\033[0m %s\n' "$*"; }
falha() { printf '  \033[31mFALHOU\033[0m %s\n' "$*" >&2; exit 1; }
T=$(mktemp -d /tmp/cadastro-artefato.XXXXXX)
PID=
limpar() { if [ -n "$PID" ]; then kill -TERM "$PID" 2>/dev/null || true; sleep 1; fi; rm -rf "$T"; }
trap limpar EXIT

node scripts/ensure-deps.mjs
t0=$(date +%s)
npm run build --silent >"$T/build.log" 2>&1 || { tail -30 "$T/build.log"; falha "npm run build"; }
ok "npm run build in $(( $(date +%s) - t0 )) s"

# What a release ships: the tracked files at this state of the tree, plus the two built folders.
git ls-files -z --cached --others --exclude-standard | tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$T"
cp -r apps/web/dist "$T/apps/web/dist"
cp -r apps/api/dist "$T/apps/api/dist"
cd "$T"
t0=$(date +%s)
npm ci --omit=dev --workspace apps/api --no-audit --no-fund --prefer-offline >"$T/npm-ci.log" 2>&1 || { tail -20 "$T/npm-ci.log"; falha "npm ci --omit=dev --workspace apps/api"; }
for dev in typescript tsx esbuild vite vitest @playwright/test react; do
  [ ! -e "node_modules/$dev" ] || falha "$dev installed by npm ci --omit=dev"
done
ok "npm ci --omit=dev --workspace apps/api in $(( $(date +%s) - t0 )) s: $(du -sh node_modules | cut -f1) of node_modules, no typescript, tsx, esbuild, vite, vitest, playwright, react"

! curl -fs "http://127.0.0.1:$P/management/health/readiness" >/dev/null 2>&1 || falha "port $P is already answering: ARTEFATO_PORT=…"
EXEC=$(sed -n 's/^ExecStart=//p' deploy/cadastro@.service)
[[ "$EXEC" == *"apps/api/dist/main.js"* ]] || falha "deploy/cadastro@.service does not run the built artifact: $EXEC"
iniciar() { # log → PID, and MS: milliseconds until ready (not in a subshell: PID must reach the trap)
  local t0; t0=$(date +%s%N)
  env -i PATH="$PATH" HOME="$T" LANG=C.UTF-8 PORT="$P" DATA_DIR="$T/data" SEED_DEMO_TAXPAYERS=${SEED:-3000} bash -c "exec ${EXEC/\/usr\/bin\/node/node}" >"$1" 2>&1 &
  PID=$!
  for _ in $(seq 1 600); do
    curl -fs "http://127.0.0.1:$P/management/health/readiness" >/dev/null 2>&1 && { MS=$(( ($(date +%s%N) - t0) / 1000000 )); return 0; }
    kill -0 "$PID" 2>/dev/null || { tail -20 "$1" >&2; return 1; }
    sleep 0.2
  done
  return 1
}
parar() { kill -TERM "$PID"; local rc=0; wait "$PID" || rc=$?; PID=; [ "$rc" -eq 0 ] || falha "exit $rc after SIGTERM"; }
rss() { awk '/VmRSS/ {printf "%d MB", $2 / 1024}' "/proc/$PID/status"; }

iniciar "$T/1.log" || falha "the built API did not get ready (empty database)"
ok "first start, empty embedded database (migrations + ${SEED:-3000} demo taxpayers): ready in $MS ms"
B=http://127.0.0.1:$P
curl -fsS "$B/" | grep -q '<div id="root"' || falha "the SPA is not served"
ok "the SPA is served"
TOKEN=$(curl -fsS -X POST "$B/api/authenticate" -H 'content-type: application/json' -H 'X-XSRF-TOKEN: a' -b 'XSRF-TOKEN=a' \
  -d '{"username":"atendente","password":"atendente"}' | node -pe 'JSON.parse(require("fs").readFileSync(0,"utf8")).id_token')
H=(-H "Authorization: Bearer $TOKEN" -H 'X-XSRF-TOKEN: a' -b 'XSRF-TOKEN=a')
curl -fsS "${H[@]}" -X POST "$B/sfz-cadastro-api/api/relatorio/situacaoCadastral/imprimir" -H 'content-type: application/json' \
  -d '{"cacealLista":[24000000]}' -o "$T/s.pdf" || falha "PDF"
head -c 5 "$T/s.pdf" | grep -q '%PDF-' || falha "not a PDF"
ok "a PDF printed by the render thread ($(stat -c %s "$T/s.pdf") bytes)"
sleep 5
ok "idle after the first requests: $(rss) resident"
parar
ok "SIGTERM: exit 0"
iniciar "$T/2.log" || falha "restart"
ok "restart on the migrated database: ready in $MS ms, $(rss) resident"
parar
echo "The artifact runs from an npm ci --omit=dev install; the temp dir is removed."
