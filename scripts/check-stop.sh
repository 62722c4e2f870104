#!/usr/bin/env bash
# Scripted check (npm test, "stopping"): `npm start` stops cleanly whatever signal reaches it — SIGINT or
# SIGTERM to the npm process, Ctrl-C (SIGINT to the whole process group, twice), SIGTERM to the group:
# exit code 0, the port closed, the lock removed, and the next start on the same data dir reopens the
# embedded database without recovery. Also: with demo accounts it listens on loopback only, and it
# tells what it is doing while it starts.
set -euo pipefail
cd "$(dirname "$0")/.."
D=$(mktemp -d /tmp/cadastro-parada.XXXXXX)
NPM=""
limpar() {
  [ -n "$NPM" ] && kill -9 -- "-$NPM" 2>/dev/null || true
  rm -rf "$D"
}
trap limpar EXIT
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# Is something accepting connections on $PORT at address $1? (node, not ss: nothing to install)
aberta() { node -e "const s=require('net').connect($PORT,'$1');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)"; }
# One of this machine's own non-loopback addresses, if it has one.
EXTERNO=$(node -e "const n=Object.values(require('os').networkInterfaces()).flat().find(i=>i.family==='IPv4'&&!i.internal);console.log(n?n.address:'')")
falha() { echo "[check-stop] FAIL: $*"; echo "--- log"; tail -20 "$D/out.log"; exit 1; }

iniciar() {
  : > "$D/out.log"
  setsid env DATA_DIR="$D/data" PORT="$PORT" SEED_DEMO_TAXPAYERS=0 LOG_LEVEL=warn npm start >"$D/out.log" 2>&1 &
  NPM=$!
  for _ in $(seq 1 600); do
    grep -q "pronto em" "$D/out.log" && return 0
    kill -0 "$NPM" 2>/dev/null || falha "npm start exited before it was ready"
    sleep 0.5
  done
  falha "not ready in 300 s"
}

parar() { # $1 signal, $2 npm|grupo|duas
  local t0 rc
  t0=$(date +%s)
  case $2 in
    npm) kill "-$1" "$NPM" ;;
    grupo) kill "-$1" -- "-$NPM" ;;
    duas) kill "-$1" -- "-$NPM"; sleep 0.3; kill "-$1" -- "-$NPM" 2>/dev/null || true ;;
  esac
  for _ in $(seq 1 80); do kill -0 "$NPM" 2>/dev/null || break; sleep 0.25; done
  kill -0 "$NPM" 2>/dev/null && falha "SIG$1 to $2: still running after 20 s"
  set +e; wait "$NPM"; rc=$?; set -e
  NPM=""
  [ "$rc" -eq 0 ] || falha "SIG$1 to $2: exit code $rc"
  if aberta 127.0.0.1; then falha "SIG$1 to $2: port $PORT still open"; fi
  [ -e "$D/data/cadastro.lock" ] && falha "SIG$1 to $2: lock file left behind"
  echo "[check-stop] SIG$1 to $2: exit 0 in $(( $(date +%s) - t0 )) s, port closed, lock removed"
}

iniciar
grep -q "^\[cadastro\] preparando o banco de dados" "$D/out.log" || falha "no progress line while starting"
aberta 127.0.0.1 || falha "dev profile with demo accounts: not on loopback"
if [ -n "$EXTERNO" ] && aberta "$EXTERNO"; then falha "dev profile with demo accounts: reachable on $EXTERNO"; fi
grep -q "Escutando só nesta máquina" "$D/out.log" || falha "the banner does not say it listens on loopback only"
parar INT npm
for caso in "TERM npm" "INT duas" "TERM grupo"; do
  iniciar
  grep -qi "recover" "$D/out.log" && falha "the embedded database needed recovery after the previous stop"
  # shellcheck disable=SC2086
  parar $caso
done
echo "[check-stop] every stop clean"
