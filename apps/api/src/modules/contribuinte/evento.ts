import { sql } from 'drizzle-orm';
import { AuditMessage, AuditType, violacaoAtividadesMeiNoEvento, violacaoData, violacaoNovoPorte, violacaoSociedadeSimples, type Alteracao, type EventoListado, type EventoSalvo, type PaginaEventos, type SalvarEvento } from '@cadastro/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { badRequest, conflict, notFound } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';
import { aplicarDadosCadastrais, propagacaoPorte, type Registro } from './evento-dados.js';
import { aplicarAtividades, aplicarContador, aplicarProcuradores, aplicarRegimes, aplicarResponsavel } from './evento-blocos.js';
import { aplicarEnderecos } from './evento-enderecos.js';
import { lerEstado } from './evento-estado.js';
import { exigirPorteNasIrmas, travarRaiz } from './evento-porte.js';
import { aplicarSocios } from './evento-socios.js';
import { guardaVersoes, travarPessoas } from './evento-versoes.js';

/** The issue's wording of a stale save (the registration as a whole, not one record). */
export const CADASTRO_ALTERADO = 'O cadastro foi alterado por outra pessoa; consulte novamente.';

type Evento = z.output<typeof SalvarEvento>;

/**
 * POST eventos: one registry event in ONE transaction (the caller's) — the registration locked and its
 * version checked, every block validated and applied, the event row with its field-by-field changes,
 * the audit row. Any refusal throws, and the transaction writes nothing.
 *
 * What the registration shares with others (phones, addresses, e-mail, the head office's QSA and
 * responsible, partners' addresses) is locked first and written only from the versions the screen read
 * (evento-versoes: stale → 409 naming the part). Round trips are what an event costs under load, so: ONE
 * statement reads the registration's lock, the version, the
 * current state of the tabs sent and every reference they name (evento-estado); each tab writes only
 * what changed, in one statement (writable CTEs, multi-row inserts from a JSON recordset); ONE final
 * statement inserts the event row, bumps the version, writes the audit row and propagates the porte.
 */
export async function salvarEvento(tx: DbOrTx, login: string, e: Evento): Promise<EventoSalvo> {
  // Issue 29: what the registration shares with others is locked first, then read (see evento-versoes).
  await travarPessoas(tx, e);
  await travarRaiz(tx, e);
  const estado = await lerEstado(tx, e);
  if (!estado || Number(estado.numero_pessoa) !== e.numeroPessoa) throw notFound('Nenhum registro encontrado.');
  // Locked: a concurrent save of the same registration waits in lerEstado, then finds the version moved on.
  if (Number(estado.version) !== e.version) throw conflict(CADASTRO_ALTERADO);
  const reg: Registro = {
    id: Number(estado.id), numeroCaceal: Number(estado.numero_caceal), numeroPessoa: Number(estado.numero_pessoa), raiz: Number(estado.raiz),
    raizCnpj: estado.raiz_cnpj, version: Number(estado.version),
  };
  // Issue 30: the event's dates are real (not after today, not before the company started).
  const desde = { dia: estado.inicio_empresa, regra: 'dataAntesInicioAtividade' } as const;
  exigirRegras('processo', '', violacaoData(e.dataEvento, 'dataEvento', desde), violacaoData(e.dataLegal, 'dataLegal', desde));
  // LC 123/2006: a new porte must fit the nature and the MEI/Simples flags (the table's check follows the porte).
  exigirRegras('dadosCadastrais', 'dadosCadastrais.', violacaoNovoPorte({
    naturezaJuridicaId: estado.natureza, porteId: estado.porte_id, ehMei: estado.eh_mei, ehOptanteSimples: estado.eh_optante_simples,
  }, e.dadosCadastrais?.porteId));
  // CGSN 140/2018 art. 100, Anexo XI: a MEI (after this event) carries only allowed occupations — judged
  // on the activities sent, or on the stored ones when the event makes the registration a MEI.
  const mei = violacaoAtividadesMeiNoEvento({ ehMei: estado.eh_mei, porteId: estado.porte_id }, e.dadosCadastrais ? e.dadosCadastrais.porteId : undefined,
    e.atividades?.map((a) => a.codigoCnae), estado.cnaes_atuais ?? []);
  if (mei) exigirRegras(mei.aba, `${mei.aba}.`, mei.violacao);
  // CC art. 982: an empresário's activity makes the society empresária, never a 224-0 (issue 42).
  if (e.atividades) exigirRegras('atividades', 'atividades.', violacaoSociedadeSimples(estado.natureza, e.atividades.map((a) => a.codigoCnae)));
  // Issue 39 §6: the porte propagated to the CNPJ root's other registrations is judged on each of them.
  const porteNovo = e.dadosCadastrais?.porteId;
  if (porteNovo != null && porteNovo !== estado.porte_id) exigirPorteNasIrmas(estado.irmas ?? [], estado.natureza, porteNovo);
  const { conferir, atualizar } = guardaVersoes(e, reg.numeroPessoa, Number(estado.versao_contato), estado.versoes, !!estado.contato_compartilhado);

  const alteracoes: Alteracao[] = [];
  let propagar = false;
  if (e.dadosCadastrais) {
    const d = await aplicarDadosCadastrais(tx, reg, estado.dados!, e.dadosCadastrais, conferir);
    alteracoes.push(...d.alteracoes);
    propagar = d.portePropagado;
    if (e.dadosCadastrais.enderecos) {
      alteracoes.push(...(await aplicarEnderecos(tx, [{
        numeroPessoa: reg.numeroPessoa, lista: e.dadosCadastrais.enderecos, caminho: 'dadosCadastrais.enderecos', aba: 'dadosCadastrais', campo: 'endereco', prefixo: '',
      }], estado.enderecos ?? [], estado.refs_endereco!, conferir)));
    }
  }
  if (e.atividades) alteracoes.push(...(await aplicarAtividades(tx, reg, estado.atividades!, e.atividades)));
  if (e.contador) alteracoes.push(...(await aplicarContador(tx, reg, estado.outros, e.contador)));
  if (e.procuradores) alteracoes.push(...(await aplicarProcuradores(tx, reg, estado.outros, e.procuradores)));
  if (e.responsavel) alteracoes.push(...(await aplicarResponsavel(tx, reg, estado.outros, e.responsavel, conferir, estado.natureza)));
  if (e.socios) alteracoes.push(...(await aplicarSocios(tx, login, reg, estado, e.socios, conferir)));
  if (e.regimesEspeciais) alteracoes.push(...(await aplicarRegimes(tx, reg, estado.outros, e.regimesEspeciais)));
  // An event that changes nothing would only add noise to the timeline.
  if (!alteracoes.length) throw badRequest('Nenhuma alteração a registrar.', { message: 'error.evento.nadaAlterado' });

  const imagem = (lado: 'antes' | 'depois') =>
    JSON.stringify(Object.fromEntries(alteracoes.map((a) => [`${a.aba}.${a.campo}${a.chave ? `[${a.chave}]` : ''}`, a[lado]])));
  const versoes = atualizar(reg.numeroCaceal);
  const extras = [...(versoes ? [versoes] : []), ...(propagar ? propagacaoPorte(login, reg, e.dadosCadastrais!.porteId!) : [])];
  const [fim] = await query<{ id: number; version: number; propagado: number }>(
    tx,
    sql`with ev as (insert into evento_alteracao
        (contribuinte_id, numero_pessoa, processo, ato_declaratorio, protocolo_redesim, data_evento, data_legal, usuario, alteracoes)
        values (${reg.id}, ${reg.numeroPessoa}, ${e.processo}, ${e.atoDeclaratorio || null}, ${e.protocoloRedesim || null}, ${e.dataEvento}, ${e.dataLegal}, ${login},
          ${JSON.stringify({ alteracoes })}::jsonb)
        returning id),
      v as (update contribuinte set version = version + 1, updated_at = now() where id = ${reg.id} returning version),
      aud as (insert into evento_auditoria (principal, event_type, entity, entity_id, data, before, after)
        select ${login}, ${AuditType.ENTITY_UPDATED}, 'Contribuinte', ${String(reg.id)}, jsonb_build_object('message', ${AuditMessage.REGISTRY_EVENT}::text),
          jsonb_build_object('evento', ev.id, 'version', ${reg.version}::int) || ${imagem('antes')}::jsonb,
          jsonb_build_object('evento', ev.id, 'version', v.version) || ${imagem('depois')}::jsonb
        from ev, v returning 1)
      ${extras.length ? sql`, ${sql.join(extras, sql`, `)}` : sql``}
    select ev.id, v.version, ${propagar ? sql`(select count(*) from propagado)::int` : sql`0`} as propagado from ev, v`,
  );
  return { id: Number(fim!.id), version: Number(fim!.version), mensagem: 'eventoRegistrado', portePropagado: Number(fim!.propagado) };
}

/** GET eventos/listar: a registration's events, newest first, one statement (page + total). */
export async function listarEventos(db: DbOrTx, numeroCaceal: number, page: number, size: number): Promise<PaginaEventos | null> {
  const c = await queryOne<{ id: number }>(db, sql`select id from contribuinte where numero_caceal = ${numeroCaceal}`);
  if (!c) return null;
  const linhas = await query<Omit<EventoListado, 'alteracoes' | 'id'> & { id: number; alteracoes: { alteracoes?: Alteracao[] } | string; total: number }>(
    db,
    sql`select e.id, processo, ato_declaratorio as "atoDeclaratorio", protocolo_redesim as "protocoloRedesim", data_evento::text as "dataEvento",
        data_legal::text as "dataLegal", e.usuario, to_char(registrado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "registradoEm", alteracoes,
        nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as "nomeUsuario", count(*) over () as total
      from evento_alteracao e left join usuario u on u.login = e.usuario
      where contribuinte_id = ${Number(c.id)} order by registrado_em desc, e.id desc limit ${size} offset ${page * size}`,
  );
  const total = linhas.length ? Number(linhas[0]!.total) : page === 0 ? 0 : Number((await queryOne<{ n: number }>(db, sql`select count(*)::int as n from evento_alteracao where contribuinte_id = ${Number(c.id)}`))?.n ?? 0);
  return {
    content: linhas.map((l) => {
      const a = typeof l.alteracoes === 'string' ? (JSON.parse(l.alteracoes) as { alteracoes?: Alteracao[] }) : l.alteracoes;
      return {
        id: Number(l.id), processo: l.processo, atoDeclaratorio: l.atoDeclaratorio, protocoloRedesim: l.protocoloRedesim, dataEvento: l.dataEvento,
        dataLegal: l.dataLegal, usuario: l.usuario, nomeUsuario: l.nomeUsuario, registradoEm: l.registradoEm, alteracoes: a.alteracoes ?? [],
      };
    }),
    totalElements: total,
    totalPages: Math.ceil(total / size),
  };
}

