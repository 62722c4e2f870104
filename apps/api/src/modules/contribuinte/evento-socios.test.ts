import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

let t: TestApp;
let auditor: Client;
let atendente: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 16 } });
  [auditor, atendente] = await Promise.all([t.as('auditor'), t.as('atendente')]);
  // A legal-entity partner (another company's person, 14 digits) with its legal representative, in a QSA of individuals.
  await all(`with e as (select s.numero_pessoa_empresa as empresa, min(s.qualificacao_id) as q from socio s join pessoa ps on ps.numero_pessoa = s.numero_pessoa_socio
      where ps.tipo = 'F' group by s.numero_pessoa_empresa order by s.numero_pessoa_empresa limit 1),
    j as (select numero_pessoa from pessoa where tipo = 'J' and length(numero_documento) = 14 and numero_pessoa <> (select empresa from e) order by numero_pessoa limit 1),
    f as (select numero_pessoa from pessoa where tipo = 'F' order by numero_pessoa limit 1)
    insert into socio (numero_pessoa_empresa, numero_pessoa_socio, qualificacao_id, percentual_participacao, data_inclusao, numero_pessoa_representante, qualificacao_representante_id)
    select e.empresa, j.numero_pessoa, e.q, 0, '2020-01-01', f.numero_pessoa, e.q from e, j, f`);
}, 120_000);
afterAll(() => t.close());

const PROCESSO = { processo: '2026.000777', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: '2026-11-20', dataLegal: null };
type SocioLido = { numeroPessoaSocio: number; numeroDocumentoSocio: string; nomeSocio: string; qualificacao: { id: number }; percentualParticipacao: string | null;
  dataInclusao: string; enderecos: { id: number }[]; nomeRepresentanteLegal: string | null };

/** A head office whose QSA has a partner of the given document length, with its partners as the screen reads them. */
async function empresa(digitos: 11 | 14, pular = 0) {
  const r = await one<{ numero_caceal: number; numero_pessoa: number; version: number }>(`select c.numero_caceal, c.numero_pessoa, c.version
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.numero_pessoa_raiz is null and exists (select 1 from socio s
      join pessoa ps on ps.numero_pessoa = s.numero_pessoa_socio where s.numero_pessoa_empresa = p.numero_pessoa and length(ps.numero_documento) = ${digitos})
    order by c.id offset ${pular} limit 1`);
  const socios = (await auditor.get(`${api}/contribuinte/obterSocios/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json() as SocioLido[];
  const bloco = socios.map((s) => ({ numeroPessoaSocio: s.numeroPessoaSocio, qualificacaoId: s.qualificacao.id, percentualParticipacao: Number(s.percentualParticipacao ?? 0), dataInclusao: s.dataInclusao }));
  const i = socios.findIndex((s) => s.numeroDocumentoSocio.length === digitos);
  const base = { ...PROCESSO, numeroPessoa: Number(r.numero_pessoa), numeroCaceal: Number(r.numero_caceal), version: Number(r.version) };
  return { r, socios, bloco, i, base };
}
/** What a partner change may write: equal before and after = nothing written. */
const impressao = async () => one<{ h: string }>(`select md5(concat_ws('|',
    (select string_agg(concat_ws(',', numero_pessoa, nome, version), ';' order by numero_pessoa) from pessoa),
    (select string_agg(concat_ws(',', id, numero_pessoa, logradouro, eh_principal), ';' order by id) from endereco),
    (select count(*) from historico_razao_social), (select count(*) from evento_alteracao), (select count(*) from evento_auditoria),
    (select string_agg(concat_ws(',', id, version), ';' order by id) from contribuinte))) as h`);

describe('Quadro de Sócios: Alterar Razão Social and partner addresses (saved with the event)', () => {
  it('a 14-digit partner is renamed: the person, its former name in the history, an audit row, the timeline', async () => {
    const { r, socios, bloco, i, base } = await empresa(14);
    const alvo = socios[i]!;
    const body = { ...base, socios: bloco.map((s, j) => (j === i ? { ...s, razaoSocial: 'NOVA RAZAO SOCIAL DO SOCIO LTDA' } : s)) };
    // Without the supertela role: refused, nothing written.
    const antes = await impressao();
    expectProblem(await atendente.post(`${api}/eventos`, body), 403);
    expect(await impressao()).toEqual(antes);

    const res = await auditor.post(`${api}/eventos`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await one<{ nome: string }>(`select nome from pessoa where numero_pessoa = ${alvo.numeroPessoaSocio}`)).nome).toBe('NOVA RAZAO SOCIAL DO SOCIO LTDA');
    expect(await one(`select nome from historico_razao_social where numero_pessoa = ${alvo.numeroPessoaSocio} order by id desc limit 1`)).toEqual({ nome: alvo.nomeSocio });
    const a = await one<{ before: { nome: string }; after: { nome: string } }>(`select before, after from evento_auditoria
      where entity = 'Pessoa' and entity_id = '${alvo.numeroPessoaSocio}' and data->>'message' = 'PARTNER_RENAMED'`);
    expect(a).toEqual({ before: { nome: alvo.nomeSocio }, after: { nome: 'NOVA RAZAO SOCIAL DO SOCIO LTDA' } });
    const tl = (await auditor.get(`${api}/eventos/listar?numeroCaceal=${r.numero_caceal}`)).json();
    expect(tl.content[0].alteracoes).toContainEqual({ aba: 'socios', campo: 'socio.nome', chave: alvo.numeroDocumentoSocio, antes: alvo.nomeSocio, depois: 'NOVA RAZAO SOCIAL DO SOCIO LTDA' });
    const lido = (await auditor.get(`${api}/contribuinte/obterSocios/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json() as SocioLido[];
    expect(lido.find((s) => s.numeroPessoaSocio === alvo.numeroPessoaSocio)!.nomeSocio).toBe('NOVA RAZAO SOCIAL DO SOCIO LTDA');
  });

  it('an 11-digit partner has no razão social to change; a blank or too long name → 400, nothing written', async () => {
    const { bloco, i, base } = await empresa(11);
    const j = await empresa(14);
    const antes = await impressao();
    const p = expectProblem(await auditor.post(`${api}/eventos`, { ...base, socios: bloco.map((s, k) => (k === i ? { ...s, razaoSocial: 'OUTRO NOME' } : s)) }), 400);
    expect(p.fieldErrors?.map((f) => f.field)).toContain(`socios.${i}.razaoSocial`);
    for (const razaoSocial of ['  ', 'X'.repeat(151)]) {
      const q = expectProblem(await auditor.post(`${api}/eventos`, { ...j.base, socios: j.bloco.map((s, k) => (k === j.i ? { ...s, razaoSocial } : s)) }), 400);
      expect(q.fieldErrors?.map((f) => f.field)).toContain(`socios.${j.i}.razaoSocial`);
    }
    expect(await impressao()).toEqual(antes);
  });

  it("a partner's addresses: added and edited with the address form's rules; a bad one → 400, nothing written", async () => {
    const { r, socios, bloco, base } = await empresa(11, 2);
    const alvo = socios[0]!;
    const mun = await one<{ id: number }>(`select id from ref_municipio where id = 2704302`);
    const outro = await one<{ id: number }>(`select id from ref_municipio where uf = 'PE' order by id limit 1`);
    const novo = { tipoEnderecoId: 1, ehPrincipal: true, paisId: 76, uf: 'AL', municipioId: mun.id, tipoLogradouroId: null, logradouro: 'RUA DO SOCIO',
      numero: '7', complemento: null, bairro: 'PONTA VERDE', cep: '57035000', referencia: null, enderecoEletronico: null, latitude: null, longitude: null };
    const com = (enderecos: unknown[]) => ({ ...base, socios: bloco.map((s, k) => (k === 0 ? { ...s, enderecos } : s)) });
    const antes = await impressao();
    const p = expectProblem(await auditor.post(`${api}/eventos`, com([{ ...novo, municipioId: outro.id }])), 400);
    expect(p.fieldErrors?.[0]?.field).toBe('socios.0.enderecos.0.municipioId');
    expectProblem(await auditor.post(`${api}/eventos`, com([{ ...novo, id: 1 }])), 400);
    expectProblem(await auditor.post(`${api}/eventos`, com([novo, { ...novo, logradouro: 'OUTRA' }])), 400);
    expect(await impressao()).toEqual(antes);

    // Kept addresses (ids) stay; the new one becomes the principal.
    const mantidos = (await auditor.get(`${api}/pessoa/obterEnderecos/${alvo.numeroPessoaSocio}`)).json() as Record<string, unknown>[];
    const res = await auditor.post(`${api}/eventos`, com([...mantidos.map((e) => ({ ...enderecoBloco(e), ehPrincipal: false })), novo]));
    expect(res.statusCode, res.body).toBe(200);
    const depois = (await auditor.get(`${api}/contribuinte/obterSocios/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json() as (SocioLido & { endereco: { logradouro: string } })[];
    const s = depois.find((x) => x.numeroPessoaSocio === alvo.numeroPessoaSocio)!;
    expect(s.enderecos).toHaveLength(alvo.enderecos.length + 1);
    // Issue 40 §6: the type word typed with the street became its type.
    expect(s.endereco).toMatchObject({ tipoLogradouro: 'RUA', logradouro: 'DO SOCIO' });
    const tl = (await auditor.get(`${api}/eventos/listar?numeroCaceal=${r.numero_caceal}`)).json();
    expect(tl.content[0].alteracoes).toContainEqual(expect.objectContaining({ aba: 'socios', campo: 'socio.endereco', antes: null }));

    // Edited in place: the same id, another logradouro.
    const v = (await auditor.get(`${api}/contribuinte/obterDadosCadastrais/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json().version;
    const atuais = (await auditor.get(`${api}/pessoa/obterEnderecos/${alvo.numeroPessoaSocio}`)).json() as Record<string, unknown>[];
    const editado = atuais.map((e) => ({ ...enderecoBloco(e), ...(e.logradouro === 'DO SOCIO' ? { logradouro: 'RUA NOVA DO SOCIO' } : {}) }));
    const ok = await auditor.post(`${api}/eventos`, { ...com(editado), version: v });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await all(`select logradouro from endereco where numero_pessoa = ${alvo.numeroPessoaSocio} and eh_principal`)).toEqual([{ logradouro: 'NOVA DO SOCIO' }]);
  });

  it('legal-entity partners carry their legal representative (read-only)', async () => {
    const { socios, i } = await empresa(14);
    const rep = await one<{ nome: string }>(`select p.nome from socio s join pessoa p on p.numero_pessoa = s.numero_pessoa_representante
      where s.numero_pessoa_socio = ${socios[i]!.numeroPessoaSocio}`);
    expect(socios[i]).toMatchObject({ nomeRepresentanteLegal: rep.nome, qualificacaoRepresentanteLegal: expect.any(String) });
  });
});

/** An address as obterEnderecos reads it, back as the block's item. */
function enderecoBloco(e: Record<string, unknown>) {
  const m = e.municipio as { id: number } | null;
  return {
    id: e.id, tipoEnderecoId: e.tipoEnderecoId, ehPrincipal: e.ehPrincipal, paisId: e.paisId, uf: e.uf, municipioId: m?.id ?? null, tipoLogradouroId: e.codigoTipoLogradouro,
    logradouro: e.logradouro, numero: e.numeroImovel, complemento: e.complemento, bairro: e.bairro, cep: e.cep, referencia: e.referencia,
    enderecoEletronico: e.enderecoEletronico, latitude: e.numeroLatitude === null ? null : String(Number(e.numeroLatitude)),
    longitude: e.numeroLongitude === null ? null : String(Number(e.numeroLongitude)),
  };
}
