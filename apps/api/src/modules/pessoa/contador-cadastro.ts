import { sql } from 'drizzle-orm';
import { AuditMessage, type ContadorEncontrado, type CadastrarContador } from '@cadastro/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { auditChange } from '../../platform/audit.js';
import { HttpProblem } from '../../platform/errors/problem.js';
import { conferirCrc, crcGravado } from './alteracao.js';
import { contadorEncontrado, pessoaPorDocumento } from './consulta.js';

type Cadastro = z.output<typeof CadastrarContador>;

/**
 * POST contador/cadastrar: the accountant the supertela's Contador tab did not find, registered with the
 * CRC form (§5) in ONE transaction with its audit rows — the person (CPF or CNPJ, the name typed) when
 * unknown, then its CRC data. Answers what the lookup would: the tab then links it through the event.
 */
export async function cadastrarContador(tx: DbOrTx, login: string, req: Cadastro): Promise<ContadorEncontrado> {
  const doc = req.numeroDocumento;
  // Lock the person by key first (two clerks registering one accountant queue here).
  await tx.execute(sql`select 1 from pessoa where numero_documento = ${doc} for update`);
  let p = await pessoaPorDocumento(tx, doc);
  if (p && (await contadorEncontrado(tx, p))) {
    throw new HttpProblem(409, 'Esta pessoa já é um contador cadastrado.', { message: 'error.contador.jaCadastrado' });
  }
  await conferirCrc(tx, p ? Number(p.numero_pessoa) : null, req);
  if (!p) {
    const tipo = doc.length === 11 ? 'F' : 'J';
    const nome = req.nome.toUpperCase();
    const criada = await queryOne<{ n: string }>(tx, sql`insert into pessoa (tipo, numero_documento, nome) values (${tipo}, ${doc}, ${nome}) returning numero_pessoa as n`);
    await auditChange(tx, login, 'Pessoa', Number(criada!.n), null, { tipo, numeroDocumento: doc, nome }, AuditMessage.ACCOUNTANT_REGISTERED);
    p = (await pessoaPorDocumento(tx, doc))!;
  }
  const numeroPessoa = Number(p.numero_pessoa);
  await tx.execute(sql`insert into contador (numero_pessoa, crc_uf, crc_numero, crc_tipo_inscricao, crc_digito, categoria_id, classificacao_id, apto)
    values (${numeroPessoa}, ${req.codigoUfCrc}, ${req.numeroCrc}, ${req.codigoTipoInscricao}, ${req.digitoVerificadorCrc}, ${req.categoriaId}, ${req.classificacaoId}, ${req.apto})`);
  await auditChange(tx, login, 'Contador', numeroPessoa, null, crcGravado(req), AuditMessage.ACCOUNTANT_REGISTERED);
  return (await contadorEncontrado(tx, p))!;
}
