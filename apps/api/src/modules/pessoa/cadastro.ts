import { sql } from 'drizzle-orm';
import { AuditMessage, hojeEmMaceio, type PessoaCadastrada } from '@cadastro/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { subirVersaoCompartilhada } from '../../db/versionado.js';
import { consultarPessoaReceita, ReceitaIndisponivel, type EnderecoReceita, type ReceitaPort } from '../../integrations/receita/port.js';
import { auditChange } from '../../platform/audit.js';
import { HttpProblem } from '../../platform/errors/problem.js';

const TIPO_ENDERECO = { F: 2, J: 1 } as const; // the generator's: 1 comercial (companies), 2 residencial
const BRASIL = 76;
const CELULAR = 3;
const FIXO = 2;

/**
 * Cadastrar Pessoa (§2 cadastra-pessoa): asks the federal registry (outside any transaction: a remote
 * call must not hold one open), logs the consultation, then creates or brings up to date the person,
 * its main address and phone in ONE transaction with the audit. Not at the Receita → 404, Receita
 * down or slow → 503; in both cases no person data is written.
 */
export async function cadastrarPessoaReceita(database: Database, receita: ReceitaPort, login: string, documento: string, timeoutMs?: number): Promise<PessoaCadastrada> {
  let consulta;
  try {
    consulta = await consultarPessoaReceita(receita, database.db, documento, timeoutMs);
  } catch (err) {
    if (err instanceof ReceitaIndisponivel) {
      throw new HttpProblem(503, 'A Receita Federal (Infoconv) não respondeu; tente novamente mais tarde.', { message: 'error.pessoa.receitaIndisponivel', retryAfterSeconds: 30 });
    }
    throw err;
  }
  if (!consulta.dados) throw new HttpProblem(404, 'Documento não encontrado na Receita Federal.', { message: 'error.pessoa.naoEncontradoReceita' });
  const tipo = consulta.tipo === 'CPF' ? 'F' : 'J';
  const nome = consulta.tipo === 'CPF' ? consulta.dados.nome : consulta.dados.razaoSocial;
  const federal = consulta.dados;
  return database.db.transaction(async (tx) => {
    const atual = await queryOne<{ numero_pessoa: string; nome: string; email: string | null }>(tx, sql`select numero_pessoa, nome, email from pessoa
      where numero_documento = ${documento} for update`);
    let numeroPessoa: number;
    if (!atual) {
      // A branch hangs from its head office (same CNPJ root, order 0001) when the registry has it.
      const raiz = tipo === 'J' ? await queryOne<{ n: string }>(tx, sql`select numero_pessoa as n from pessoa
        where tipo = 'J' and raiz_cnpj = ${documento.slice(0, 8)} and substr(numero_documento, 9, 4) = '0001' and numero_documento <> ${documento}`) : undefined;
      const criada = await queryOne<{ n: string }>(tx, sql`insert into pessoa (tipo, numero_documento, nome, email, numero_pessoa_raiz)
        values (${tipo}, ${documento}, ${nome}, ${federal.email ?? null}, ${raiz ? Number(raiz.n) : null}) returning numero_pessoa as n`);
      numeroPessoa = Number(criada!.n);
      await auditChange(tx, login, 'Pessoa', numeroPessoa, null, { tipo, numeroDocumento: documento, nome, email: federal.email ?? null }, AuditMessage.PERSON_FROM_RECEITA);
    } else {
      numeroPessoa = Number(atual.numero_pessoa);
      const email = federal.email ?? atual.email;
      if (atual.nome !== nome || atual.email !== email) {
        await tx.execute(sql`update pessoa set nome = ${nome}, email = ${email}, version = version + 1, updated_at = now() where numero_pessoa = ${numeroPessoa}`);
        if (tipo === 'J' && atual.nome !== nome) {
          await tx.execute(sql`insert into historico_razao_social (numero_pessoa, nome, data_alteracao) values (${numeroPessoa}, ${atual.nome}, ${hojeEmMaceio()})`);
        }
        await auditChange(tx, login, 'Pessoa', numeroPessoa, { nome: atual.nome, email: atual.email }, { nome, email }, AuditMessage.PERSON_FROM_RECEITA);
      }
    }
    await enderecoETelefone(tx, login, numeroPessoa, tipo, federal);
    const base = { numeroPessoa, codigoTipoDocumento: consulta.tipo, numeroDocumento: documento, criada: !atual };
    return tipo === 'F' ? { ...base, nome } : { ...base, razaoSocial: nome };
  });
}

/** The Receita's address becomes the main one (updated in place when there is one); its phone is added when new. */
async function enderecoETelefone(tx: DbOrTx, login: string, numeroPessoa: number, tipo: 'F' | 'J', f: Partial<EnderecoReceita>) {
  if (f.logradouro) {
    const municipio = f.municipioId ? await queryOne<{ uf: string }>(tx, sql`select uf from ref_municipio where id = ${f.municipioId}`) : undefined;
    const cep = f.cep && /^\d{8}$/.test(f.cep) ? f.cep : null;
    const valores = {
      uf: municipio?.uf ?? null, municipio_id: municipio ? f.municipioId! : null, tipo_logradouro_id: f.tipoLogradouroId ?? null, logradouro: f.logradouro.slice(0, 150),
      numero: f.numero?.slice(0, 10) ?? null, complemento: f.complemento?.slice(0, 100) ?? null, bairro: f.bairro?.slice(0, 80) ?? null, cep,
    };
    const principal = await queryOne<Record<string, unknown>>(tx, sql`select id, uf, municipio_id, tipo_logradouro_id, logradouro, numero, complemento, bairro, cep
      from endereco where numero_pessoa = ${numeroPessoa} and eh_principal for update`);
    if (!principal) {
      await tx.execute(sql`insert into endereco (numero_pessoa, tipo_endereco_id, eh_principal, pais_id, uf, municipio_id, tipo_logradouro_id, logradouro, numero, complemento, bairro, cep)
        values (${numeroPessoa}, ${TIPO_ENDERECO[tipo]}, true, ${BRASIL}, ${valores.uf}, ${valores.municipio_id}, ${valores.tipo_logradouro_id}, ${valores.logradouro},
          ${valores.numero}, ${valores.complemento}, ${valores.bairro}, ${valores.cep})`);
      await auditChange(tx, login, 'Endereco', numeroPessoa, null, valores, AuditMessage.PERSON_FROM_RECEITA);
      await subirVersaoCompartilhada(tx, numeroPessoa, 'enderecos');
    } else {
      const { id, ...antes } = principal;
      const mudou = Object.entries(valores).some(([k, v]) => String(antes[k] ?? '') !== String(v ?? ''));
      if (mudou) {
        await tx.execute(sql`update endereco set uf = ${valores.uf}, municipio_id = ${valores.municipio_id}, tipo_logradouro_id = ${valores.tipo_logradouro_id},
          logradouro = ${valores.logradouro}, numero = ${valores.numero}, complemento = ${valores.complemento}, bairro = ${valores.bairro}, cep = ${valores.cep},
          version = version + 1, updated_at = now() where id = ${Number(id)}`);
        await auditChange(tx, login, 'Endereco', Number(id), antes, valores, AuditMessage.PERSON_FROM_RECEITA);
        await subirVersaoCompartilhada(tx, numeroPessoa, 'enderecos');
      }
    }
  }
  if (f.ddd && f.telefone && /^\d{1,4}$/.test(f.ddd) && /^\d{1,14}$/.test(f.telefone)) {
    const novo = await queryOne<{ id: string }>(tx, sql`insert into telefone (numero_pessoa, tipo_telefone_id, ddd, numero)
      select ${numeroPessoa}, ${f.telefone.length >= 9 ? CELULAR : FIXO}, ${f.ddd}, ${f.telefone}
      where not exists (select 1 from telefone where numero_pessoa = ${numeroPessoa} and ddd = ${f.ddd} and numero = ${f.telefone}) returning id`);
    if (novo) {
      await auditChange(tx, login, 'Telefone', Number(novo.id), null, { ddd: f.ddd, numero: f.telefone }, AuditMessage.PERSON_FROM_RECEITA);
      await subirVersaoCompartilhada(tx, numeroPessoa, 'telefones');
    }
  }
}

