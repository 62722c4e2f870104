import { sql, type SQL } from 'drizzle-orm';
import { formatCep, type MensagemSolicitacao, type SolicitacaoCsn, type SolicitacaoPublica, type SolicitacaoRds } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { RedesimIndisponivel, type FiltroSolicitacoes, type RedesimPort } from './port.js';

const instante = (v: unknown) => new Date(String(v)).toISOString();
const dia = (v: unknown) => String(v).slice(0, 10);
/** A day in Alagoas (UTC−3, no daylight saving) as an instant range, so the (cnpj | data) indexes serve it. */
const doDia = (d: string) => sql`s.data_solicitacao >= (${d} || ' 00:00-03')::timestamptz and s.data_solicitacao < ((${d}::date + 1)::text || ' 00:00-03')::timestamptz`;

/**
 * The product's situation the simulator reports for a REDESIM status (REDESIM sends it; the seed
 * keeps only the status): in analysis, in requirement, issued, rejected, cancelled, suspended.
 */
const SITUACAO_POR_STATUS: Readonly<Record<number, string>> = {
  1: 'EM ANÁLISE', 12: 'EM ANÁLISE', 11: 'EM EXIGÊNCIA', 2: 'EMITIDA', 4: 'EMITIDA', 15: 'EMITIDA',
  3: 'INDEFERIDA', 5: 'INDEFERIDA', 7: 'INDEFERIDA', 13: 'INDEFERIDA', 14: 'INDEFERIDA', 16: 'INDEFERIDA', 8: 'CANCELADA', 10: 'SUSPENSA',
};

interface Linha {
  id: string | number;
  sistema: 'RDS' | 'CSN';
  protocolo: string;
  cnpj: string;
  nome_empresarial: string;
  data_solicitacao: string;
  codigos_eventos: string | null;
  status: number;
  descricao: string;
  contribuinte_id: string | number | null;
  detalhe: Record<string, unknown>;
}
const LINHA = sql`select s.id, s.sistema, s.protocolo, s.cnpj, s.nome_empresarial, s.data_solicitacao, s.codigos_eventos, s.contribuinte_id, s.detalhe,
    coalesce(s.status_rds_id, s.status_csn_id) as status, coalesce(r.descricao, c.descricao) as descricao
  from solicitacao s left join ref_status_processamento_rds r on r.id = s.status_rds_id left join ref_status_processamento_csn c on c.id = s.status_csn_id`;

const rds = (l: Linha): SolicitacaoRds => ({
  numProtocoloRedesim: l.protocolo, codTipoStatusProcessamento: Number(l.status), dscTipoStatusProcessamento: l.descricao, numCnpj: l.cnpj,
  nomEmpresarial: l.nome_empresarial, dthSolicitacao: instante(l.data_solicitacao), codEventosUnificados: l.codigos_eventos,
});
const csn = (l: Linha): SolicitacaoCsn => ({
  numReciboSolicitacao: l.protocolo, numIdentificacaoSolicitacao: String(l.id), numCnpj: l.cnpj, nomEmpresarial: l.nome_empresarial,
  codTipoStatusProcessamento: Number(l.status), dscTipoStatusProcessamento: l.descricao, datEvento: dia(instante(l.data_solicitacao)), codEvento: l.codigos_eventos,
});

/**
 * The built-in simulator on the seeded `solicitacao` / `solicitacao_mensagem` tables. The request's
 * own record carries the protocol, status, events and the identification REDESIM sent; the blocks
 * REDESIM would send beside it (address, activities, accountant, QSA) are read from the registration
 * the request is linked to. The simulador_estado row 'redesim' with disponivel = false makes every
 * call fail like a system that is down.
 */
export function redesimSimulador(db: DbOrTx): RedesimPort {
  const disponivel = async () => {
    const r = await queryOne<{ disponivel: boolean }>(db, sql`select disponivel from simulador_estado where sistema = 'redesim'`);
    if (r && !r.disponivel) throw new RedesimIndisponivel();
  };
  const rdsDe = async (protocolo: string) => {
    await disponivel();
    return (await queryOne<Linha>(db, sql`${LINHA} where s.sistema = 'RDS' and s.protocolo = ${protocolo}`)) ?? null;
  };
  /** A block read from the linked registration; null when the request is unknown, empty when unlinked. */
  const doRegistro = async <T>(protocolo: string, q: (contribuinteId: number) => SQL, map: (rows: Record<string, unknown>[]) => T, vazio: T): Promise<T | null> => {
    const l = await rdsDe(protocolo);
    if (!l) return null;
    if (l.contribuinte_id === null) return vazio;
    return map(await query<Record<string, unknown>>(db, q(Number(l.contribuinte_id))));
  };
  const texto = (v: unknown) => (v === null || v === undefined ? null : String(v));

  return {
    uri: 'simulator:redesim',
    mode: 'simulator',
    async consultar(f: FiltroSolicitacoes) {
      await disponivel();
      const where: SQL[] = [];
      if (f.cnpj) where.push(sql`s.cnpj = ${f.cnpj}`);
      if (f.dataSolicitacao) where.push(doDia(f.dataSolicitacao));
      if (f.situacao !== undefined) where.push(sql`coalesce(s.status_rds_id, s.status_csn_id) = ${f.situacao}`);
      const linhas = await query<Linha>(db, sql`${LINHA} where ${sql.join(where, sql` and `)} order by s.data_solicitacao desc, s.id desc limit 500`);
      return { rds: linhas.filter((l) => l.sistema === 'RDS').map(rds), csn: linhas.filter((l) => l.sistema === 'CSN').map(csn) };
    },
    cnpjDe: async (protocolo) => (await rdsDe(protocolo))?.cnpj ?? null,
    async solicitacao(protocolo) {
      const l = await rdsDe(protocolo);
      if (!l) return null;
      const codigos = (l.codigos_eventos ?? '').split(',').map((c) => c.trim()).filter(Boolean);
      const nomes = codigos.length
        ? await query<{ id: number; descricao: string }>(db, sql`select id, descricao from ref_tipo_evento where id in (${sql.join(codigos.map((c) => sql`${Number(c) || 0}`), sql`, `)})`)
        : [];
      return {
        numProtocoloRedesim: l.protocolo, dthSolicitacao: instante(l.data_solicitacao), codTipoStatusProcessamento: Number(l.status),
        dscTipoStatusProcessamento: l.descricao, numCnpj: l.cnpj, nomEmpresarial: l.nome_empresarial, produto: 'INSCRIÇÃO ESTADUAL',
        situacao: SITUACAO_POR_STATUS[Number(l.status)] ?? null,
        solicitacaoEventos: codigos.map((c) => ({ codEvento: c, dscEvento: nomes.find((n) => String(n.id) === c)?.descricao ?? null })),
      };
    },
    async identificacao(protocolo) {
      const l = await rdsDe(protocolo);
      if (!l) return null;
      const id = (l.detalhe.identificacao ?? {}) as Record<string, unknown>;
      const r = l.contribuinte_id === null ? undefined : await queryOne<Record<string, unknown>>(db, sql`select
          (select k.codigo || ' - ' || k.descricao from ref_natureza_juridica k where k.id = ${Number(id.naturezaJuridicaCad ?? 0)}) as natureza,
          (select json_build_object('linha', concat_ws(' - ', concat_ws(' ', tl.descricao, e.logradouro) || ', ' || coalesce(e.numero, 'S/N'), e.complemento, e.bairro, m.nome || '/' || m.uf), 'cep', e.cep)
             from endereco e left join ref_tipo_logradouro tl on tl.id = e.tipo_logradouro_id left join ref_municipio m on m.id = e.municipio_id
             where e.numero_pessoa = c.numero_pessoa and e.eh_principal) as endereco,
          (select coalesce(array_agg(f.descricao order by f.id), '{}') from contribuinte_forma_atuacao x join ref_forma_atuacao f on f.id = x.forma_atuacao_id where x.contribuinte_id = c.id) as formas,
          (select coalesce(array_agg(u.descricao order by u.id), '{}') from contribuinte_tipo_unidade x join ref_tipo_unidade u on u.id = x.tipo_unidade_id where x.contribuinte_id = c.id) as tipos,
          (select json_build_object('numCpf', rp.numero_documento, 'nome', rp.nome) from pessoa p join responsavel x on x.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa)
             join pessoa rp on rp.numero_pessoa = x.numero_pessoa_responsavel where p.numero_pessoa = c.numero_pessoa limit 1) as responsavel
        from contribuinte c where c.id = ${Number(l.contribuinte_id)}`);
      const tipos = (r?.tipos as string[] | undefined) ?? [];
      const endereco = r?.endereco as { linha: string; cep: string | null } | null | undefined;
      return {
        nomeEmpresarial: String(id.nomeEmpresarial ?? l.nome_empresarial), nomFantasia: texto(id.nomFantasia), numCnpj: l.cnpj,
        naturezaJuridicaCad: texto(r?.natureza), porteEnquadramento: id.porteEnquadramento == null ? null : Number(id.porteEnquadramento),
        valorCapitalSocial: texto(id.valorCapitalSocial),
        simplesNacional: { indSimplesNacional: (id.simplesNacional as { indSimplesNacional?: string } | undefined)?.indSimplesNacional === 'S' ? 'S' : 'N' },
        endereco: endereco ? [endereco.linha, endereco.cep && `CEP ${formatCep(endereco.cep)}`].filter(Boolean).join(' - ') : null, formaAtuacaoEmpresas: (r?.formas as string[] | undefined) ?? [], tiposUnidades: tipos, dscTipoUnidade: tipos[0] ?? null,
        responsavelLegal: (r?.responsavel as { numCpf: string; nome: string } | null | undefined) ?? null,
      };
    },
    atividades: (protocolo) =>
      doRegistro(protocolo, (c) => sql`select a.cnae, k.descricao, a.eh_principal from atividade_contribuinte a join ref_cnae k on k.id = a.cnae
        where a.contribuinte_id = ${c} order by a.eh_principal desc, a.cnae`,
      (rows) => rows.map((a) => ({ codigoCnae: String(a.cnae), descricao: String(a.descricao), principal: Boolean(a.eh_principal) })), []),
    contabilista: (protocolo) =>
      doRegistro(protocolo, (c) => sql`select p.numero_documento, p.nome, k.crc_uf || k.crc_numero || coalesce(k.crc_tipo_inscricao, '') || coalesce(k.crc_digito::text, '') as crc from contribuinte_contador x
        join pessoa p on p.numero_pessoa = x.numero_pessoa_contador left join contador k on k.numero_pessoa = x.numero_pessoa_contador where x.contribuinte_id = ${c}`,
      (rows) => (rows[0] ? { numDocumento: String(rows[0].numero_documento), nome: String(rows[0].nome), crc: texto(rows[0].crc) } : null), null),
    qsa: (protocolo) =>
      doRegistro(protocolo, (c) => sql`select ps.numero_documento, ps.nome, q.descricao as qualificacao from contribuinte ct join pessoa p on p.numero_pessoa = ct.numero_pessoa
        join socio s on s.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa) join pessoa ps on ps.numero_pessoa = s.numero_pessoa_socio
        join ref_qualificacao q on q.id = s.qualificacao_id where ct.id = ${c} order by ps.nome`,
      (rows) => rows.map((s) => ({ numDocumento: String(s.numero_documento), nome: String(s.nome), qualificacaoSocioList: [String(s.qualificacao)] })), []),
    async mensagens(protocolo) {
      const l = await rdsDe(protocolo);
      if (!l) return null;
      return mensagensDe(db, [Number(l.id)]).then((m) => m.get(Number(l.id)) ?? []);
    },
    async publica(q) {
      await disponivel();
      const quem = q.protocolo !== undefined ? sql`s.protocolo = ${q.protocolo}` : sql`s.cnpj = ${q.cnpj!}`;
      const linhas = await query<Linha>(db, sql`${LINHA} where ${quem} and ${doDia(q.dataSolicitacao)} order by s.data_solicitacao desc limit 50`);
      const mensagens = await mensagensDe(db, linhas.map((l) => Number(l.id)));
      return linhas.map((l): SolicitacaoPublica => ({
        sistema: l.sistema, protocolo: l.protocolo, numCnpj: l.cnpj, nomEmpresarial: l.nome_empresarial, dthSolicitacao: instante(l.data_solicitacao),
        codTipoStatusProcessamento: Number(l.status), dscTipoStatusProcessamento: l.descricao, mensagens: mensagens.get(Number(l.id)) ?? [],
      }));
    },
    ping: async () => true,
  };
}

async function mensagensDe(db: DbOrTx, ids: number[]): Promise<Map<number, MensagemSolicitacao[]>> {
  const out = new Map<number, MensagemSolicitacao[]>();
  if (!ids.length) return out;
  const rows = await query<{ solicitacao_id: string | number; dth_processamento: string; mensagem: string }>(db, sql`select solicitacao_id, dth_processamento, mensagem
    from solicitacao_mensagem where solicitacao_id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by dth_processamento, id`);
  for (const r of rows) {
    const k = Number(r.solicitacao_id);
    out.set(k, [...(out.get(k) ?? []), { dthProcessamento: instante(r.dth_processamento), dscMensagem: r.mensagem }]);
  }
  return out;
}
