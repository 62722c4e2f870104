import { sql } from 'drizzle-orm';
import { AuditMessage, type Alteracao, type EventoListado, type EventoSalvo, type PaginaEventos, type SalvarEvento } from '@cadastro/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { auditChange } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors/problem.js';
import { aplicarDadosCadastrais, type Registro } from './evento-dados.js';
import { aplicarAtividades, aplicarContador, aplicarProcuradores, aplicarRegimes, aplicarResponsavel, aplicarSocios } from './evento-blocos.js';

/** The issue's wording of a stale save (the registration as a whole, not one record). */
export const CADASTRO_ALTERADO = 'O cadastro foi alterado por outra pessoa; consulte novamente.';

type Evento = z.output<typeof SalvarEvento>;

/**
 * POST eventos: one registry event in ONE transaction (the caller's) — the registration locked and its
 * version checked, every block validated and applied, the event row with its field-by-field changes,
 * the audit row. Any refusal throws, and the transaction writes nothing.
 */
export async function salvarEvento(tx: DbOrTx, login: string, e: Evento): Promise<EventoSalvo> {
  const r = await queryOne<{ id: number; numero_caceal: number; numero_pessoa: number; raiz: number; raiz_cnpj: string | null; version: number }>(
    tx,
    sql`select c.id, c.numero_caceal, c.numero_pessoa, coalesce(p.numero_pessoa_raiz, p.numero_pessoa) as raiz, p.raiz_cnpj, c.version
      from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where c.numero_caceal = ${e.numeroCaceal} for update of c`,
  );
  if (!r || Number(r.numero_pessoa) !== e.numeroPessoa) throw notFound('Nenhum registro encontrado.');
  // Locked: a concurrent save of the same registration waits here, then finds the version moved on.
  if (Number(r.version) !== e.version) throw conflict(CADASTRO_ALTERADO);
  const reg: Registro = {
    id: Number(r.id), numeroCaceal: Number(r.numero_caceal), numeroPessoa: Number(r.numero_pessoa), raiz: Number(r.raiz), raizCnpj: r.raiz_cnpj, version: Number(r.version),
  };

  const [ev] = await query<{ id: number }>(tx, sql`insert into evento_alteracao
      (contribuinte_id, numero_pessoa, processo, ato_declaratorio, protocolo_redesim, data_evento, data_legal, usuario, alteracoes)
    values (${reg.id}, ${reg.numeroPessoa}, ${e.processo}, ${e.atoDeclaratorio || null}, ${e.protocoloRedesim || null}, ${e.dataEvento}, ${e.dataLegal}, ${login}, '{}'::jsonb)
    returning id`);
  const eventoId = Number(ev!.id);

  const alteracoes: Alteracao[] = [];
  let portePropagado = 0;
  if (e.dadosCadastrais) {
    const d = await aplicarDadosCadastrais(tx, login, reg, eventoId, e.dadosCadastrais);
    alteracoes.push(...d.alteracoes);
    portePropagado = d.portePropagado;
  }
  if (e.atividades) alteracoes.push(...(await aplicarAtividades(tx, reg, e.atividades)));
  if (e.contador) alteracoes.push(...(await aplicarContador(tx, reg, e.contador)));
  if (e.procuradores) alteracoes.push(...(await aplicarProcuradores(tx, reg, e.procuradores)));
  if (e.responsavel) alteracoes.push(...(await aplicarResponsavel(tx, reg, e.responsavel)));
  if (e.socios) alteracoes.push(...(await aplicarSocios(tx, reg, e.socios)));
  if (e.regimesEspeciais) alteracoes.push(...(await aplicarRegimes(tx, reg, e.regimesEspeciais)));
  // An event that changes nothing would only add noise to the timeline.
  if (!alteracoes.length) throw badRequest('Nenhuma alteração a registrar.', { message: 'error.evento.nadaAlterado' });

  const [novo] = await query<{ version: number }>(tx, sql`update contribuinte set version = version + 1, updated_at = now() where id = ${reg.id} returning version`);
  await tx.execute(sql`update evento_alteracao set alteracoes = ${JSON.stringify({ alteracoes })}::jsonb where id = ${eventoId}`);
  const imagem = (lado: 'antes' | 'depois') =>
    Object.fromEntries(alteracoes.map((a) => [`${a.aba}.${a.campo}${a.chave ? `[${a.chave}]` : ''}`, a[lado]]));
  await auditChange(tx, login, 'Contribuinte', reg.id, { evento: eventoId, version: reg.version, ...imagem('antes') }, { evento: eventoId, version: Number(novo!.version), ...imagem('depois') }, AuditMessage.REGISTRY_EVENT);
  return { id: eventoId, version: Number(novo!.version), mensagem: 'eventoRegistrado', portePropagado };
}

/** GET eventos/listar: a registration's events, newest first, one statement (page + total). */
export async function listarEventos(db: DbOrTx, numeroCaceal: number, page: number, size: number): Promise<PaginaEventos | null> {
  const c = await queryOne<{ id: number }>(db, sql`select id from contribuinte where numero_caceal = ${numeroCaceal}`);
  if (!c) return null;
  const linhas = await query<Omit<EventoListado, 'alteracoes' | 'id'> & { id: number; alteracoes: { alteracoes?: Alteracao[] } | string; total: number }>(
    db,
    sql`select id, processo, ato_declaratorio as "atoDeclaratorio", protocolo_redesim as "protocoloRedesim", data_evento::text as "dataEvento",
        data_legal::text as "dataLegal", usuario, to_char(registrado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "registradoEm", alteracoes,
        count(*) over () as total
      from evento_alteracao where contribuinte_id = ${Number(c.id)} order by registrado_em desc, id desc limit ${size} offset ${page * size}`,
  );
  const total = linhas.length ? Number(linhas[0]!.total) : page === 0 ? 0 : Number((await queryOne<{ n: number }>(db, sql`select count(*)::int as n from evento_alteracao where contribuinte_id = ${Number(c.id)}`))?.n ?? 0);
  return {
    content: linhas.map((l) => {
      const a = typeof l.alteracoes === 'string' ? (JSON.parse(l.alteracoes) as { alteracoes?: Alteracao[] }) : l.alteracoes;
      return {
        id: Number(l.id), processo: l.processo, atoDeclaratorio: l.atoDeclaratorio, protocoloRedesim: l.protocoloRedesim, dataEvento: l.dataEvento,
        dataLegal: l.dataLegal, usuario: l.usuario, registradoEm: l.registradoEm, alteracoes: a.alteracoes ?? [],
      };
    }),
    totalElements: total,
    totalPages: Math.ceil(total / size),
  };
}

