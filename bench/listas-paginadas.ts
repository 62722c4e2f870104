// #40 "Done when": every paged list of the SPA's API and every report export, through HTTP as the SPA
// calls them, against a generated registry (500,000: bench/registry.sh, or `npm run seed` into
// scripts/pg-temp.sh). Per list: the widest query a screen can ask, at the screen's page size and at
// the API's largest, time of the first, the middle (the farthest from both ends: the dearest offset)
// and the last page (median of RODADAS calls) and whether the last page holds the rows the total says (reachable). Per report: the XLSX and the PDF of its widest
// filter, time and size, or the refusal and what it offers instead. Reads only.
// Usage: DATABASE_URL=… node --import tsx bench/listas-paginadas.ts   (env PORT: the API's, else a free one;
//        RODADAS (3); EXPORTAR=0 skips the exports; API_ROOT = another checkout, e.g. a `git archive`, to measure its API)
import fs from 'node:fs';
import pg from 'pg';
import { NOMES_RELATORIO, RELATORIOS, type NomeRelatorio } from '@cadastro/domain';
import { cabecalhosDe, iniciarApiDoBench } from './entrar.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: a PostgreSQL with a generated registry');
const RODADAS = Number(process.env.RODADAS ?? 3);
const carga = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// ---------------------------------------------------------------- the worst inputs, from the data
const cru = new pg.Client({ connectionString: url });
await cru.connect();
const um = async <T>(q: string) => (await cru.query(q)).rows[0] as T;
const maior = async (q: string) => Number((await um<{ np: string }>(q)).np);
const pessoas = {
  contador: await maior('select numero_pessoa_contador as np from contribuinte_contador group by 1 order by count(*) desc limit 1'),
  socio: await maior('select numero_pessoa_socio as np from socio group by 1 order by count(*) desc limit 1'),
  responsavel: await maior('select numero_pessoa_responsavel as np from responsavel group by 1 order by count(*) desc limit 1'),
};
const crc = await um<{ crc: string; classificacao: number }>(`select c.crc_uf || c.crc_numero || c.crc_tipo_inscricao || coalesce(c.crc_digito::text, '') as crc,
  c.classificacao_id as classificacao from contador c where c.numero_pessoa = ${pessoas.contador}`);
// A generated registry has no change events (they are the clerks'): then any CACEAL.
const caceal = Number((await um<{ n: string }>(`select coalesce((select c.numero_caceal from evento_alteracao e join contribuinte c on c.id = e.contribuinte_id group by 1 order by count(*) desc limit 1),
  (select min(numero_caceal) from contribuinte)) as n`)).n);
const contribuintes = Number((await um<{ n: string }>('select count(*) as n from contribuinte')).n);
await cru.end();

// ---------------------------------------------------------------- the API, in its own process
const { base, parar } = await iniciarApiDoBench({ LOG_LEVEL: 'warn' }, { port: Number(process.env.PORT) || undefined, cwd: process.env.API_ROOT });
try {
  await medir();
} finally {
  await parar();
}

async function medir() {
  const contas: Record<string, Record<string, string>> = {};
  const como = async (login: string) => (contas[login] ??= await cabecalhosDe(base, login));
  const API = `${base}/sfz-cadastro-api/api`;
  const chamar = async (login: string, metodo: 'GET' | 'POST', caminho: string, corpo?: unknown) => {
    const t = performance.now();
    const r = await fetch(`${caminho.startsWith('/') ? base : API + '/'}${caminho}`, {
      method: metodo, headers: { ...(await como(login)), ...(corpo ? { 'content-type': 'application/json' } : {}) }, body: corpo ? JSON.stringify(corpo) : undefined,
    });
    const bytes = Buffer.from(await r.arrayBuffer());
    const json = /json/.test(r.headers.get('content-type') ?? '') && bytes.length > 0;
    return { ms: performance.now() - t, status: r.status, corpo: json ? (JSON.parse(bytes.toString('utf8')) as unknown) : null, cabecalhos: r.headers, bytes: bytes.length };
  };
  const mediana = async (fn: () => Promise<{ ms: number; status: number }>) => {
    const ts: number[] = [];
    let ultima = { ms: 0, status: 0 };
    for (let i = 0; i < RODADAS; i++) ts.push((ultima = await fn()).ms);
    return { ms: ts.sort((a, b) => a - b)[Math.floor(ts.length / 2)]!, status: ultima.status };
  };
  const fmt = (ms: number) => (ms >= 1000 ? `**${(ms / 1000).toFixed(2)} s**` : `${ms.toFixed(0)} ms`);

  /** One list: `pedido(page, size)` is the SPA's call, `total` and `linhas` read its answer. */
  interface Lista { nome: string; login: string; tamanhos: number[]; pedido(page: number, size: number): ['GET' | 'POST', string, unknown?]; total(r: Awaited<ReturnType<typeof chamar>>): number; linhas(c: unknown): number }
  const padrao = { total: (r: { corpo: unknown }) => (r.corpo as { totalElements: number }).totalElements, linhas: (c: unknown) => (c as { content: unknown[] }).content.length };
  const cabecalho = { total: (r: { cabecalhos: Headers }) => Number(r.cabecalhos.get('x-total-count')), linhas: (c: unknown) => (c as unknown[]).length };
  const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
  const TUDO = { dataInicial: '1900-01-01', dataFinal: '2026-12-31' };
  const filtroRelatorio: Record<NomeRelatorio, Record<string, string>> = {
    solicitacoesBaixadas: TUDO, contribuintesAtivos: { tipoConsulta: 'tipo' }, eventos: {}, cacealForaInteresse: {}, cacealNulo: TUDO, cacealAtivoCnpjInativo: {},
    cacealAtivoEmOutraUf: {}, cacealSuspensaoTemporaria: {}, multiplosVivos: TUDO, divergenciaResponsavel: {}, contribuinteGeral: TUDO,
  };
  const listas: Lista[] = [
    ...NOMES_RELATORIO.map((n): Lista => ({
      nome: `relatorio/${RELATORIOS[n].caminho}`, login: 'auditor', tamanhos: [20, 100], ...padrao,
      pedido: (page, size) => ['GET', `relatorio/${RELATORIOS[n].caminho}?${q({ ...filtroRelatorio[n], page, size })}`],
    })),
    { nome: 'pendencias/consultar (everyone)', login: 'atendente', tamanhos: [10, 100], ...padrao, pedido: (pagina, tamanho) => ['POST', 'pendencias/consultar', { pagina, tamanho }] },
    ...(['contador', 'socio', 'responsavel'] as const).map((v): Lista => ({
      nome: `pessoa/empresas-vinculadas?vinculo=${v} (busiest)`, login: 'atendente', tamanhos: [20, 100], ...padrao,
      pedido: (page, size) => ['GET', `pessoa/empresas-vinculadas/${pessoas[v]}?${q({ vinculo: v, tela: 'pessoa', page, size })}`],
    })),
    { nome: 'pessoa/leituras (login atendente)', login: 'admin', tamanhos: [20, 100], ...padrao, pedido: (page, size) => ['GET', `pessoa/leituras?${q({ login: 'atendente', page, size })}`] },
    { nome: 'contribuinte/semManifestacaoPaginado 1900–2026', login: 'auditor', tamanhos: [10, 100], ...padrao, pedido: (page, size) => ['GET', `contribuinte/semManifestacaoPaginado?${q({ ...TUDO, page, size })}`] },
    { nome: 'contribuinte/comManifestacaoNegacaoSemEvento 1900–2026', login: 'auditor', tamanhos: [20, 100], ...padrao, pedido: (page, size) => ['POST', 'contribuinte/comManifestacaoNegacaoSemEvento', { ...TUDO, page, size }] },
    { nome: 'contribuinte/porContador (busiest accountant)', login: 'auditor', tamanhos: [20, 100], ...padrao, pedido: (page, size) => ['POST', 'contribuinte/porContador', { ...crc, page, size }] },
    {
      nome: 'manifestacao/consultar (busiest accountant)', login: 'auditor', tamanhos: [20, 100], pedido: (page, size) => ['POST', 'manifestacao/consultar', { ...crc, page, size }],
      total: (r) => (r.corpo as { totalFiltrado: number }).totalFiltrado, linhas: (c) => (c as { manifestacoes: unknown[] }).manifestacoes.length,
    },
    { nome: 'edital/consultar (every notice)', login: 'editais', tamanhos: [10, 100], ...padrao, pedido: (page, size) => ['POST', `edital/consultar?${q({ paginaAtual: page, itensPorPagina: size })}`, { tipoConsultaEdital: 'demaisFiltros', ...TUDO }] },
    { nome: 'edital/todos', login: 'editais', tamanhos: [10, 100], ...padrao, pedido: (page, size) => ['GET', `edital/todos/${page}/${size}`] },
    { nome: `eventos/listar (CACEAL ${caceal}, most change events)`, login: 'atendente', tamanhos: [10, 50], ...padrao, pedido: (page, size) => ['GET', `eventos/listar?${q({ numeroCaceal: caceal, page, size })}`] },
    { nome: 'atividade/consultar "comercio"', login: 'atendente', tamanhos: [10, 50], ...padrao, pedido: (page, size) => ['GET', `atividade/consultar?${q({ termo: 'comercio', page, size })}`] },
    { nome: 'historico/infoconv (cad)', login: 'auditor', tamanhos: [20, 100], ...padrao, pedido: (page, size) => ['GET', `historico/infoconv?${q({ sistema: 'cad', ...TUDO, page, size })}`] },
    { nome: 'contribuinte search "LTDA" (#43, not this branch)', login: 'atendente', tamanhos: [10, 100], ...padrao, pedido: (page, size) => ['GET', `contribuinte/obterListaContribuintes/RAZAO_SOCIAL/LTDA/${page}/${size}`] },
    { nome: '/api/users', login: 'admin', tamanhos: [20, 100], ...cabecalho, pedido: (page, size) => ['GET', `/api/users?${q({ page, size, sort: 'id,asc' })}`] },
    { nome: '/management/audits', login: 'admin', tamanhos: [20, 100], ...cabecalho, pedido: (page, size) => ['GET', `/management/audits?${q({ fromDate: '2000-01-01', toDate: '2027-01-01', page, size })}`] },
  ];

  console.log(`${contribuintes.toLocaleString('en')} taxpayers; median of ${RODADAS} calls; load average ${carga()} at the start\n`);
  const linhas = ['| list | page size | total | first page | middle page | last page | last page reachable |', '|---|---|---|---|---|---|---|'];
  for (const l of listas) {
    for (const size of l.tamanhos) {
      const [m0, c0, b0] = l.pedido(0, size);
      const r0 = await chamar(l.login, m0, c0, b0);
      if (r0.status !== 200) {
        linhas.push(`| ${l.nome} | ${size} | — | ${r0.status}: ${JSON.stringify(r0.corpo).slice(0, 80)} | | | |`);
        break;
      }
      const total = l.total(r0);
      const ultima = Math.max(0, Math.ceil(total / size) - 1);
      const primeira = await mediana(() => chamar(l.login, ...l.pedido(0, size)));
      const meio = Math.floor(ultima / 2);
      const doMeio = await mediana(() => chamar(l.login, ...l.pedido(meio, size)));
      const fim = await mediana(() => chamar(l.login, ...l.pedido(ultima, size)));
      const [mu, cu, bu] = l.pedido(ultima, size);
      const ru = await chamar(l.login, mu, cu, bu);
      const esperadas = total - ultima * size;
      const alcancada = ru.status === 200 && l.linhas(ru.corpo) === esperadas && l.total(ru) === total;
      // A total that is a floor (the name search's, #43) is reachable only as far as it counts.
      const piso = (r0.corpo as { totalIsLowerBound?: boolean } | null)?.totalIsLowerBound ? ' (a floor: more match)' : '';
      linhas.push(`| ${l.nome} | ${size} | ${total.toLocaleString('en')}${piso} | ${fmt(primeira.ms)} | ${fmt(doMeio.ms)} (page ${meio.toLocaleString('en')}${doMeio.status === 200 ? '' : `, ${doMeio.status}`}) | ${fmt(fim.ms)} (page ${ultima.toLocaleString('en')}${fim.status === 200 ? '' : `, ${fim.status}`}) | ${alcancada ? 'yes' : `**no** (${ru.status}, ${ru.status === 200 ? l.linhas(ru.corpo) : '-'} of ${esperadas} rows)`} |`);
      console.error(linhas.at(-1));
    }
  }
  console.log(linhas.join('\n'));

  if (process.env.EXPORTAR === '0') return;
  const exportacoes = ['\n| report (widest filter) | rows | XLSX | PDF |', '|---|---|---|---|'];
  for (const n of NOMES_RELATORIO) {
    const def = RELATORIOS[n] as { caminho: string; exportar: readonly string[] };
    const filtro = q(filtroRelatorio[n]);
    const rows = ((await chamar('auditor', 'GET', `relatorio/${def.caminho}?${filtro}&size=1`)).corpo as { totalElements: number }).totalElements;
    const celula = async (sufixo: string) => {
      const r = await chamar('auditor', 'GET', `relatorio/${def.caminho}/${sufixo}?${filtro}`).catch((e: Error) => ({ status: 0, ms: 0, bytes: 0, corpo: e.message }));
      if (r.status === 200) return `${fmt(r.ms)}, ${(r.bytes / 1e6).toFixed(1)} MB`;
      return `${r.status} in ${fmt(r.ms)}: "${(r.corpo as { detail?: string })?.detail ?? JSON.stringify(r.corpo).slice(0, 100)}"`;
    };
    exportacoes.push(`| ${def.caminho} | ${rows.toLocaleString('en')} | ${def.exportar.includes('xlsx') ? await celula('baixar') : '(none)'} | ${def.exportar.includes('pdf') ? await celula('imprimir') : '(none)'} |`);
    console.error(exportacoes.at(-1));
  }
  console.log(exportacoes.join('\n'));
  console.log(`\nload average at the end: ${carga()}`);
}
