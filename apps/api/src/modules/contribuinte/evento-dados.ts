import { sql, type SQL } from 'drizzle-orm';
import { AuditMessage, AuditType, hojeEmMaceio, PORTE, type Alteracao, type DadosCadastraisEdicao } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { fieldProblem } from '../../platform/errors/problem.js';
import { arr, diffCampos, diffLista, simNao, texto, type Campos } from './evento-diff.js';
import type { DadosAtuais } from './evento-estado.js';
import type { Conferir } from './evento-versoes.js';

/** The registration an event changes, locked for the transaction (FOR UPDATE). */
export interface Registro {
  id: number;
  numeroCaceal: number;
  numeroPessoa: number;
  /** The head office's person: QSA and responsible live there. */
  raiz: number;
  raizCnpj: string | null;
  version: number;
}

export interface Aplicado {
  alteracoes: Alteracao[];
  /** The porte changed on a registration with a CNPJ root: the event propagates it. */
  portePropagado: boolean;
}

const bad = (campo: string, detail: string) => fieldProblem('dadosCadastrais', `dadosCadastrais.${campo}`, 'invalido', detail);

/** §4: an indicator off or unset clears its authorization date; on without a date gets today. */
function autorizacao(opcao: boolean | null, data: string | null): string | null {
  if (opcao !== true) return null;
  return data ?? hojeEmMaceio();
}

/**
 * The Dados Cadastrais block: identification and contact (on the person), processing indicators and
 * porte (on the registration; porte goes to every registration of the CNPJ root — the caller does it
 * with the event row), formas de atuação, tipos de unidade and phones (replaced by the list sent; a
 * phone with `id` is one already stored). The current state and the references come read (`a`); the
 * writes are ONE statement (writable CTEs on different rows), only when something changed.
 */
export async function aplicarDadosCadastrais(tx: DbOrTx, r: Registro, a: DadosAtuais, b: DadosCadastraisEdicao, conferir: Conferir): Promise<Aplicado> {
  // Every reference must exist: a bad id is the client's error (400), never a foreign-key 500.
  if (b.porteId !== null && !a.ref_porte) throw bad('porteId', 'Porte desconhecido.');
  if (a.ref_formas.length !== b.formasAtuacao.length) throw bad('formasAtuacao', 'Forma de atuação desconhecida.');
  if (a.ref_unidades.length !== b.tiposUnidade.length) throw bad('tiposUnidade', 'Tipo de unidade desconhecido.');
  const tiposDesc = new Map(a.ref_tipos_fone.map((t) => [Number(t.id), t.descricao]));
  const fones = new Map(a.telefones.map((t) => [Number(t.id), t]));
  const vistos = new Set<number>();
  b.telefones.forEach((t, i) => {
    if (!tiposDesc.has(t.codigoTipoTelefone)) throw bad(`telefones.${i}.codigoTipoTelefone`, 'Tipo de telefone desconhecido.');
    if (t.id !== undefined && (!fones.has(t.id) || vistos.has(t.id))) throw bad(`telefones.${i}.id`, 'Telefone de outra pessoa.');
    if (t.id !== undefined) vistos.add(t.id);
  });

  const p = b.processamentoDados;
  const novo = {
    nomeFantasia: b.nomeFantasia || null,
    email: b.email || null,
    livro: autorizacao(p.opcaoLivroEletronico, p.dataAutorizacaoLivroEletronico),
    documento: autorizacao(p.opcaoDocumentoEletronico, p.dataAutorizacaoDocumentoEletronico),
    fiscais: autorizacao(p.opcaoLivrosFiscais, p.dataAutorizacaoLivrosFiscais),
  };
  const antes: Campos = {
    nomeFantasia: texto(a.nome_fantasia), email: texto(a.email), porte: texto(a.porte), valorCapitalSocial: texto(a.valor_capital_social),
    opcaoLivroEletronico: simNao(a.opcao_livro_eletronico), dataAutorizacaoLivroEletronico: texto(a.data_autorizacao_livro_eletronico),
    opcaoDocumentoEletronico: simNao(a.opcao_documento_eletronico), dataAutorizacaoDocumentoEletronico: texto(a.data_autorizacao_documento_eletronico),
    opcaoLivrosFiscais: simNao(a.opcao_livros_fiscais), dataAutorizacaoLivrosFiscais: texto(a.data_autorizacao_livros_fiscais),
    usoObrigatorioDoSped: simNao(a.uso_obrigatorio_sped),
  };
  const depois: Campos = {
    nomeFantasia: texto(novo.nomeFantasia), email: texto(novo.email), porte: texto(a.ref_porte), valorCapitalSocial: texto(b.valorCapitalSocial && Number(b.valorCapitalSocial).toFixed(2)),
    opcaoLivroEletronico: simNao(p.opcaoLivroEletronico), dataAutorizacaoLivroEletronico: novo.livro,
    opcaoDocumentoEletronico: simNao(p.opcaoDocumentoEletronico), dataAutorizacaoDocumentoEletronico: novo.documento,
    opcaoLivrosFiscais: simNao(p.opcaoLivrosFiscais), dataAutorizacaoLivrosFiscais: novo.fiscais,
    usoObrigatorioDoSped: simNao(p.usoObrigatorioDoSped),
  };
  const proprios = diffCampos('dadosCadastrais', '', null, antes, depois);
  const conjunto = (l: { id: number; descricao: string }[]) => new Map(l.map((f) => [String(f.id), { descricao: f.descricao }]));
  const formas = diffLista('dadosCadastrais', 'formaAtuacao', conjunto(a.formas), conjunto(a.ref_formas));
  const unidades = diffLista('dadosCadastrais', 'tipoUnidade', conjunto(a.unidades), conjunto(a.ref_unidades));

  // §5 phones: the list replaces the person's; a kept one may change type, DDD or number.
  const chave = (ddd: string, numero: string) => `(${ddd}) ${numero}`;
  const telefones: Alteracao[] = [];
  const removidos = a.telefones.filter((t) => !vistos.has(Number(t.id)));
  for (const t of removidos) telefones.push({ aba: 'dadosCadastrais', campo: 'telefone', chave: chave(t.ddd, t.numero), antes: `${t.tipo} ${chave(t.ddd, t.numero)}`, depois: null });
  const novos = b.telefones.filter((t) => t.id === undefined);
  const mudados = b.telefones.filter((t) => {
    if (t.id === undefined) {
      telefones.push({ aba: 'dadosCadastrais', campo: 'telefone', chave: chave(t.ddd, t.numeroTelefone), antes: null, depois: `${tiposDesc.get(t.codigoTipoTelefone)} ${chave(t.ddd, t.numeroTelefone)}` });
      return false;
    }
    const x = fones.get(t.id)!;
    const dif = diffCampos('dadosCadastrais', 'telefone', chave(x.ddd, x.numero), { tipo: x.tipo, ddd: x.ddd, numero: x.numero },
      { tipo: tiposDesc.get(t.codigoTipoTelefone)!, ddd: t.ddd, numero: t.numeroTelefone });
    telefones.push(...dif);
    return dif.length > 0;
  });

  // Contact and phones are the person's, shared by its other registrations: written only from what the screen read.
  const contato = antes.nomeFantasia !== depois.nomeFantasia || antes.email !== depois.email;
  conferir([...(contato ? [{ numeroPessoa: r.numeroPessoa, parte: 'contato' as const }] : []),
    ...(telefones.length ? [{ numeroPessoa: r.numeroPessoa, parte: 'telefones' as const }] : [])]);

  // The writes of the tab, each only when its part changed; different tables or rows, so one statement.
  const ctes = [];
  if (contato) {
    // The person page guards its own edits with the person's version: it changes too.
    ctes.push(sql`update pessoa set nome_fantasia = ${novo.nomeFantasia}, email = ${novo.email}, version = version + 1, updated_at = now()
      where numero_pessoa = ${r.numeroPessoa}`);
  }
  if (proprios.some((x) => x.campo !== 'nomeFantasia' && x.campo !== 'email')) {
    // A MEI is porte 3 (§9): another porte ends the MEI flag (the table's check says so too); the sublimite is an EPP's (issue 39 §7).
    ctes.push(sql`update contribuinte set porte_id = ${b.porteId}, eh_mei = eh_mei and ${b.porteId ?? 0}::int = 3,
        sublimite_excedido = case when ${b.porteId ?? 0}::int = ${PORTE.EPP} then sublimite_excedido end, valor_capital_social = ${b.valorCapitalSocial},
        opcao_livro_eletronico = ${p.opcaoLivroEletronico}, data_autorizacao_livro_eletronico = ${novo.livro},
        opcao_documento_eletronico = ${p.opcaoDocumentoEletronico}, data_autorizacao_documento_eletronico = ${novo.documento},
        opcao_livros_fiscais = ${p.opcaoLivrosFiscais}, data_autorizacao_livros_fiscais = ${novo.fiscais}, uso_obrigatorio_sped = ${p.usoObrigatorioDoSped}
      where id = ${r.id}`);
  }
  // Formas de atuação and tipos de unidade: the sets sent replace the stored ones (a removal marks deleted on screen).
  if (formas.length) {
    ctes.push(sql`delete from contribuinte_forma_atuacao where contribuinte_id = ${r.id} and forma_atuacao_id <> all(${arr(b.formasAtuacao)}::int[])`);
    ctes.push(sql`insert into contribuinte_forma_atuacao (contribuinte_id, forma_atuacao_id) select ${r.id}, x from unnest(${arr(b.formasAtuacao)}::int[]) x on conflict do nothing`);
  }
  if (unidades.length) {
    ctes.push(sql`delete from contribuinte_tipo_unidade where contribuinte_id = ${r.id} and tipo_unidade_id <> all(${arr(b.tiposUnidade)}::int[])`);
    ctes.push(sql`insert into contribuinte_tipo_unidade (contribuinte_id, tipo_unidade_id) select ${r.id}, x from unnest(${arr(b.tiposUnidade)}::int[]) x on conflict do nothing`);
  }
  if (removidos.length) ctes.push(sql`delete from telefone where id = any(${arr(removidos.map((t) => Number(t.id)))}::bigint[])`);
  if (mudados.length) {
    ctes.push(sql`update telefone t set tipo_telefone_id = v.tipo, ddd = v.ddd, numero = v.numero
      from jsonb_to_recordset(${JSON.stringify(mudados.map((t) => ({ id: t.id, tipo: t.codigoTipoTelefone, ddd: t.ddd, numero: t.numeroTelefone })))}::jsonb)
        as v(id bigint, tipo int, ddd text, numero text) where t.id = v.id`);
  }
  if (novos.length) {
    ctes.push(sql`insert into telefone (numero_pessoa, tipo_telefone_id, ddd, numero) select ${r.numeroPessoa}, v.tipo, v.ddd, v.numero
      from jsonb_to_recordset(${JSON.stringify(novos.map((t) => ({ tipo: t.codigoTipoTelefone, ddd: t.ddd, numero: t.numeroTelefone })))}::jsonb) as v(tipo int, ddd text, numero text)`);
  }
  await emUmComando(tx, ctes);
  return { alteracoes: [...proprios, ...formas, ...unidades, ...telefones], portePropagado: a.porte_id !== b.porteId && b.porteId !== null && !!r.raizCnpj };
}

/** Several writes on different rows as ONE statement (writable CTEs; the last one is the main statement). */
export async function emUmComando(tx: DbOrTx, comandos: SQL[]): Promise<void> {
  if (!comandos.length) return;
  const ultimo = comandos[comandos.length - 1]!;
  const ctes = comandos.slice(0, -1).map((c, i) => sql`${sql.raw(`w${i}`)} as (${c})`);
  await tx.execute(ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${ultimo}` : ultimo);
}

/**
 * §4: a new porte goes to every registration of the same CNPJ root, in the same transaction, with an
 * audit row each — CTEs of the event's final statement (`ev` is the event row), one statement
 * whatever their number. Their versions change: a screen open on one of them gets 409 instead of
 * overwriting the new porte.
 */
export function propagacaoPorte(login: string, r: Registro, porteId: number): SQL[] {
  return [
    sql`alvo as (select c.id, c.porte_id from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      where p.raiz_cnpj = ${r.raizCnpj} and c.id <> ${r.id} and c.porte_id is distinct from ${porteId}::int for update of c)`,
    sql`mudou as (update contribuinte c set porte_id = ${porteId}::int, eh_mei = c.eh_mei and ${porteId}::int = 3,
        sublimite_excedido = case when ${porteId}::int = ${PORTE.EPP} then c.sublimite_excedido end, version = c.version + 1, updated_at = now()
      from alvo where c.id = alvo.id returning c.id, alvo.porte_id as antes)`,
    sql`propagado as (insert into evento_auditoria (principal, event_type, entity, entity_id, data, before, after)
      select ${login}, ${AuditType.ENTITY_UPDATED}, 'Contribuinte', mudou.id::text,
        jsonb_build_object('message', ${AuditMessage.PORTE_PROPAGATED}::text, 'evento', (select id from ev)::text),
        jsonb_build_object('porteId', mudou.antes), jsonb_build_object('porteId', ${porteId}::int)
      from mudou returning 1)`,
  ];
}
