# Sourced by bench/scale.sh and bench/postgraphile.sh with DATABASE_URL and BENCH_TMP set, from the
# repository root; may export API_ROOT (read by bench/reliability-processos.ts).
# A server whose newer migrations were applied by hand (the shared 1M cluster: 0015 and 0017 as
# CREATE INDEX CONCURRENTLY-style SQL) has them in its schema but not in drizzle's bookkeeping: an
# API started on it would try to apply them again and stop ("relation already exists"). This bench
# never migrates a server it does not own: the API processes run from a copy of apps/api whose
# journal stops at the last migration the server recorded, and the run says which were left out.
ULTIMA=$(node -e "
  const pg = require('pg'); const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  c.connect().then(() => c.query('select max(created_at)::text as m from drizzle.__drizzle_migrations'))
    .then((r) => { console.log(r.rows[0].m ?? 0); return c.end(); }, () => { console.log(0); return c.end(); });")
FALTAM=$(node -e "
  const j = require('./apps/api/src/db/migrations/meta/_journal.json');
  console.log(j.entries.filter((e) => e.when > Number('$ULTIMA')).map((e) => e.tag).join(' '))")
if [ "$ULTIMA" != 0 ] && [ -n "$FALTAM" ]; then
  echo "[bench] migrations not recorded on that server (applied by hand, or missing): $FALTAM"
  echo "[bench] the API processes run with a journal that stops at the server's last recorded migration"
  mkdir -p "$BENCH_TMP/api/apps"
  cp -r apps/api "$BENCH_TMP/api/apps/api"
  cp tsconfig.base.json package.json "$BENCH_TMP/api/"
  ln -s "$PWD/node_modules" "$BENCH_TMP/api/node_modules"
  ln -s "$PWD/packages" "$BENCH_TMP/api/packages"
  node -e "
    const fs = require('fs'); const f = '$BENCH_TMP/api/apps/api/src/db/migrations/meta/_journal.json';
    const j = JSON.parse(fs.readFileSync(f, 'utf8'));
    j.entries = j.entries.filter((e) => e.when <= Number('$ULTIMA'));
    fs.writeFileSync(f, JSON.stringify(j, null, 2));"
  export API_ROOT="$BENCH_TMP/api"
fi
