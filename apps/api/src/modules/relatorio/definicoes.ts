import { sql, type SQL } from 'drizzle-orm';
import { SITUACOES_CADASTRAIS, TIPOS_CONTRIBUINTE, SITUACAO } from '../../seed/referencia/tabelas.js';
import { dia } from '../../platform/pdf/blocos.js';
import { desc, ordem } from '../../db/pagina.js';
import { relatorio, type Relatorio } from './motor.js';
import type { NomeRelatorio } from '@cadastro/domain';

/**
 * The SQL and printed words of the eleven reports of §2. Every search has its index (migration 0013
 * and the base schema): the period reports walk contribuinte_inicio_idx / solicitacao_data_idx, the
 * no-filter ones partial indexes of the few rows they list.
 */
const CACEAL = sql`c.numero_caceal || '-' || c.digito_caceal`;
const DIA = (col: SQL) => sql`to_char(${col}, 'YYYY-MM-DD')`;
/** The registration with its person, status, reason, taxpayer type and size. */
const BASE = sql`contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
  join ref_situacao_cadastral s on s.id = c.situacao_id left join ref_motivo_situacao m on m.id = c.motivo_id
  left join ref_tipo_contribuinte tc on tc.id = c.tipo_contribuinte_id left join ref_porte po on po.id = c.porte_id`;
/**
 * What a count needs of BASE: the registration alone. BASE's inner joins follow not-null foreign keys
 * (they drop no row) and its left joins follow keys (they add none), so a where-part on `c` counts
 * the same rows; at 1M the person probes were most of a count of 10,000 (e.g. suspensão 140 → 10 ms).
 */
const SO_CONTRIBUINTE = sql`contribuinte c`;
const periodo = (f: { dataInicial: string; dataFinal?: string }) => `Período: ${dia(f.dataInicial)} a ${dia(f.dataFinal ?? f.dataInicial)}`;
const SEM_FILTRO = 'Sem filtros';
/** A start of day in Alagoas (UTC−3, no daylight saving) for timestamp columns. */
const inicioDoDia = (d: string) => sql`(${d}::date + time '00:00') at time zone interval '-03:00'`;
/** REDESIM requests of a period for registrations now closed. */
const baixadas = (f: { dataInicial: string; dataFinal: string }) => sql`sol.sistema = 'RDS' and c.situacao_id = ${SITUACAO.BAIXADO}
  and sol.data_solicitacao >= ${inicioDoDia(f.dataInicial)} and sol.data_solicitacao < ${inicioDoDia(f.dataFinal)} + interval '1 day'`;
const nulos = (f: { dataInicial: string; dataFinal: string }) =>
  sql`c.situacao_id = ${SITUACAO.NULO} and c.data_inicio_atividade between ${f.dataInicial}::date and ${f.dataFinal}::date`;
const vivosDoPeriodo = (f: { dataInicial: string; dataFinal?: string }) => sql`c.situacao_id not in (${SITUACAO.BAIXADO}, ${SITUACAO.NULO})
  and c.data_inicio_atividade between ${f.dataInicial}::date and ${f.dataFinal ?? f.dataInicial}::date`;
const multiplos = (f: { dataInicial: string; dataFinal?: string }) => sql`join pessoa_multiplos_vivos mv on mv.numero_pessoa = c.numero_pessoa
  where ${vivosDoPeriodo(f)}`;
const nomes = (lista: { id: number; descricao: string }[], ids: number[]) => (ids.length ? ids.map((i) => lista.find((x) => x.id === i)?.descricao ?? String(i)).join(', ') : 'todos');

export const RELATORIOS_SQL: { [N in NomeRelatorio]: Relatorio<N> } = {
  solicitacoesBaixadas: relatorio({
    nome: 'solicitacoesBaixadas',
    titulo: 'Solicitações Baixadas',
    colunas: {
      caceal: ['CACEAL', 11], cnpjEmpresa: ['CNPJ', 19], razaoSocial: ['Razão social', 40], situacaoCadastral: ['Situação', 12], motivoSituacaocadastral: ['Motivo', 24],
      tipoEmpresa: ['Tipo de contribuinte', 16], porte: ['Porte', 18], protocoloRedesim: ['Protocolo REDESIM', 16], dataSolicitacao: ['Data da solicitação', 12], evento: ['Evento', 10],
    },
    vazio: 'Nenhum registro encontrado.',
    // Closed registrations and the REDESIM requests that asked for it, by the request's day.
    consulta: (f) => ({
      select: sql`${CACEAL} as caceal, sol.cnpj as "cnpjEmpresa", p.nome as "razaoSocial", s.descricao as "situacaoCadastral", m.descricao as "motivoSituacaocadastral",
        tc.descricao as "tipoEmpresa", po.descricao as porte, sol.protocolo as "protocoloRedesim",
        to_char(sol.data_solicitacao at time zone interval '-03:00', 'YYYY-MM-DD') as "dataSolicitacao", sol.codigos_eventos as evento`,
      from: sql`from solicitacao sol join ${BASE} on c.id = sol.contribuinte_id where ${baixadas(f)}`,
      orderBy: ordem(sql`sol.data_solicitacao`, sql`sol.id`),
      // Counted on two indexes alone (solicitacao_rds_data_idx, contribuinte_baixado_idx): the base's
      // other joins are foreign keys (not null) and drop no row.
      contagem: sql`from solicitacao sol join contribuinte c on c.id = sol.contribuinte_id where ${baixadas(f)}`,
      chave: { id: sql`sol.id` },
    }),
    filtros: periodo,
  }),
  contribuintesAtivos: relatorio({
    nome: 'contribuintesAtivos',
    titulo: 'Contribuintes Ativos',
    colunas: { tipo: ['Tipo', 50], quantidade: ['Quantidade', 16] },
    vazio: 'Nenhum registro encontrado.',
    // The counters the triggers keep (resumo_cadastro, migration 0015): grouping the ~700,000 active
    // registrations took 0.9 s at 1M; the same figures as the home page's picture.
    consulta: (f) =>
      f.tipoConsulta === 'tipo'
        ? {
          select: sql`tc.descricao as tipo, r.quantidade::int as quantidade`,
          from: sql`from resumo_cadastro r join ref_tipo_contribuinte tc on tc.id = r.chave::int where r.grupo = 'tipo' and r.quantidade <> 0`,
          orderBy: ordem(sql`tc.id`),
        }
        : {
          select: sql`case r.chave when 'mei' then 'MEI' when 'simples' then 'SIMPLES NACIONAL (EXCETO MEI)' else 'NÃO OPTANTE PELO SIMPLES NACIONAL' end as tipo,
            r.quantidade::int as quantidade`,
          from: sql`from resumo_cadastro r where r.grupo = 'simples' and r.quantidade <> 0`,
          orderBy: ordem(sql`case r.chave when 'mei' then 1 when 'simples' then 2 else 3 end`),
        },
    filtros: (f) => `Consultar por: ${f.tipoConsulta === 'tipo' ? 'Tipos de Contribuintes' : 'Simples Nacional / MEI'}`,
  }),
  eventos: relatorio({
    nome: 'eventos',
    titulo: 'Eventos Implementados',
    colunas: { codigoEvento: ['Código', 10], descricaoEvento: ['Descrição', 60], indicadorImplementado: ['Implementado', 14] },
    vazio: 'Nenhum registro encontrado.',
    consulta: () => ({
      select: sql`e.id as "codigoEvento", e.descricao as "descricaoEvento", case when e.implementado then 'S' else 'N' end as "indicadorImplementado"`,
      from: sql`from ref_tipo_evento e where e.ativo`,
      orderBy: ordem(sql`e.id`),
    }),
    filtros: () => SEM_FILTRO,
  }),
  cacealForaInteresse: relatorio({
    nome: 'cacealForaInteresse',
    titulo: 'CACEAL com Atividades Fora de Interesse',
    colunas: {
      numCaceal: ['CACEAL', 11], cnpj: ['CNPJ', 19], razaoSocial: ['Razão social', 30], situacaoCadastral: ['Situação', 12], motivoSitucada: ['Motivo', 20],
      tipoEmpresa: ['Tipo de contribuinte', 14], porte: ['Porte', 16],
    },
    lista: { titulo: 'Atividades (CNAE · descrição · de interesse)', largura: 60, colunas: { codigoCnae: ['CNAE', 11], descricao: ['Atividade', 60], ehInteresse: ['De interesse', 12] } },
    vazio: 'NENHUM REGISTRO PARA EXIBIR',
    // One group per registration that has at least one activity outside the State's interest (§2), with
    // all its activities (the principal first) as §7's atividadeEconomicaList: a taxpayer is printed once,
    // not once per activity.
    consulta: (f) => {
      const filtros = sql`${f.tipoContribuinte.length ? sql`and c.tipo_contribuinte_id in (${sql.join(f.tipoContribuinte.map((t) => sql`${t}`), sql`, `)})` : sql``}
        ${f.situacaoCadastral.length ? sql`and c.situacao_id in (${sql.join(f.situacaoCadastral.map((t) => sql`${t}`), sql`, `)})` : sql``}`;
      return {
        select: sql`${CACEAL} as "numCaceal", p.numero_documento as cnpj, p.nome as "razaoSocial", s.descricao as "situacaoCadastral", m.descricao as "motivoSitucada",
          tc.descricao as "tipoEmpresa", po.descricao as porte,
          (select json_agg(json_build_object('codigoCnae', a.cnae, 'descricao', rc.descricao, 'ehInteresse', case when a.eh_interesse then 'SIM' else 'NÃO' end)
            order by a.eh_principal desc, a.cnae) from atividade_contribuinte a join ref_cnae rc on rc.id = a.cnae where a.contribuinte_id = c.id) as "atividadeEconomicaList"`,
        from: sql`from ${BASE} where exists (select 1 from atividade_contribuinte x where x.contribuinte_id = c.id and not x.eh_interesse) ${filtros}`,
        orderBy: ordem(sql`c.numero_caceal`),
        // The same registrations counted from the few with an activity outside the interest
        // (atividade_fora_interesse_idx) instead of probing the registry; the other joins are foreign
        // keys (not null): they drop no row.
        contagem: sql`from (select distinct contribuinte_id from atividade_contribuinte where not eh_interesse) x
          ${f.tipoContribuinte.length || f.situacaoCadastral.length ? sql`join contribuinte c on c.id = x.contribuinte_id where true ${filtros}` : sql``}`,
        // A later page skips its registrations in CACEAL order without their activities' list (5.1 s for the middle page at 500,000).
        chave: { id: sql`c.id`, de: sql`from ${SO_CONTRIBUINTE} where exists (select 1 from atividade_contribuinte x where x.contribuinte_id = c.id and not x.eh_interesse) ${filtros}` },
      };
    },
    filtros: (f) => `Tipo de contribuinte: ${nomes(TIPOS_CONTRIBUINTE, f.tipoContribuinte)}; Situação cadastral: ${nomes(SITUACOES_CADASTRAIS, f.situacaoCadastral)}`,
  }),
  cacealNulo: relatorio({
    nome: 'cacealNulo',
    titulo: 'CACEAL Nulo',
    colunas: { numeroCaceal: ['CACEAL', 11], cnpj: ['CNPJ', 19], razaoSocial: ['Razão social', 45], dataInicioAtividade: ['Início da atividade', 14], situacaoCadastral: ['Situação', 12] },
    vazio: 'Nenhum registro encontrado.',
    // Void registrations by the start of their activity (the day the report shows).
    consulta: (f) => ({
      select: sql`${CACEAL} as "numeroCaceal", p.numero_documento as cnpj, p.nome as "razaoSocial", ${DIA(sql`c.data_inicio_atividade`)} as "dataInicioAtividade", s.descricao as "situacaoCadastral"`,
      from: sql`from ${BASE} where ${nulos(f)}`,
      orderBy: ordem(sql`c.data_inicio_atividade`, sql`c.numero_caceal`),
      contagem: sql`from ${SO_CONTRIBUINTE} where ${nulos(f)}`,
      chave: { id: sql`c.id` },
    }),
    filtros: periodo,
  }),
  cacealAtivoCnpjInativo: relatorio({
    nome: 'cacealAtivoCnpjInativo',
    titulo: 'CACEAL Ativo com CNPJ Inativo',
    colunas: {
      numeroCaceal: ['CACEAL', 11], cnpj: ['CNPJ', 19], razaoSocial: ['Razão social', 40], situacaoCaceal: ['Situação CACEAL', 12], motivoCnpj: ['Situação do CNPJ na Receita', 34],
      tipoContribuinte: ['Tipo de contribuinte', 16], porte: ['Porte', 18],
    },
    vazio: 'Nenhum registro encontrado.',
    consulta: () => ({
      select: sql`${CACEAL} as "numeroCaceal", p.numero_documento as cnpj, p.nome as "razaoSocial", s.descricao as "situacaoCaceal",
        coalesce(c.situacao_pj || coalesce(' - ' || r.motivo, ''), r.situacao) as "motivoCnpj", tc.descricao as "tipoContribuinte", po.descricao as porte`,
      from: sql`from ${BASE} left join receita_cnpj r on r.cnpj = p.numero_documento where c.situacao_id = ${SITUACAO.ATIVO} and c.situacao_pj <> 'ATIVA'`,
      orderBy: ordem(sql`c.numero_caceal`),
      // receita_cnpj is joined on its key (left): it adds no row.
      contagem: sql`from ${SO_CONTRIBUINTE} where c.situacao_id = ${SITUACAO.ATIVO} and c.situacao_pj <> 'ATIVA'`,
      chave: { id: sql`c.id` },
    }),
    filtros: () => SEM_FILTRO,
  }),
  cacealAtivoEmOutraUf: relatorio({
    nome: 'cacealAtivoEmOutraUf',
    titulo: 'CACEAL Ativo em Outra UF',
    colunas: {
      numeroCaceal: ['CACEAL', 11], numDocumento: ['CNPJ', 19], razaoSocial: ['Razão social', 40], uf: ['UF', 5], dscSitucada: ['Situação', 12], dscMotivoSitucada: ['Motivo', 24],
      tipoContribuinte: ['Tipo de contribuinte', 16], porte: ['Porte', 18],
    },
    vazio: 'Nenhum registro encontrado.',
    // Active registrations whose establishment (main address) is outside Alagoas.
    consulta: () => {
      // The UF of the person's main address as a subquery of each row, not a join: with the table and the
      // base's six relations a join made eight, and planning them took 40–75 ms at 1M for a 3 ms page.
      const uf = sql`(select e.uf from endereco e where e.numero_pessoa = c.numero_pessoa and e.eh_principal)`;
      return {
        select: sql`${CACEAL} as "numeroCaceal", p.numero_documento as "numDocumento", p.nome as "razaoSocial", ${uf} as uf, s.descricao as "dscSitucada",
          m.descricao as "dscMotivoSitucada", tc.descricao as "tipoContribuinte", po.descricao as porte`,
        // contribuinte_ativo_outra_uf (kept by triggers on contribuinte and endereco, migration 0019) names
        // them in CACEAL order: a page reads its 20 instead of probing ~26,000 active registrations in
        // CACEAL order (342 ms at 1M). The condition stays, so a row is listed only while it holds.
        from: sql`from contribuinte_ativo_outra_uf o join ${BASE} on c.id = o.contribuinte_id where c.situacao_id = ${SITUACAO.ATIVO} and ${uf} <> 'AL'`,
        orderBy: ordem(sql`o.numero_caceal`),
        // Every row of the table is one of the report (the triggers keep it so): the table alone counts them.
        contagem: sql`from contribuinte_ativo_outra_uf`,
        // A later page skips in the table alone (the condition still checks the page's rows): 1.5 s for the middle page at 500,000.
        chave: { id: sql`o.contribuinte_id`, de: sql`from contribuinte_ativo_outra_uf o` },
      };
    },
    filtros: () => SEM_FILTRO,
  }),
  cacealSuspensaoTemporaria: relatorio({
    nome: 'cacealSuspensaoTemporaria',
    titulo: 'CACEAL em Suspensão Temporária',
    colunas: { numeroCaceal: ['CACEAL', 11], numDocumento: ['CNPJ', 19], razaoSocial: ['Razão social', 50], atualizacao: ['Atualização', 12] },
    vazio: 'Nenhum registro encontrado.',
    // Suspended at the taxpayer's request or for a temporary stop (reasons 201, 203), most recent first.
    consulta: () => ({
      select: sql`${CACEAL} as "numeroCaceal", p.numero_documento as "numDocumento", upper(p.nome) as "razaoSocial", ${DIA(sql`c.data_situacao`)} as atualizacao`,
      from: sql`from ${BASE} where c.situacao_id = ${SITUACAO.SUSPENSO} and c.motivo_id in (201, 203)`,
      orderBy: ordem(desc(sql`c.data_situacao`), sql`c.numero_caceal`),
      contagem: sql`from ${SO_CONTRIBUINTE} where c.situacao_id = ${SITUACAO.SUSPENSO} and c.motivo_id in (201, 203)`,
      chave: { id: sql`c.id` },
    }),
    filtros: () => SEM_FILTRO,
  }),
  multiplosVivos: relatorio({
    nome: 'multiplosVivos',
    titulo: 'Contribuintes com Múltiplos CACEAL Vivos',
    colunas: {
      numeroCaceal: ['CACEAL', 11], razaoSocial: ['Razão social', 40], cnpj: ['CNPJ', 19], dataInicioAtividade: ['Início da atividade', 14], indMei: ['MEI', 6],
      situacaoCaceal: ['Situação', 14], indOpcaoSimples: ['Simples Nacional', 10],
    },
    vazio: 'Não houve nenhum retorno para a consulta',
    // Live (neither closed nor void) registrations started in the period whose CNPJ has another live one.
    consulta: (f) => ({
      select: sql`${CACEAL} as "numeroCaceal", p.nome as "razaoSocial", p.numero_documento as cnpj, ${DIA(sql`c.data_inicio_atividade`)} as "dataInicioAtividade",
        c.eh_mei as "indMei", s.descricao as "situacaoCaceal", c.eh_optante_simples as "indOpcaoSimples"`,
      // pessoa_multiplos_vivos (kept by a trigger, migration 0015) holds the few CNPJs with two or more,
      // with the CNPJ: a page walks it in the report's order.
      from: sql`from ${BASE} ${multiplos(f)}`,
      orderBy: ordem(sql`mv.numero_documento`, sql`c.numero_caceal`),
      // Counted from the ~5,000 people of the table to their registrations, one by one: `offset 0` keeps the
      // planner from hashing every live registration (630 ms at 1M); without the person's and status's
      // joins (not-null foreign keys: they drop no row) the count of 10,000 takes 52 ms instead of 83.
      contagem: sql`from pessoa_multiplos_vivos mv cross join lateral (select 1 from contribuinte c where c.numero_pessoa = mv.numero_pessoa and ${vivosDoPeriodo(f)} offset 0) c`,
      chave: { id: sql`c.id`, de: sql`from ${SO_CONTRIBUINTE} ${multiplos(f)}` },
    }),
    filtros: periodo,
  }),
  divergenciaResponsavel: relatorio({
    nome: 'divergenciaResponsavel',
    titulo: 'Divergência de Responsável',
    colunas: {
      cnpj: ['CNPJ', 19], nomeEmpresaRds: ['Empresa (REDESIM)', 34], cpfSolicitacao: ['CPF (REDESIM)', 15], nomeResponsavelLegal: ['Responsável (REDESIM)', 30],
      protocolo: ['Protocolo', 16], cpfResponsavelCad: ['CPF (CADASTRO)', 15], nomeResponsavelCad: ['Responsável (CADASTRO)', 30],
    },
    vazio: 'NENHUM REGISTRO ENCONTRADO',
    // The legal responsible REDESIM/Receita knows for a head office against the registry's, with the last
    // REDESIM request's protocol and name. Those come as scalar subqueries of the page's rows, so the
    // count (from-part only) does not look them up for every divergent company.
    consulta: () => {
      const ultima = (col: SQL) => sql`(select ${col} from solicitacao s where s.cnpj = r.cnpj and s.sistema = 'RDS' order by s.data_solicitacao desc limit 1)`;
      // empresa_divergencia_responsavel (kept by triggers, migration 0015) names the few divergent head
      // offices; the condition stays, so a row is listed only while it really diverges.
      const from = sql`from empresa_divergencia_responsavel d join receita_cnpj r on r.cnpj = d.cnpj join pessoa p on p.numero_pessoa = d.numero_pessoa
          join responsavel re on re.numero_pessoa_empresa = p.numero_pessoa join pessoa rp on rp.numero_pessoa = re.numero_pessoa_responsavel
          where r.cpf_responsavel is not null and r.cpf_responsavel <> rp.numero_documento`;
      return {
        select: sql`p.numero_documento as cnpj, coalesce(${ultima(sql`s.nome_empresarial`)}, r.razao_social) as "nomeEmpresaRds", r.cpf_responsavel as "cpfSolicitacao",
          r.nome_responsavel as "nomeResponsavelLegal", ${ultima(sql`s.protocolo`)} as protocolo, rp.numero_documento as "cpfResponsavelCad", rp.nome as "nomeResponsavelCad"`,
        from,
        orderBy: ordem(sql`d.cnpj`),
        // One row per divergent head office (one responsible each): the table alone counts them.
        contagem: sql`from empresa_divergencia_responsavel`,
        // A later page skips its companies without looking up their last requests.
        chave: { id: sql`d.cnpj`, de: from },
      };
    },
    filtros: () => SEM_FILTRO,
  }),
  contribuinteGeral: relatorio({
    nome: 'contribuinteGeral',
    titulo: 'Relatório Geral de Contribuintes',
    colunas: { caceal: ['CACEAL', 11], razaoSocial: ['Razão social', 50], dataInicioAtividade: ['Início da atividade', 14], situacaoCadastral: ['Situação', 14], motivoSituacaoCadastral: ['Motivo', 30] },
    vazio: 'NENHUM REGISTRO PARA EXIBIR',
    // The period applies to the activity start (§2) or, when the home page's "closed per month" asks, to
    // the day of the current status; each walks its index (contribuinte_inicio_idx, contribuinte_situacao_idx,
    // contribuinte_situacao_inicio_idx with statuses).
    consulta: (f) => {
      const dia = f.dataReferencia === 'situacao' ? sql`c.data_situacao` : sql`c.data_inicio_atividade`;
      const onde = sql`${dia} between ${f.dataInicial}::date and ${f.dataFinal}::date
        ${f.situacaoCadastral.length ? sql`and c.situacao_id in (${sql.join(f.situacaoCadastral.map((t) => sql`${t}`), sql`, `)})` : sql``}`;
      return {
        select: sql`${CACEAL} as caceal, p.nome as "razaoSocial", ${DIA(sql`c.data_inicio_atividade`)} as "dataInicioAtividade", s.descricao as "situacaoCadastral",
          m.descricao as "motivoSituacaoCadastral"`,
        from: sql`from ${BASE} where ${onde}`,
        orderBy: ordem(dia, sql`c.numero_caceal`),
        contagem: sql`from ${SO_CONTRIBUINTE} where ${onde}`,
        chave: { id: sql`c.id` },
      };
    },
    filtros: (f) =>
      [
        f.dataReferencia === 'situacao' ? `Período (data da situação): ${dia(f.dataInicial)} a ${dia(f.dataFinal)}` : periodo(f),
        ...(f.situacaoCadastral.length ? [`Situação cadastral: ${nomes(SITUACOES_CADASTRAIS, f.situacaoCadastral)}`] : []),
      ].join('; '),
  }),
};
