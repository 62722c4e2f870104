import { sql } from 'drizzle-orm';
import { AuditMessage, type AlterarPessoaFisica, type AlterarPessoaJuridica, type ContadorEdicao, type PessoaAlterada } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { pessoa } from '../../db/schema/index.js';
import { updateVersionedBy } from '../../db/versionado.js';
import { auditChange } from '../../platform/audit.js';
import { badRequest, fieldProblem, notFound } from '../../platform/errors/problem.js';
import { pessoaPorNumero } from './consulta.js';

/**
 * alterar-pessoa-fisica: name and e-mail of an individual, version-checked (stale → 409) and
 * audited with before/after in the same transaction. Saving what is already there writes nothing.
 */
export async function alterarPessoaFisica(tx: DbOrTx, login: string, numeroPessoa: number, req: AlterarPessoaFisica): Promise<PessoaAlterada> {
  const atual = await pessoaPorNumero(tx, numeroPessoa);
  if (!atual || atual.tipo !== 'F') throw notFound('Registro não encontrado.');
  const email = req.email ? req.email : null;
  const antes = { nome: atual.nome, email: atual.email };
  const depois = { nome: req.nome.toUpperCase(), email };
  if (antes.nome === depois.nome && antes.email === depois.email && atual.version === req.version) {
    return { numeroPessoa, version: atual.version, mensagem: 'alteracaoRealizada' };
  }
  const linha = await updateVersionedBy(tx, pessoa, pessoa.numeroPessoa, numeroPessoa, req.version, { ...depois, updatedAt: sql`now()` });
  await auditChange(tx, login, 'Pessoa', numeroPessoa, antes, depois, AuditMessage.PERSON_EDITED);
  return { numeroPessoa, version: linha.version, mensagem: 'alteracaoRealizada' };
}

/** §5/§9: the CRC's UF, categoria and classificação exist; the CRC (UF, number, classification) identifies one accountant. */
export async function conferirCrc(tx: DbOrTx, numeroPessoa: number | null, k: ContadorEdicao): Promise<void> {
  const refs = await queryOne<{ uf: boolean; cat: boolean; cl: boolean; outro: boolean }>(tx, sql`select
    exists (select 1 from ref_uf where sigla = ${k.codigoUfCrc}) as uf, exists (select 1 from ref_crc_categoria where id = ${k.categoriaId}) as cat,
    exists (select 1 from ref_crc_classificacao where id = ${k.classificacaoId}) as cl,
    exists (select 1 from contador where crc_uf = ${k.codigoUfCrc} and crc_numero = ${k.numeroCrc} and classificacao_id = ${k.classificacaoId}
      and numero_pessoa is distinct from ${numeroPessoa}::bigint) as outro`);
  if (!refs?.uf) throw fieldProblem('contador', 'codigoUfCrc', 'pattern', 'UF do CRC desconhecida.');
  if (!refs.cat) throw fieldProblem('contador', 'categoriaId', 'pattern', 'Categoria desconhecida.');
  if (!refs.cl) throw fieldProblem('contador', 'classificacaoId', 'pattern', 'Classificação desconhecida.');
  if (refs.outro) throw badRequest('Este CRC já pertence a outro contador.', { message: 'error.pessoa.crcEmUso' });
}

/** The contador row's columns, as audited. */
export const crcGravado = (k: ContadorEdicao) => ({
  crc_uf: k.codigoUfCrc, crc_numero: k.numeroCrc, crc_tipo_inscricao: k.codigoTipoInscricao, crc_digito: k.digitoVerificadorCrc,
  categoria_id: k.categoriaId, classificacao_id: k.classificacaoId, apto: k.apto,
});

/**
 * PUT alterar-pessoa-juridica: the accountant data of a legal person (an accounting organization).
 * The person's version guards the whole page; the CRC rules are the reference tables' (§5, §9).
 */
export async function alterarPessoaJuridica(tx: DbOrTx, login: string, numeroPessoa: number, req: AlterarPessoaJuridica): Promise<PessoaAlterada> {
  const atual = await pessoaPorNumero(tx, numeroPessoa);
  if (!atual || atual.tipo !== 'J') throw notFound('Registro não encontrado.');
  const k = req.contador;
  await conferirCrc(tx, numeroPessoa, k);
  const antes = await queryOne<Record<string, unknown>>(tx, sql`select crc_uf, crc_numero, crc_tipo_inscricao, crc_digito, categoria_id, classificacao_id, apto
    from contador where numero_pessoa = ${numeroPessoa}`);
  const depois = crcGravado(k);
  const linha = await updateVersionedBy(tx, pessoa, pessoa.numeroPessoa, numeroPessoa, req.version, { updatedAt: sql`now()` });
  if (antes) {
    await tx.execute(sql`update contador set crc_uf = ${k.codigoUfCrc}, crc_numero = ${k.numeroCrc}, crc_tipo_inscricao = ${k.codigoTipoInscricao},
      crc_digito = ${k.digitoVerificadorCrc}, categoria_id = ${k.categoriaId}, classificacao_id = ${k.classificacaoId}, apto = ${k.apto},
      version = version + 1, updated_at = now() where numero_pessoa = ${numeroPessoa}`);
  } else {
    await tx.execute(sql`insert into contador (numero_pessoa, crc_uf, crc_numero, crc_tipo_inscricao, crc_digito, categoria_id, classificacao_id, apto)
      values (${numeroPessoa}, ${k.codigoUfCrc}, ${k.numeroCrc}, ${k.codigoTipoInscricao}, ${k.digitoVerificadorCrc}, ${k.categoriaId}, ${k.classificacaoId}, ${k.apto})`);
  }
  await auditChange(tx, login, 'Contador', numeroPessoa, antes ?? null, depois, AuditMessage.ACCOUNTANT_EDITED);
  return { numeroPessoa, version: linha.version, mensagem: 'alteracaoRealizada' };
}
