// #40 §5: the paged lists of the item at the registry's size — time per page at sizes 1, 10 and 100,
// first and last page (median of RODADAS runs), as the API runs them (the module functions on the
// API's own pool), beside the statements they replaced (cut at ANTIGO_MS). Reads only.
// Usage: DATABASE_URL=… node --import tsx bench/listas-paginadas.ts   (a registry of 500,000: bench/registry.sh)
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { paginaEmpresasVinculadas } from '../apps/api/src/modules/pessoa/consulta.js';
import { empresasSemManifestacao } from '../apps/api/src/modules/contador/empresas.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL with a generated registry');
const RODADAS = Number(process.env.RODADAS ?? 3);
const ANTIGO_MS = Number(process.env.ANTIGO_MS ?? 15_000);
const database = await openDatabase(url, os.tmpdir(), { poolSize: 2 });
const db = database.db;
const cru = new pg.Client({ connectionString: url });
await cru.connect();

async function mediana(fn: () => Promise<unknown>) {
  const ts: number[] = [];
  for (let i = 0; i < RODADAS; i++) {
    const t = performance.now();
    await fn();
    ts.push(performance.now() - t);
  }
  return ts.sort((a, b) => a - b)[Math.floor(ts.length / 2)]!;
}
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const linhas: string[] = ['| list | size | first page | last page | total |', '|---|---|---|---|---|'];

// The people with the most links of each kind: the worst case of the person pages.
const maior = async (q: string) => Number((await cru.query<{ np: string }>(q)).rows[0]!.np);
const pessoas = {
  contador: await maior('select numero_pessoa_contador as np from contribuinte_contador group by 1 order by count(*) desc limit 1'),
  socio: await maior('select numero_pessoa_socio as np from socio group by 1 order by count(*) desc limit 1'),
  responsavel: await maior('select numero_pessoa_responsavel as np from responsavel group by 1 order by count(*) desc limit 1'),
} as const;
for (const [vinculo, np] of Object.entries(pessoas) as [keyof typeof pessoas, number][]) {
  for (const size of [1, 10, 100]) {
    const total = (await paginaEmpresasVinculadas(db, np, { vinculo, tela: 'api', page: 0, size })).totalElements;
    const ultima = Math.max(0, Math.ceil(total / size) - 1);
    const primeira = await mediana(() => paginaEmpresasVinculadas(db, np, { vinculo, tela: 'api', page: 0, size }));
    const fim = await mediana(() => paginaEmpresasVinculadas(db, np, { vinculo, tela: 'api', page: ultima, size }));
    linhas.push(`| empresas-vinculadas/${np}?vinculo=${vinculo} | ${size} | ${fmt(primeira)} | ${fmt(fim)} (page ${ultima}) | ${total} |`);
  }
}
const periodo = { dataInicial: '1990-01-01', dataFinal: '2027-01-01' };
for (const size of [1, 10, 100]) {
  const total = (await empresasSemManifestacao(db, { ...periodo, page: 0, size })).totalElements;
  const ultima = Math.max(0, Math.ceil(total / size) - 1);
  const meio = Math.floor(ultima / 2);
  const primeira = await mediana(() => empresasSemManifestacao(db, { ...periodo, page: 0, size }));
  const fim = await mediana(() => empresasSemManifestacao(db, { ...periodo, page: ultima, size }));
  const centro = await mediana(() => empresasSemManifestacao(db, { ...periodo, page: meio, size }));
  linhas.push(`| semManifestacaoPaginado 1990–2026 | ${size} | ${fmt(primeira)} | ${fmt(fim)} (page ${ultima}; middle page ${meio}: ${fmt(centro)}) | ${total} |`);
}

// The statements these replaced, as they were (bench only), cut at ANTIGO_MS.
async function antigo(nome: string, texto: string) {
  await cru.query(`set statement_timeout = ${ANTIGO_MS}`);
  const t = performance.now();
  const r = await cru.query(texto).then(() => fmt(performance.now() - t), (e: { code?: string }) => (e.code === '57014' ? `> ${fmt(ANTIGO_MS)} (cancelled)` : String(e)));
  linhas.push(`| before: ${nome} | | ${r} | | |`);
}
await antigo(`empresas-vinculadas/${pessoas.contador}?vinculo=contador&size=1`, `select p.numero_pessoa, p.nome, count(*) over ()::int as n
  from (select distinct c.numero_pessoa, null::text as qualificacao from contribuinte_contador cc join contribuinte c on c.id = cc.contribuinte_id where cc.numero_pessoa_contador = ${pessoas.contador}) v
  join pessoa p on p.numero_pessoa = v.numero_pessoa
  left join lateral (select * from contribuinte x where x.numero_pessoa = p.numero_pessoa order by x.indicador_matriz = 'M' desc, x.id desc limit 1) c on true
  left join ref_situacao_cadastral sc on sc.id = c.situacao_id order by p.nome, p.numero_pessoa limit 1`);
await antigo('semManifestacaoPaginado 1990–2026 size=10 page 0', `select c.numero_caceal, pe.nome, sc.descricao, count(*) over ()::int as total
  from contribuinte c join pessoa pe on pe.numero_pessoa = c.numero_pessoa left join ref_situacao_cadastral sc on sc.id = c.situacao_id
  where c.data_inicio_atividade >= '1990-01-01' and c.data_inicio_atividade < '2027-01-01'
    and exists (select 1 from contribuinte_contador cc where cc.contribuinte_id = c.id)
    and not exists (select 1 from manifestacao m where m.contribuinte_id = c.id and m.ind_ativo = 'S')
  order by c.data_inicio_atividade, c.id limit 10`);

console.log(linhas.join('\n'));
console.log(`\nload average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (${os.availableParallelism()} cores)`);
await cru.end();
await database.close();
