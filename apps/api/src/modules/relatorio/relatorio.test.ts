import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { NOMES_RELATORIO, RELATORIOS, formatCnae, formatDocumento, type DefinicaoRelatorio, type NomeRelatorio } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';
import { API_RELATORIO, FILTRO_DE_TESTE, TUDO } from '../../test/relatorio-filtros.js';
import { query } from '../../db/consulta.js';
import { LARGURA_MAXIMA_XLSX } from '../../platform/xlsx.js';

let t: TestApp;
let auditor: Client;
const api = API_RELATORIO;
const FILTRO = FILTRO_DE_TESTE;
const url = (n: NomeRelatorio, sufixo = '', extra = '') => `${api}/${RELATORIOS[n].caminho}${sufixo}?${[FILTRO[n], extra].filter(Boolean).join('&')}`;
const linhas = <T>(text: string) => query<T>(t.db, sql.raw(text));

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 1500, seed: 18 } });
  auditor = await t.as('auditor');
}, 180_000);
afterAll(() => t.close());

describe('the generated registry is coherent and feeds every report', () => {
  it('the current status and reason of every registration are the last row of its history', async () => {
    const [r] = await linhas<{ n: number }>(`select count(*)::int n from contribuinte c join lateral (select situacao_id, motivo_id from historico_situacao h
      where h.contribuinte_id = c.id order by h.data_alteracao desc, h.id desc limit 1) u on true where u.situacao_id <> c.situacao_id or u.motivo_id is distinct from c.motivo_id`);
    expect(r!.n).toBe(0);
  });

  it.each(NOMES_RELATORIO)('%s has rows to show', async (nome) => {
    const r = await auditor.get(url(nome));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().content.length).toBeGreaterThan(0);
  });
});

describe('preview', () => {
  it('pages the rows and counts them; each row is what the registry holds', async () => {
    const [esperado] = await linhas<{ n: number }>(`select count(*)::int n from contribuinte where situacao_id = 2 and motivo_id in (201, 203)`);
    const p1 = (await auditor.get(url('cacealSuspensaoTemporaria', '', 'page=0&size=5'))).json();
    expect(p1.totalElements).toBe(esperado!.n);
    expect(p1.content).toHaveLength(Math.min(5, esperado!.n));
    const p2 = (await auditor.get(url('cacealSuspensaoTemporaria', '', 'page=1&size=5'))).json();
    expect(p2.content[0]?.numeroCaceal).not.toBe(p1.content[0].numeroCaceal);
    const [c] = await linhas<{ nome: string; data_situacao: string; numero_documento: string }>(`select p.nome, to_char(c.data_situacao, 'YYYY-MM-DD') data_situacao, p.numero_documento
      from contribuinte c join pessoa p using (numero_pessoa) where c.numero_caceal || '-' || c.digito_caceal = '${p1.content[0].numeroCaceal}'`);
    expect(p1.content[0]).toMatchObject({ razaoSocial: c!.nome.toUpperCase(), atualizacao: c!.data_situacao, numDocumento: c!.numero_documento });
  });

  it('a count taken by a cheaper route (fora de interesse, baixadas) is the number of rows listed, with and without filters', async () => {
    const [fora] = await linhas<{ tipo: number; situacao: number }>(`select c.tipo_contribuinte_id tipo, c.situacao_id situacao from contribuinte c
      where exists (select 1 from atividade_contribuinte a where a.contribuinte_id = c.id and not a.eh_interesse) order by c.id limit 1`);
    const [sol] = await linhas<{ dia: string }>(`select to_char(s.data_solicitacao at time zone interval '-03:00', 'YYYY-MM-DD') dia from solicitacao s
      join contribuinte c on c.id = s.contribuinte_id where s.sistema = 'RDS' and c.situacao_id = 4 order by s.data_solicitacao limit 1 offset 3`);
    const casos = [
      `${RELATORIOS.cacealForaInteresse.caminho}?`,
      `${RELATORIOS.cacealForaInteresse.caminho}?situacaoCadastral=${fora!.situacao},4`,
      `${RELATORIOS.cacealForaInteresse.caminho}?situacaoCadastral=${fora!.situacao}&tipoContribuinte=${fora!.tipo}`,
      `${RELATORIOS.solicitacoesBaixadas.caminho}?${TUDO}`,
      `${RELATORIOS.solicitacoesBaixadas.caminho}?dataInicial=${sol!.dia}&dataFinal=2026-12-31`,
    ];
    for (const caso of casos) {
      const [caminho, filtro] = caso.split('?');
      const previa = (await auditor.get(`${api}/${caminho}?${filtro}`)).json();
      const livro = new ExcelJS.Workbook();
      await livro.xlsx.load((await auditor.get(`${api}/${caminho}/baixar?${filtro}`)).rawPayload as unknown as ArrayBuffer);
      expect(previa.totalElements, caso).toBeGreaterThan(0);
      // A group's later rows (fora de interesse: the taxpayer's other activities) leave its first cell empty.
      let grupos = 0;
      livro.worksheets[0]!.eachRow((row, n) => void (n > 4 && row.getCell(1).value && grupos++));
      expect(previa.totalElements, caso).toBe(grupos);
    }
  });

  it('fora de interesse (#32, §2): one group per taxpayer with its activities inside (§7 atividadeEconomicaList), the taxpayer printed once in the PDF and the spreadsheet', async () => {
    type Grupo = { numCaceal: string; atividadeEconomicaList: { codigoCnae: string; descricao: string; ehInteresse: string }[] };
    const previa = (await auditor.get(url('cacealForaInteresse', '', 'size=100'))).json<{ content: Grupo[] }>();
    const caceais = previa.content.map((g) => g.numCaceal);
    expect(caceais.length).toBeGreaterThan(1);
    expect(new Set(caceais).size).toBe(caceais.length);
    const g = previa.content.find((x) => x.atividadeEconomicaList.length > 1) ?? previa.content[0]!;
    const db = await linhas<{ cnae: string; eh_interesse: boolean }>(`select a.cnae, a.eh_interesse from atividade_contribuinte a join contribuinte c on c.id = a.contribuinte_id
      where c.numero_caceal || '-' || c.digito_caceal = '${g.numCaceal}' order by a.eh_principal desc, a.cnae`);
    expect(g.atividadeEconomicaList.map((a) => [String(a.codigoCnae), a.ehInteresse])).toEqual(db.map((a) => [String(a.cnae), a.eh_interesse ? 'SIM' : 'NÃO']));
    expect(g.atividadeEconomicaList.every((a) => a.descricao)).toBe(true);

    const { texto } = await textoDoPdf((await auditor.get(url('cacealForaInteresse', '/imprimir'))).rawPayload);
    expect(texto.split(g.numCaceal).length - 1, `${g.numCaceal} in the PDF`).toBe(1);
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load((await auditor.get(url('cacealForaInteresse', '/baixar'))).rawPayload as unknown as ArrayBuffer);
    const naPlanilha: unknown[] = [];
    livro.worksheets[0]!.eachRow((row, n) => void (n > 4 && row.getCell(1).value === g.numCaceal && naPlanilha.push(row.getCell(8).value)));
    expect(naPlanilha).toEqual([formatCnae(g.atividadeEconomicaList[0]!.codigoCnae)]);
  });

  it('active taxpayers by type and by Simples/MEI, with the total', async () => {
    const [ativos] = await linhas<{ n: number }>('select count(*)::int n from contribuinte where situacao_id = 1');
    for (const tipo of ['tipo', 'simples-mei']) {
      const r = (await auditor.get(`${api}/contribuintes/ativos?tipoConsulta=${tipo}`)).json();
      expect(r.totais.quantidade).toBe(ativos!.n);
      expect(r.content.reduce((s: number, l: { quantidade: number }) => s + l.quantidade, 0)).toBe(ativos!.n);
    }
    const mei = (await auditor.get(`${api}/contribuintes/ativos?tipoConsulta=simples-mei`)).json();
    expect(mei.content.map((l: { tipo: string }) => l.tipo)).toContain('MEI');
  });

  it('a period filters by its day; an empty period gives no rows', async () => {
    const [b] = await linhas<{ d: string }>(`select to_char(s.data_solicitacao at time zone interval '-03:00', 'YYYY-MM-DD') d from solicitacao s
      join contribuinte c on c.id = s.contribuinte_id where s.sistema = 'RDS' and c.situacao_id = 4 and c.motivo_id = 401 order by s.id limit 1`);
    const r = (await auditor.get(`${api}/solicitacoes/baixadas?dataInicial=${b!.d}&dataFinal=${b!.d}`)).json();
    expect(r.content.length).toBeGreaterThan(0);
    expect(r.content.every((l: { dataSolicitacao: string; evento: string }) => l.dataSolicitacao === b!.d)).toBe(true);
    expect(r.content.some((l: { evento: string }) => l.evento === '407')).toBe(true);
    const vazio = (await auditor.get(`${api}/contribuintes-geral?dataInicial=1900-01-01&dataFinal=1900-01-31`)).json();
    expect(vazio).toMatchObject({ content: [], totalElements: 0 });
  });

  it('multiple live registrations: the end date may be left empty; the taxpayer type and status filters of "fora de interesse"', async () => {
    const [m] = await linhas<{ d: string }>(`select to_char(c.data_inicio_atividade, 'YYYY-MM-DD') d from contribuinte c where c.situacao_id not in (4, 5)
      and exists (select 1 from contribuinte o where o.numero_pessoa = c.numero_pessoa and o.id <> c.id and o.situacao_id not in (4, 5)) limit 1`);
    const r = (await auditor.get(`${api}/multiplosCacelsVivos?dataInicial=${m!.d}`)).json();
    expect(r.content.length).toBeGreaterThan(0);
    expect(r.content.every((l: { dataInicioAtividade: string }) => l.dataInicioAtividade === m!.d)).toBe(true);
    const f = (await auditor.get(`${api}/cacealForaInteresse?tipoContribuinte=0&situacaoCadastral=1`)).json();
    expect(f.content.length).toBeGreaterThan(0);
    expect(f.content.every((l: { tipoEmpresa: string; situacaoCadastral: string }) => l.tipoEmpresa === 'NORMAL' && l.situacaoCadastral === 'ATIVO')).toBe(true);
    type Grupo = { atividadeEconomicaList: { ehInteresse: string }[] };
    expect(f.content.every((l: Grupo) => l.atividadeEconomicaList.some((a) => a.ehInteresse === 'NÃO'))).toBe(true);
  });

  it('bad filters are 400 problems: missing or malformed dates, an end before the start, an unknown query kind', async () => {
    expectProblem(await auditor.get(`${api}/cacealNulo`), 400);
    expectProblem(await auditor.get(`${api}/cacealNulo?dataInicial=2024-02-30&dataFinal=2024-03-01`), 400);
    expectProblem(await auditor.get(`${api}/cacealNulo?dataInicial=2024-03-01&dataFinal=2024-02-01`), 400);
    expectProblem(await auditor.get(`${api}/contribuintes/ativos?tipoConsulta=outro`), 400);
    expectProblem(await auditor.get(`${api}/cacealForaInteresse?tipoContribuinte=a,b`), 400);
    expectProblem(await auditor.get(`${api}/contribuintes-geral/baixar?dataInicial=2024-03-01`), 400);
  });

  it('§7 data queries: the same rows at the spec path, with the spec\'s parameter names and encodings; bad input still 400', async () => {
    const reg = '/sfz-cadastro-api/api';
    const igual = async (spec: string, nosso: string, corpo?: object) => {
      const a = corpo ? await auditor.post(spec, corpo) : await auditor.get(spec);
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json()).toEqual((await auditor.get(nosso)).json());
      return a.json<{ totalElements: number }>();
    };
    await igual(`${reg}/contribuinte/obterAtivos?consultarPor=simples-mei`, `${api}/contribuintes/ativos?tipoConsulta=simples-mei`);
    const fora = await igual(`${reg}/contribuinte/cacealForaInteresse?tipoContribuinte=0&tipoContribuinte=3&situacaoCadastral=1`, `${api}/cacealForaInteresse?tipoContribuinte=0,3&situacaoCadastral=1`);
    expect(fora.totalElements).toBeGreaterThan(0);
    await igual(`${reg}/solicitacao/baixadas?${TUDO}`, `${api}/solicitacoes/baixadas?${TUDO}`);
    await igual(`${reg}/contribuinte/contribuintes-geral/consultar?page=1&size=5`, `${api}/contribuintes-geral?${TUDO}&page=1&size=5`, { dataInicial: '1980-01-01', dataFinal: '2026-12-31' });
    await igual(`${reg}/contribuinte/responsaveis/`, `${api}/divergencias-responsavel`);
    expectProblem(await auditor.get(`${reg}/contribuinte/obterAtivos?consultarPor=outro`), 400);
    expectProblem(await auditor.post(`${reg}/contribuinte/contribuintes-geral/consultar`, { dataInicial: '2026-03-01' }), 400);
    expectProblem(await (await t.as('user')).get(`${reg}/contribuinte/cacealNulo?${TUDO}`), 403);
  });

  it.each(NOMES_RELATORIO)('%s is refused without its role (403) and without a session (401)', async (nome) => {
    const user = await t.as('user');
    expectProblem(await user.get(url(nome)), 403);
    expectProblem(await user.get(url(nome, '/imprimir')), 403);
    expectProblem(await user.get(url(nome, '/baixar')), 403);
    expectProblem(await t.client().get(url(nome)), 401);
  });
});

describe('files', () => {
  it('the PDF has the header, the filters, the rows and the page count', async () => {
    const r = await auditor.get(`${api}/contribuintes-geral/imprimir?dataInicial=1980-01-01&dataFinal=2005-12-31`);
    expect(r.headers['content-type']).toBe('application/pdf');
    const { texto, paginas } = await textoDoPdf(r.rawPayload);
    expect(texto).toContain('SECRETARIA DE ESTADO DA FAZENDA');
    expect(texto).toContain('Relatório Geral de Contribuintes');
    expect(texto).toContain('Período: 01/01/1980 a 31/12/2005');
    expect(texto).toContain(`Página 1 de ${paginas}`);
    const [c] = await linhas<{ nome: string }>('select p.nome from contribuinte c join pessoa p using (numero_pessoa) order by c.data_inicio_atividade, c.numero_caceal limit 1');
    expect(texto).toContain(c!.nome.slice(0, 20));
  });

  it('an empty PDF prints the spec\'s empty text', async () => {
    const r = await auditor.get(`${api}/contribuintes-geral/imprimir?dataInicial=1900-01-01&dataFinal=1900-01-31`);
    expect((await textoDoPdf(r.rawPayload)).texto).toContain('NENHUM REGISTRO PARA EXIBIR');
  });

  it('the XLSX reads back: filters line, frozen header, typed cells (dates, numbers, CNPJ as text), every row', async () => {
    const r = await auditor.get(url('cacealNulo', '/baixar'));
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const folha = livro.worksheets[0]!;
    expect(String(folha.getCell('A2').value)).toBe('Período: 01/01/1980 a 31/12/2026');
    expect(folha.getRow(4).values).toEqual([undefined, 'CACEAL', 'CNPJ', 'Razão social', 'Início da atividade', 'Situação']);
    expect(folha.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    const esperadas = await linhas<{ numero_documento: string; inicio: string }>(`select p.numero_documento, to_char(c.data_inicio_atividade, 'YYYY-MM-DD') inicio
      from contribuinte c join pessoa p using (numero_pessoa) where c.situacao_id = 5 order by c.data_inicio_atividade, c.numero_caceal`);
    expect(folha.actualRowCount).toBe(3 + esperadas.length);
    const l = folha.getRow(5);
    // A produtor rural's CPF stands masked as a CPF.
    expect(l.getCell(2).value).toBe(formatDocumento(esperadas[0]!.numero_documento));
    expect(l.getCell(4).value).toBeInstanceOf(Date);
    expect((l.getCell(4).value as Date).toISOString().slice(0, 10)).toBe(esperadas[0]!.inicio);
    expect(l.getCell(4).numFmt).toBe('dd/mm/yyyy');
    const ativos = new ExcelJS.Workbook();
    await ativos.xlsx.load((await auditor.get(`${api}/contribuintes/ativos/baixar?tipoConsulta=tipo`)).rawPayload as unknown as ArrayBuffer);
    const quantidade = ativos.worksheets[0]!.getRow(5).getCell(2).value;
    expect(typeof quantidade).toBe('number');
  });

  it.each(NOMES_RELATORIO)('%s: the spreadsheet holds every row of the preview (and the PDF when it is short)', async (nome) => {
    const previa = (await auditor.get(url(nome, '', 'size=100'))).json();
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load((await auditor.get(url(nome, '/baixar'))).rawPayload as unknown as ArrayBuffer);
    const folha = livro.worksheets[0]!;
    // A group's later rows (fora de interesse: the taxpayer's other activities) leave its first cell empty.
    let grupos = 0;
    folha.eachRow((row, n) => void (n > 4 && row.getCell(1).value && grupos++));
    expect(grupos).toBe(previa.totalElements + (previa.totais ? 1 : 0));
    const lista = (RELATORIOS[nome] as DefinicaoRelatorio).lista;
    expect(folha.getRow(4).cellCount).toBe(RELATORIOS[nome].colunas.length + (lista?.colunas.length ?? 0));
    // #32: every column as wide as its header and its values as shown (up to the cap), no wider than needed.
    const exibido = (v: ExcelJS.CellValue) => (v instanceof Date ? 10 : typeof v === 'number' ? v.toLocaleString('en-US').length : String(v ?? '').length);
    for (let i = 1; i <= folha.getRow(4).cellCount; i++) {
      let maior = exibido(folha.getRow(4).getCell(i).value);
      folha.eachRow((row, n) => void (n > 4 && (maior = Math.max(maior, exibido(row.getCell(i).value)))));
      const largura = folha.getColumn(i).width ?? 0;
      expect(largura, `${nome}: column ${i} (${maior} characters)`).toBeGreaterThanOrEqual(Math.min(maior, LARGURA_MAXIMA_XLSX));
      expect(largura, `${nome}: column ${i} (${maior} characters)`).toBeLessThanOrEqual(Math.max(Math.ceil(maior * 1.1) + 2, 10));
    }
    if (previa.totalElements <= 100) {
      const r = await auditor.get(url(nome, '/imprimir'));
      expect(r.headers['content-type']).toBe('application/pdf');
      const primeira = previa.content[0] as Record<string, string | number | boolean | null>;
      const texto = String(primeira.razaoSocial ?? primeira.descricaoEvento ?? primeira.tipo ?? primeira.nomeEmpresaRds);
      expect((await textoDoPdf(r.rawPayload)).texto).toContain(texto.slice(0, 12));
    }
  });
});
