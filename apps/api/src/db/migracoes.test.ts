import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Upgrades without downtime (deploy/atualizacao-prova.sh): during a rolling upgrade the replicas still on
// the previous release run against the new schema. So a migration either only adds what the running
// release ignores ("expand": a table, a nullable column or one with a default, an index) or only removes
// what no running release reads any more, one release after the code stopped reading it ("contract").
// Every migration after the last one written before this rule says which, on its first line.
const PASTA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const ULTIMA_SEM_ETAPA = 44;
const CABECALHO_ETAPA = /^-- (expand|contract): \S/;

const migracoes = () => fs.readdirSync(PASTA).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();

describe('migrations', () => {
  it('each one after 0044 says on its first line whether it is an expand or a contract step', () => {
    const sem = migracoes()
      .filter((f) => Number(f.slice(0, 4)) > ULTIMA_SEM_ETAPA)
      .filter((f) => !CABECALHO_ETAPA.test(fs.readFileSync(path.join(PASTA, f), 'utf8')));
    expect(sem, 'first line: "-- expand: <what it adds>" or "-- contract: <what it removes, unread since which release>"').toEqual([]);
  });

  it('the journal lists exactly the files (a file it does not list is never applied)', () => {
    const diario = JSON.parse(fs.readFileSync(path.join(PASTA, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
    expect(diario.entries.map((e) => `${e.tag}.sql`).sort()).toEqual(migracoes());
    // The migrator applies only what is newer than the last applied: a new entry must come last in time.
    const quando = diario.entries.map((e) => e.when);
    expect(quando).toEqual([...quando].sort((a, b) => a - b));
  });
});
