import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { podeCarregarSemGatilhos } from './tsv.js';
import { HOJE } from './dados.js';

/**
 * The registry's operational data, derived set-wise from the generated registrations (plain SQL,
 * so it costs seconds at a million): special regimes, attorneys, notices with their taxpayers and
 * reasons, pendências, REDESIM and Simples Nacional requests with messages, accountants'
 * statements, and the records the manager-system and federal-registry simulators answer from.
 * Every choice is arithmetic on keys, so the same registrations give the same data.
 */
/**
 * The person's main address and first phone, as the federal registry would know them: joins (merge joins
 * over the whole table), not a lateral probe per person, which made receita_cnpj 10 s at 500,000.
 */
const PRINCIPAIS = `left join endereco e on e.numero_pessoa = p.numero_pessoa and e.eh_principal
  left join (select distinct on (numero_pessoa) numero_pessoa, ddd, numero from telefone order by numero_pessoa, id) t on t.numero_pessoa = p.numero_pessoa`;
const ENDERECO_RECEITA = `e.uf, e.municipio_id, e.tipo_logradouro_id, e.logradouro, e.numero, e.complemento, e.bairro, e.cep, t.ddd, t.numero, p.email`;

const STATEMENTS = [
  // Notices. A published one is dated so that its legal effect (30 days on) is past, and cites
  // registrations that existed then; a suspension, inaptitude, closure or nullity has taken effect on
  // them (status, reason, date and a history row naming it), as confirmarPublicacao does.
  ['edital', `insert into edital (sequencial, ano, numero, titulo, tipo_edital_id, situacao_edital_id, data_publicacao, data_efeito_legal, prazo_convocacao,
      numero_processo, numero_pessoa_responsavel, texto, meio_comunicacao, numero_diario, processado, situacao_cadastral_futura_id)
    select g, a.ano, lpad(g::text, 4, '0') || '/' || a.ano, 'EDITAL DE ' || t.descricao || ' Nº ' || lpad(g::text, 4, '0') || '/' || a.ano, t.id, st.s,
      case when st.s in (3, 4) then d.pub end, case when st.s in (3, 4) then d.pub + 30 end,
      case when t.id = 1 then 15 end, 'E:' || lpad((g * 7)::text, 5, '0') || '/' || a.ano, 1 + g % 50,
      'A Secretaria de Estado da Fazenda de Alagoas, no uso de suas atribuições, torna público o presente edital de ' || lower(t.descricao) ||
        ' dos contribuintes relacionados, para os fins previstos no Regulamento do ICMS.',
      'E', case when st.s in (3, 4) then lpad((g * 13 % 9999)::text, 4, '0') end, st.s in (3, 4),
      case t.id when 3 then 2 when 4 then 3 when 5 then 4 when 6 then 5 end
    from generate_series(1, greatest(12, (select count(*) from contribuinte) / 1000)::int) g
    join ref_tipo_edital t on t.id = 1 + g % 6
    cross join lateral (select case g % 10 when 0 then 1 when 1 then 2 when 2 then 4 else 3 end as s) st
    cross join lateral (select date '2020-01-15' + ((g * 7919) % (date '${HOJE}' - 31 - date '2020-01-15'))::int as pub) d
    cross join lateral (select case when st.s in (3, 4) then extract(year from d.pub)::int else 2026 end as ano) a`],
  // The notices' responsible staff (persons 1-50, see edital) form the access-control group GESTOR_EDITAL.
  ['sca_membro', `insert into sca_membro (grupo, numero_pessoa) select 'GESTOR_EDITAL', numero_pessoa from pessoa
    where tipo = 'F' and numero_pessoa between 1 and 50`],
  ['edital_motivo', `insert into edital_motivo (edital_id, motivo_id, principal)
    select e.id, e.situacao_cadastral_futura_id * 100 + 2, true from edital e where e.situacao_cadastral_futura_id is not null`],
  ['edital_contribuinte', `insert into edital_contribuinte (edital_id, contribuinte_id, numero_documento_vinculado, tipo_documento_vinculado_id, observacao)
    select e.id, c.id, case when c.id % 3 = 0 then p.numero_documento end, case when c.id % 3 = 0 then 2 end,
      case when c.id % 7 = 0 then 'Contribuinte não localizado no endereço cadastrado.' end
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    join edital e on e.sequencial = 1 + (c.id / 40) % (select count(*) from edital)
    where c.id % 40 = 0 and c.data_inicio_atividade <= coalesce(e.data_publicacao, date '${HOJE}')
      and (e.data_publicacao is null or e.situacao_cadastral_futura_id is null or (c.situacao_id = 1 and c.data_situacao <= e.data_publicacao))`],
  ['edital (efeito)', `update contribuinte c set situacao_id = e.situacao_cadastral_futura_id, motivo_id = e.situacao_cadastral_futura_id * 100 + 2,
      data_situacao = e.data_efeito_legal
    from edital_contribuinte ec join edital e on e.id = ec.edital_id
    where ec.contribuinte_id = c.id and e.processado and e.situacao_cadastral_futura_id is not null`],
  ['historico_situacao (edital)', `insert into historico_situacao (contribuinte_id, situacao_id, motivo_id, data_alteracao, edital_id)
    select ec.contribuinte_id, e.situacao_cadastral_futura_id, e.situacao_cadastral_futura_id * 100 + 2, e.data_efeito_legal, e.id
    from edital_contribuinte ec join edital e on e.id = ec.edital_id where e.processado and e.situacao_cadastral_futura_id is not null`],
  ['regime_especial_contribuinte', `insert into regime_especial_contribuinte (contribuinte_id, regime_id, tipo_ato_concessorio_id, processo, dt_inicio, dt_fim, situacao, ind_ativo, texto)
    select c.id, 1 + c.id % 8, 1 + c.id % 5, 'E:' || lpad((c.id % 99999)::text, 5, '0') || '/' || extract(year from c.data_inicio_atividade),
      least(c.data_inicio_atividade + (c.id % 300)::int, date '${HOJE}'), case when c.id % 3 = 0 then null else c.data_inicio_atividade + (c.id % 300)::int + 730 end,
      (array['D','D','D','I','R','S'])[1 + c.id % 6], case when c.id % 6 < 4 then 'S' else 'N' end,
      'Concedido nos termos da legislação estadual, mediante requerimento do contribuinte.'
    from contribuinte c where c.id % 33 = 0 and c.situacao_id = 1`],
  // An attorney is a partner of some company (never SEFAZ staff nor an accountant).
  ['procurador', `insert into procurador (contribuinte_id, numero_pessoa_procurador, data_inicio_validade)
    select c.id, s.numero_pessoa_socio, c.data_inicio_atividade
    from contribuinte c join socio s on s.id = 1 + (c.id * 31) % (select max(id) from socio)
    where c.id % 50 = 0`],
  // Pendências of closed months inside the registration's life (from its start to its closure or
  // today), of a kind its regime owes: EFD only where SPED is due, DeSTDA only in the Simples, NF-e
  // divergences only for NF-e issuers; none for MEIs (SIMEI) or voided registrations.
  ['pendencia', `insert into pendencia (contribuinte_id, cnpj, classificacao_id, descricao, acoes_regularizadoras, competencia, prazo, data_regularizacao,
      criticidade_id, situacao_id, origem_id)
    select c.id, p.numero_documento, k.id, k.descricao || ' referente à competência ' || to_char(m.comp, 'MM/YYYY'),
      'Regularizar a obrigação junto à SEFAZ-AL e acompanhar pelo portal do contribuinte.', m.comp, m.comp + 60,
      case when c.id % 4 = 0 then m.comp + 45 end, 1 + c.id % 3, case when c.id % 4 = 0 then 2 else 1 end, k.origem_id
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    cross join lateral (select 1 + (c.id / 10) % 7 as n) x
    join ref_classificacao_irregularidade k on k.id = case
      when x.n = 1 and not c.uso_obrigatorio_sped then 3 when x.n = 2 and not c.eh_optante_simples then 4
      when x.n = 5 and not c.opcao_documento_eletronico then 6 else x.n end
    cross join lateral (select date_trunc('month', c.data_inicio_atividade)::date as primeiro,
      (date_trunc('month', case when c.situacao_id = 4 then c.data_situacao else date '${HOJE}' end) - interval '1 month')::date as ultimo) v
    cross join lateral (select greatest(v.primeiro, (v.ultimo - make_interval(months => (c.id % 24)::int))::date) as comp) m
    where c.id % 10 < 3 and not c.eh_mei and c.situacao_id <> 5 and v.ultimo >= v.primeiro`],
  // A closing at the taxpayer's request (BAIXA A PEDIDO) came through REDESIM: its request (event 407,
  // granted) is dated the day of the closing. Other requests: registration or changes, on the start day.
  ['solicitacao', `insert into solicitacao (sistema, protocolo, cnpj, nome_empresarial, data_solicitacao, status_rds_id, codigos_eventos, contribuinte_id, detalhe)
    select 'RDS', 'ALP' || lpad(c.id::text, 10, '0'), p.numero_documento, p.nome,
      case when c.motivo_id = 401 then c.data_situacao else c.data_inicio_atividade end + time '10:00' + make_interval(mins => (c.id % 480)::int),
      case when c.motivo_id = 401 then 4 else
      case c.id / 5 % 20 when 12 then 5 when 13 then 1 when 14 then 11 when 15 then 10 when 16 then 6 when 17 then 8 when 18 then 9 when 19 then 2 else 4 end end,
      case when c.motivo_id = 401 then '407' when c.id % 2 = 0 then '101' else '211,244' end, c.id,
      jsonb_build_object('identificacao', jsonb_build_object('nomeEmpresarial', p.nome, 'nomFantasia', p.nome_fantasia, 'numCnpj', p.numero_documento,
        'naturezaJuridicaCad', p.natureza_juridica_id, 'porteEnquadramento', c.porte_id, 'valorCapitalSocial', c.valor_capital_social,
        'simplesNacional', jsonb_build_object('indSimplesNacional', case when c.eh_optante_simples then 'S' else 'N' end)))
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where c.id % 5 = 0 or c.motivo_id = 401`],
  ['solicitacao (CSN)', `insert into solicitacao (sistema, protocolo, cnpj, nome_empresarial, data_solicitacao, status_csn_id, codigos_eventos, contribuinte_id)
    select 'CSN', lpad((c.id * 7)::text, 12, '0'), p.numero_documento, p.nome, c.data_inicio_atividade + time '14:00',
      case c.id / 25 % 10 when 7 then 2 when 8 then 3 when 9 then 7 else 1 end, '301', c.id
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where c.id % 25 = 0 and c.eh_optante_simples`],
  ['solicitacao_mensagem', `insert into solicitacao_mensagem (solicitacao_id, dth_processamento, mensagem)
    select s.id, s.data_solicitacao + interval '5 minutes', 'Solicitação recebida e registrada no Cadastro.' from solicitacao s
    union all
    select s.id, least(s.data_solicitacao + interval '1 day', timestamp '${HOJE} 23:00'), case when s.status_rds_id in (5, 6, 7, 3) or s.status_csn_id in (2, 3)
      then 'Solicitação indeferida: divergência entre os dados informados e o Cadastro.' else 'Solicitação processada.' end
    from solicitacao s where s.id % 2 = 0`],
  ['manifestacao', `insert into manifestacao (contribuinte_id, numero_pessoa_contador, tipo, data_manifestacao, ind_ativo)
    select cc.contribuinte_id, cc.numero_pessoa_contador, case when cc.contribuinte_id % 10 = 0 then 2 else 1 end,
      least(cc.data_inicio + 400, date '2026-11-01') + time '09:30', 'S'
    from contribuinte_contador cc where cc.contribuinte_id % 5 < 2`],
  ['gestor_contribuinte', `insert into gestor_contribuinte (cnpj, numero_caceal, razao_social, situacao_pessoa)
    select p.numero_documento, c.numero_caceal,
      -- A few records differ from the registry, as a manager system's would: a new name, a suspension.
      case when c.id % 100 = 0 then left(p.nome || ' EM RECUPERAÇÃO JUDICIAL', 150) else p.nome end,
      case when c.id % 130 = 0 and s.id = 1 then 'SUSPENSO' else s.descricao end
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    join ref_situacao_cadastral s on s.id = c.situacao_id
    where c.indicador_matriz = 'M' and c.id % 10 = 0 on conflict do nothing`],
  ['receita_cnpj', `insert into receita_cnpj (cnpj, razao_social, situacao, motivo, data_situacao, cpf_responsavel, nome_responsavel,
      uf, municipio_id, tipo_logradouro_id, logradouro, numero, complemento, bairro, cep, ddd, telefone, email)
    select p.numero_documento, p.nome, coalesce(c.situacao_pj, 'ATIVA'),
      case c.situacao_pj when 'BAIXADA' then 'EXTINÇÃO POR ENCERRAMENTO LIQUIDAÇÃO VOLUNTÁRIA' when 'INAPTA' then 'OMISSÃO DE DECLARAÇÕES' end,
      c.data_situacao, coalesce(r2.numero_documento, rp.numero_documento), coalesce(r2.nome, rp.nome),
      ${ENDERECO_RECEITA}
    from pessoa p
    -- The CNPJ's latest registration (one CNPJ, one Receita status).
    left join (select distinct on (numero_pessoa) numero_pessoa, situacao_pj, data_situacao from contribuinte order by numero_pessoa, id desc) c
      on c.numero_pessoa = p.numero_pessoa
    ${PRINCIPAIS}
    left join responsavel r on r.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa)
    left join pessoa rp on rp.numero_pessoa = r.numero_pessoa_responsavel
    -- One in fifty: the Receita knows another responsible (a divergence the screens show).
    left join lateral (select numero_documento, nome from pessoa where numero_pessoa = 1 + p.numero_pessoa % 97 and p.numero_pessoa % 50 = 0) r2 on true
    where p.tipo = 'J'`],
  ['receita_cpf', `insert into receita_cpf (cpf, nome, situacao, uf, municipio_id, tipo_logradouro_id, logradouro, numero, complemento, bairro, cep, ddd, telefone, email)
    select p.numero_documento, p.nome, case when p.numero_pessoa % 100 = 0 then 'PENDENTE DE REGULARIZAÇÃO' else 'REGULAR' end, ${ENDERECO_RECEITA}
    from pessoa p ${PRINCIPAIS} where p.tipo = 'F'`],
  ['infoconv_consulta', `insert into infoconv_consulta (cnpj, razao_social, situacao_cadastral, motivo, data_consulta, sistema)
    select r.cnpj, r.razao_social, r.situacao, r.motivo, timestamp '2026-01-05 08:00' + make_interval(days => n::int, hours => (n % 9)::int),
      case when n % 3 = 0 then 'rds' else 'cad' end
    from (select r.*, row_number() over (order by r.cnpj) n from receita_cnpj r limit 120) r`],
] as const satisfies readonly (readonly [string, string])[];

type Passo = (typeof STATEMENTS)[number][0];
/**
 * The steps in three groups: the notices first (their effect changes registrations the others read),
 * then two lanes that read nothing the other writes, each a transaction on a connection of its own —
 * on 2 cores one statement at a time left a core idle (docs/performance.md). Every step is in one group.
 */
const PRIMEIRO: readonly Passo[] = ['edital', 'sca_membro', 'edital_motivo', 'edital_contribuinte', 'edital (efeito)', 'historico_situacao (edital)'];
const FAIXAS: readonly (readonly Passo[])[] = [
  ['receita_cnpj', 'receita_cpf', 'infoconv_consulta'],
  ['regime_especial_contribuinte', 'procurador', 'pendencia', 'solicitacao', 'solicitacao (CSN)', 'solicitacao_mensagem', 'manifestacao', 'gestor_contribuinte'],
];
export const GRUPOS_OPERACAO = [PRIMEIRO, ...FAIXAS];
/** Every step's name (the groups must hold each once: gerador.test.ts). */
export const PASSOS_OPERACAO: readonly string[] = STATEMENTS.map(([name]) => name);
const TEXTO = new Map<string, string>(STATEMENTS);

/**
 * Each group one transaction. Where the role may (a superuser: PGlite, the bench clusters), it runs as a
 * replica: no triggers — the counters they keep (resumo, outra UF, divergências) are recounted set-wise by
 * seedRegistry afterwards, and the foreign keys hold by construction. Row by row, the statement
 * triggers' transition tables made the substitutes' addresses alone take minutes at 500,000.
 */
export async function generateOperationalData(db: Database, tempos?: Record<string, number>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const grupo = (passos: readonly Passo[]) => db.db.transaction(async (tx) => {
    if (await podeCarregarSemGatilhos(tx)) await tx.execute(sql`set local session_replication_role = replica`);
    for (const name of passos) {
      const t0 = performance.now();
      const r = (await tx.execute(sql.raw(TEXTO.get(name)!))) as unknown as { rowCount?: number; affectedRows?: number };
      counts[name] = r.rowCount ?? r.affectedRows ?? 0;
      if (tempos) tempos[name] = performance.now() - t0;
    }
  });
  await grupo(PRIMEIRO);
  await Promise.all(FAIXAS.map(grupo));
  // The report's order: the statements' own.
  return Object.fromEntries(STATEMENTS.map(([name]) => [name, counts[name] ?? 0]));
}
