import { sql, type SQL } from 'drizzle-orm';
import { AuditMessage, AuditType, hojeEmMaceio, violacaoData, violacaoQsa, type Alteracao, type SociosEdicao } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { fieldProblem } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';
import { arr, diffLista, type Campos } from './evento-diff.js';
import type { Registro } from './evento-dados.js';
import { emUmComando } from './evento-dados.js';
import { aplicarEnderecos } from './evento-enderecos.js';
import type { Estado } from './evento-estado.js';
import type { Conferir } from './evento-versoes.js';

const bad = (campo: string, detail: string) => fieldProblem('socios', `socios.${campo}`, 'invalido', detail);

/**
 * Quadro de Sócios (on the head office's person): the list replaces the QSA; partners exist, never the
 * company itself. §2 'Alterar Razão Social' renames a partner with a 14-digit document (the person's
 * name, its former one kept in historico_razao_social, an audit row); a partner's `enderecos` replaces
 * its addresses. Current state and references come read; the QSA writes are ONE statement.
 */
export async function aplicarSocios(tx: DbOrTx, login: string, r: Registro, estado: Estado, lista: SociosEdicao, conferir: Conferir): Promise<Alteracao[]> {
  const lido = estado.socios!;
  const ps = new Map(lido.pessoas.map((p) => [Number(p.numero_pessoa), p]));
  const qs = new Map(lido.qualificacoes.map((q) => [Number(q.id), q.descricao]));
  lista.forEach((s, i) => {
    const p = ps.get(s.numeroPessoaSocio);
    if (!p) throw bad(`${i}.numeroPessoaSocio`, 'Registro não encontrado.');
    if (s.numeroPessoaSocio === r.raiz) throw bad(`${i}.numeroPessoaSocio`, 'A empresa não pode ser sócia de si mesma.');
    if (!qs.has(s.qualificacaoId)) throw bad(`${i}.qualificacaoId`, 'Qualificação desconhecida.');
    // §2: only a legal-entity partner (CNPJ, 14 digits) has a razão social to change.
    if (s.razaoSocial !== undefined && s.razaoSocial !== p.nome && p.numero_documento.length !== 14) throw bad(`${i}.razaoSocial`, 'Somente sócio com CNPJ (14 dígitos).');
  });
  const renomeados = lista.filter((s) => s.razaoSocial !== undefined && s.razaoSocial !== ps.get(s.numeroPessoaSocio)!.nome);
  const antes = new Map(lido.atuais.map((s) => [s.numero_documento, { nome: s.nome, qualificacao: s.qualificacao, percentual: s.percentual, dataInclusao: s.data_inclusao } as Campos]));
  const depois = new Map(lista.map((s) => {
    const p = ps.get(s.numeroPessoaSocio)!;
    return [p.numero_documento, { nome: s.razaoSocial ?? p.nome, qualificacao: qs.get(s.qualificacaoId)!, percentual: s.percentualParticipacao.toFixed(2), dataInclusao: s.dataInclusao } as Campos];
  }));
  const alteracoes = diffLista('socios', 'socio', antes, depois);
  // Issue 30: a changed QSA follows the legal nature (judged whole, as it will stand).
  if (alteracoes.length) exigirRegras('socios', 'socios.', violacaoQsa(estado.natureza, lista));
  // The QSA is the head office's, shared by every registration of the company (checked before any write).
  if (alteracoes.length) conferir([{ numeroPessoa: r.raiz, parte: 'socios' }]);

  const comEndereco = lista.flatMap((s, i) => (s.enderecos ? [{ s, i }] : []));
  const enderecos = comEndereco.length
    ? await aplicarEnderecos(tx, comEndereco.map(({ s, i }) => ({
      numeroPessoa: s.numeroPessoaSocio, lista: s.enderecos!, caminho: `socios.${i}.enderecos`, aba: 'socios' as const, campo: 'socio.endereco',
      prefixo: `${ps.get(s.numeroPessoaSocio)!.numero_documento} `, documento: ps.get(s.numeroPessoaSocio)!.numero_documento,
    })), estado.enderecos ?? [], estado.refs_endereco!, conferir)
    : [];

  // Only the partners whose own fields changed are written (an unchanged QSA costs no write at all).
  const atuais = new Map(lido.atuais.map((s) => [Number(s.numero_pessoa_socio), s]));
  const gravar = lista.filter((s) => {
    const a = atuais.get(s.numeroPessoaSocio);
    return !a || a.qualificacao !== qs.get(s.qualificacaoId) || a.percentual !== s.percentualParticipacao.toFixed(2) || a.data_inclusao !== s.dataInclusao;
  });
  // Issue 30: an inclusion date written is real (not after today, not before the company started).
  const desde = { dia: estado.inicio_empresa, regra: 'dataAntesInicioAtividade' } as const;
  exigirRegras('socios', 'socios.', ...gravar.map((s) => violacaoData(s.dataInclusao, `${lista.indexOf(s)}.dataInclusao`, desde)));
  const saem = lido.atuais.filter((s) => !lista.some((x) => x.numeroPessoaSocio === Number(s.numero_pessoa_socio))).map((s) => Number(s.numero_pessoa_socio));
  const comandos: SQL[] = [];
  if (saem.length) comandos.push(sql`delete from socio where numero_pessoa_empresa = ${r.raiz} and numero_pessoa_socio = any(${arr(saem)}::bigint[])`);
  if (gravar.length) {
    const linhas = JSON.stringify(gravar.map((s) => ({ p: s.numeroPessoaSocio, q: s.qualificacaoId, pct: s.percentualParticipacao.toFixed(2), d: s.dataInclusao })));
    comandos.push(sql`insert into socio (numero_pessoa_empresa, numero_pessoa_socio, qualificacao_id, percentual_participacao, data_inclusao)
      select ${r.raiz}, v.p, v.q, v.pct, v.d from jsonb_to_recordset(${linhas}::jsonb) as v(p bigint, q int, pct numeric, d date)
      on conflict (numero_pessoa_empresa, numero_pessoa_socio) do update set qualificacao_id = excluded.qualificacao_id,
        percentual_participacao = excluded.percentual_participacao, data_inclusao = excluded.data_inclusao, version = socio.version + 1, updated_at = now()`);
  }
  if (renomeados.length) {
    const linhas = JSON.stringify(renomeados.map((s) => ({ p: s.numeroPessoaSocio, antes: ps.get(s.numeroPessoaSocio)!.nome, nome: s.razaoSocial })));
    const v = sql`jsonb_to_recordset(${linhas}::jsonb) as v(p bigint, antes text, nome text)`;
    // The person page guards its edits with the person's version: it changes too; the former name goes to the history.
    comandos.push(sql`update pessoa x set nome = v.nome, version = x.version + 1, updated_at = now() from ${v} where x.numero_pessoa = v.p`);
    comandos.push(sql`insert into historico_razao_social (numero_pessoa, nome, data_alteracao) select v.p, v.antes, ${hojeEmMaceio()}::date from ${v}`);
    comandos.push(sql`insert into evento_auditoria (principal, event_type, entity, entity_id, data, before, after)
      select ${login}, ${AuditType.ENTITY_UPDATED}, 'Pessoa', v.p::text, jsonb_build_object('message', ${AuditMessage.PARTNER_RENAMED}::text, 'caceal', ${String(r.numeroCaceal)}::text),
        jsonb_build_object('nome', v.antes), jsonb_build_object('nome', v.nome) from ${v}`);
  }
  await emUmComando(tx, comandos);
  return [...alteracoes, ...enderecos];
}
