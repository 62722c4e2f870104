import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { RELATORIOS } from '@cadastro/domain';
import { startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';
import { queryOne } from '../../db/consulta.js';

/**
 * Issue 30 §4: the printed files write codes as the offices do — natureza jurídica 206-2, CNAE
 * 4711-3/02, CRC-AL 179190/O-9, money R$ 1.234,56, shares 50,00% — read back from the PDF and the XLSX.
 */
let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const CNAE = /^\d{4}-\d\/\d{2}$/;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 400, seed: 30 } });
  auditor = await t.as('auditor');
}, 180_000);
afterAll(() => t.close());

describe('the registration sheet (PDF)', () => {
  it('natureza ddd-d - descrição, capital in R$, CRC-UF 999999/T-D, CNAE 9999-9/99, shares 99,99%', async () => {
    // A limited company with capital, an accountant with the whole CRC and partners with shares.
    const c = (await queryOne<{ numero_caceal: number; capital: string; crc_uf: string; crc_numero: string; crc_tipo_inscricao: string; crc_digito: number; cnae: string; pct: string }>(t.db, sql`
      select c.numero_caceal, c.valor_capital_social::text as capital, k.crc_uf, k.crc_numero, k.crc_tipo_inscricao, k.crc_digito,
        (select a.cnae from atividade_contribuinte a where a.contribuinte_id = c.id and a.eh_principal) as cnae,
        (select s.percentual_participacao::text from socio s where s.numero_pessoa_empresa = p.numero_pessoa and s.percentual_participacao is not null limit 1) as pct
      from contribuinte c join pessoa p using (numero_pessoa) join contribuinte_contador x on x.contribuinte_id = c.id join contador k on k.numero_pessoa = x.numero_pessoa_contador
      where p.natureza_juridica_id = 2062 and p.numero_pessoa_raiz is null and c.valor_capital_social >= 1000 and k.crc_tipo_inscricao is not null and k.crc_digito is not null
        and exists (select 1 from socio s where s.numero_pessoa_empresa = p.numero_pessoa and s.percentual_participacao is not null)
      order by c.id limit 1`))!;
    expect(c, 'a limited company with capital, accountant and partners in the seed').toBeTruthy();
    const r = await auditor.get(`${api}/relatorio/imprimir?numeroCaceal=${c.numero_caceal}`);
    expect(r.statusCode).toBe(200);
    // pdfmake sets the pieces of a word split at '-' and '/' apart; the reader joins them with a space.
    const texto = (await textoDoPdf(r.rawPayload)).texto.replace(/(\S[-/]) /g, '$1');
    expect(texto).toContain('206-2 - Sociedade Empresária Limitada');
    expect(texto).not.toMatch(/\b2062 - /);
    const [inteiro, centavos] = Number(c.capital).toFixed(2).split('.') as [string, string];
    expect(texto).toContain(`R$ ${inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${centavos}`);
    expect(texto).toContain(`CRC-${c.crc_uf} ${c.crc_numero.padStart(6, '0')}/${c.crc_tipo_inscricao}-${c.crc_digito}`);
    expect(texto).toContain(`${c.cnae.slice(0, 4)}-${c.cnae.slice(4, 5)}/${c.cnae.slice(5)}`);
    expect(texto).toContain(`${Number(c.pct).toFixed(2).replace('.', ',')}%`);
  });
});

describe('the "fora de interesse" report', () => {
  it('writes every CNAE 9999-9/99 in the spreadsheet and in the PDF', async () => {
    const caminho = `${api}/relatorio/${RELATORIOS.cacealForaInteresse.caminho}`;
    const livro = new ExcelJS.Workbook();
    const x = await auditor.get(`${caminho}/baixar`);
    expect(x.statusCode).toBe(200);
    await livro.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const folha = livro.worksheets[0]!;
    // Title, filters, a blank line, the header, then the rows (platform/xlsx.ts).
    const cabecalho = folha.getRow(4).values as (string | undefined)[];
    const coluna = cabecalho.indexOf('CNAE');
    expect(coluna).toBeGreaterThan(0);
    const cnaes: string[] = [];
    for (let i = 5; i <= folha.rowCount; i++) cnaes.push(String(folha.getRow(i).getCell(coluna).value));
    expect(cnaes.length).toBeGreaterThan(0);
    for (const v of cnaes) expect(v).toMatch(CNAE);

    const p = await auditor.get(`${caminho}/imprimir`);
    expect(p.statusCode).toBe(200);
    const { texto } = await textoDoPdf(p.rawPayload);
    expect(texto).toContain(cnaes[0]);
    expect(texto).not.toContain(` ${cnaes[0]!.replace(/\D/g, '')} `);
  });
});
