import { sql } from 'drizzle-orm';
import { AuditMessage, separarTipoLogradouro, violacaoCepMunicipio, type CadastrarProcurador, type PessoaEncontrada } from '@cadastro/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { auditChange } from '../../platform/audit.js';
import { fieldProblem, HttpProblem } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';
import { encontrada, pessoaPorDocumento } from './consulta.js';

type Cadastro = z.output<typeof CadastrarProcurador>;
const bad = (campo: string, detail: string) => fieldProblem('procurador', `endereco.${campo}`, 'invalido', detail);

/**
 * POST procurador/cadastrar: the attorney the Procurador tab did not find (§2 'Cadastrar if not found'),
 * with the name typed and optionally an address in another state (§5: the state list excludes AL) — the
 * person and its address in ONE transaction with the audit rows. Answers what the lookup would.
 */
export async function cadastrarProcurador(tx: DbOrTx, login: string, req: Cadastro): Promise<PessoaEncontrada> {
  const doc = req.numeroDocumento;
  await tx.execute(sql`select 1 from pessoa where numero_documento = ${doc} for update`);
  if (await pessoaPorDocumento(tx, doc)) throw new HttpProblem(409, 'Esta pessoa já está cadastrada; pesquise novamente.', { message: 'error.procurador.jaCadastrado' });
  let e = req.endereco;
  if (e) {
    // Issue 40 §6: "Rua da Aurora" typed whole sets the type RUA and keeps "da Aurora", as the SPA and the registry event do.
    const tipos = await query<{ id: number; descricao: string }>(tx, sql`select id, descricao from ref_tipo_logradouro`);
    const separado = separarTipoLogradouro(e.logradouro, tipos.map((x) => ({ id: Number(x.id), descricao: x.descricao })));
    if (separado) e = { ...e, ...separado };
    // The references the address names exist (and the município is of its UF).
    const r = await queryOne<{ tipo: boolean; pais: boolean; uf: boolean; mun: boolean; tl: boolean }>(tx, sql`select
      exists (select 1 from ref_tipo_endereco where id = ${e.tipoEnderecoId}) as tipo, exists (select 1 from ref_pais where id = ${e.paisId}) as pais,
      (${e.uf}::text is null or exists (select 1 from ref_uf where sigla = ${e.uf})) as uf,
      (${e.municipioId}::int is null or exists (select 1 from ref_municipio where id = ${e.municipioId} and uf = ${e.uf})) as mun,
      (${e.tipoLogradouroId}::int is null or exists (select 1 from ref_tipo_logradouro where id = ${e.tipoLogradouroId})) as tl`);
    if (!r?.tipo) throw bad('tipoEnderecoId', 'Tipo de endereço desconhecido.');
    if (!r.pais) throw bad('paisId', 'País desconhecido.');
    if (!r.uf) throw bad('uf', 'UF desconhecida.');
    if (!r.mun) throw bad('municipioId', 'Município desconhecido nesta UF.');
    if (!r.tl) throw bad('tipoLogradouroId', 'Tipo de logradouro desconhecido.');
    exigirRegras('procurador', 'endereco.', violacaoCepMunicipio(e.cep, e.municipioId, e.uf));
  }
  const nome = req.nome.toUpperCase();
  const criada = await queryOne<{ n: string }>(tx, sql`insert into pessoa (tipo, numero_documento, nome) values ('F', ${doc}, ${nome}) returning numero_pessoa as n`);
  const numeroPessoa = Number(criada!.n);
  await auditChange(tx, login, 'Pessoa', numeroPessoa, null, { tipo: 'F', numeroDocumento: doc, nome }, AuditMessage.ATTORNEY_REGISTERED);
  if (e) {
    const novo = await queryOne<{ id: string }>(tx, sql`insert into endereco (numero_pessoa, tipo_endereco_id, eh_principal, pais_id, uf, municipio_id, tipo_logradouro_id,
        logradouro, numero, complemento, bairro, cep, referencia, endereco_eletronico, latitude, longitude)
      values (${numeroPessoa}, ${e.tipoEnderecoId}, ${e.ehPrincipal}, ${e.paisId}, ${e.uf}, ${e.municipioId}, ${e.tipoLogradouroId}, ${e.logradouro}, ${e.numero},
        ${e.complemento}, ${e.bairro}, ${e.cep}, ${e.referencia}, ${e.enderecoEletronico}, ${e.latitude}, ${e.longitude}) returning id`);
    await auditChange(tx, login, 'Endereco', Number(novo!.id), null, { numeroPessoa, ...e }, AuditMessage.ATTORNEY_REGISTERED);
  }
  return encontrada(tx, (await pessoaPorDocumento(tx, doc))!);
}
