import { sql } from 'drizzle-orm';
import * as bu from '@brazilian-utils/brazilian-utils';
import { CNAES_MEI, DIVISOES_INTERESSE_ICMS, EIRELI_FIM, EIRELI_INICIO } from '@cadastro/domain';
import type { Database } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { FAIXAS_CEP } from '../referencia/faixas-cep.js';
import { CONECTIVOS, HOJE } from './dados.js';
import { SALARIOS_MINIMOS_SQL } from './mix.js';
import { contarProporcoes } from './proporcoes.js';

/**
 * The domain's rules a generated registry must obey, each as one SQL count of the records that break
 * it (0 = obeyed). Plain SQL, independent of the rule functions in packages/domain, so it checks them
 * too. Used by coerencia.test.ts on a sample and by `npm run seed -- --conferir` at any size.
 */
const faixas = FAIXAS_CEP.map(([ibge, a, z]) => `(${ibge}, ${a}, ${z})`).join(', ');
const ddds = bu.getStates().flatMap((s) => bu.getAreaCodesByState(s.code).map((d) => `('${s.code}', '${d}')`)).join(', ');
const conectivo = `' (${CONECTIVOS.join('|')})( LTDA| S\\.A\\.| EIRELI)?$'`;
/** Well-known example numbers that must not be anyone's document. */
const EXEMPLOS = ['12345678909', '11144477735', ...'0123456789'.split('').map((d) => d.repeat(11)), '11222333000181'].map((d) => `'${d}'`).join(', ');
const LIMITADA = '(2062, 2240)';
/** The occupations of Anexo XI (CGSN 140/2018), the only activities a MEI may carry. */
const ANEXO_XI = `(${CNAES_MEI.map((c) => `'${c}'`).join(', ')})`;
export const SA_COOP = '(2054, 2143)';
/** An activity's CNAE division, and whether the reference table (packages/domain) calls it of interest to the ICMS registry. */
const DIVISAO = 'left(a.cnae, 2)::int';
const DE_INTERESSE = `(${DIVISOES_INTERESSE_ICMS.map(([de, ate]) => `${DIVISAO} between ${de} and ${ate}`).join(' or ')})`;
/** CC art. 966 sole paragraph, 984: the divisions a Sociedade Simples may carry (as atividadeDeSociedadeSimples). */
const DE_SOCIEDADE_SIMPLES = `${DIVISAO} in (1, 2, 3, 69, 71, 72, 74, 75, 86, 90)`;
/** CNAE descriptions' wording, which no business puts in its name. */
const DESCRICAO_CNAE = `'(NÃO ESPECIFICAD|ANTERIORMENTE|ESPECIALIZAD|EXCETO|PREDOMINÂNCIA|ATACADISTA|VAREJISTA)'`;
/** The surnames a firma names: its parts before LTDA split at ' & ' and ', ' (CIA is "and company"), or the surname after the initials. */
const PARTES_DA_FIRMA = `case when p.nome ~ '^([A-Z]\\. )+[^ ]+ LTDA$' then array[substring(p.nome from '([^ ]+) LTDA$')]
  else array_remove(regexp_split_to_array(regexp_replace(p.nome, ' LTDA$', ''), ' & |, '), 'CIA') end`;
/** The head office person of any registration (a branch's root). */
const RAIZ = 'coalesce(p.numero_pessoa_raiz, p.numero_pessoa)';

export const REGRAS_COERENCIA: Record<string, string> = {
  // Names and QSA by legal nature (Receita Federal's QSA; CONCLA natureza jurídica).
  firmaIndividualSemNomeDoTitular: `select count(*) n from pessoa p join responsavel r on r.numero_pessoa_empresa = p.numero_pessoa
    join pessoa t on t.numero_pessoa = r.numero_pessoa_responsavel where p.natureza_juridica_id = 2135 and p.nome not like t.nome || ' %'`,
  percentuaisNaoSomam100: `select count(*) n from (select s.numero_pessoa_empresa from socio s join pessoa p on p.numero_pessoa = s.numero_pessoa_empresa
    where p.natureza_juridica_id in ${LIMITADA} group by 1 having sum(s.percentual_participacao) <> 100.00 or count(s.percentual_participacao) <> count(*)) x`,
  individualComSocios: `select count(*) n from socio s join pessoa p on p.numero_pessoa = s.numero_pessoa_empresa where p.natureza_juridica_id in (2135, 2305)`,
  limitadaSemSocio: `select count(*) n from pessoa p where p.tipo = 'J' and p.numero_pessoa_raiz is null and p.natureza_juridica_id in ${LIMITADA}
    and not exists (select 1 from socio s where s.numero_pessoa_empresa = p.numero_pessoa)`,
  saCooperativaSemDirigentes: `select count(*) n from pessoa p where p.tipo = 'J' and p.numero_pessoa_raiz is null and p.natureza_juridica_id in ${SA_COOP}
    and not exists (select 1 from socio s where s.numero_pessoa_empresa = p.numero_pessoa)`,
  qualificacaoForaDaNatureza: `select count(*) n from socio s join pessoa p on p.numero_pessoa = s.numero_pessoa_empresa
    where (p.natureza_juridica_id in ${LIMITADA} and s.qualificacao_id not in (5, 22, 49))
       or (p.natureza_juridica_id in ${SA_COOP} and (s.qualificacao_id not in (5, 8, 10, 16) or s.percentual_participacao is not null))`,
  responsavelForaDaNatureza: `select count(*) n from responsavel r join pessoa p on p.numero_pessoa = r.numero_pessoa_empresa
    where not case when p.natureza_juridica_id = 2135 then r.qualificacao_id = 50 when p.natureza_juridica_id = 2305 then r.qualificacao_id = 65
      when p.natureza_juridica_id in ${LIMITADA} then r.qualificacao_id in (5, 49) else r.qualificacao_id in (5, 10, 16) end`,
  // Porte and Simples (LC 123/2006).
  saCooperativaMeEppOuSimples: `select count(*) n from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa join pessoa m on m.numero_pessoa = ${RAIZ}
    where m.natureza_juridica_id in ${SA_COOP} and (c.porte_id <> 4 or c.eh_optante_simples)`,
  meiIncoerente: `select count(*) n from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa join pessoa m on m.numero_pessoa = ${RAIZ}
    where c.eh_mei <> (c.porte_id = 3) or (c.eh_mei and (not c.eh_optante_simples or m.natureza_juridica_id <> 2135))`,
  atividadeNaoPermitidaMei: `select count(*) n from atividade_contribuinte a join contribuinte c on c.id = a.contribuinte_id
    where (c.eh_mei or c.porte_id = 3) and a.cnae not in ${ANEXO_XI}`,
  // LC 123/2006 art. 3º I, 13-A, 19: the state sublimit is above the ME's ceiling — only an EPP in the Simples exceeds it (issue 39).
  sublimiteForaDaEpp: `select count(*) n from contribuinte where sublimite_excedido and not (porte_id = 2 and eh_optante_simples)`,
  simplesForaDeMeEpp: `select count(*) n from contribuinte where eh_optante_simples and porte_id not in (1, 2, 3)`,
  simplesDivergenteNoCnpj: `select count(*) n from (select numero_pessoa from contribuinte group by 1 having count(distinct eh_optante_simples) > 1) x`,
  eireliForaDaVigencia: `select count(*) n from (select p.numero_pessoa, max(c.data_inicio_atividade) filter (where c.motivo_id is distinct from 501) i from pessoa p
    join contribuinte c on c.numero_pessoa = p.numero_pessoa where p.natureza_juridica_id = 2305 and p.numero_pessoa_raiz is null group by 1) x
    where not (i >= '${EIRELI_INICIO}' and i < '${EIRELI_FIM}')`,
  // Issue 42. A firma is made of partners' names (CC art. 1.158 § 1º); one owner or a cooperative is no "X & Y".
  firmaSemNomeDeSocio: `select count(*) n from pessoa p cross join lateral unnest(${PARTES_DA_FIRMA}) parte
    where p.tipo = 'J' and p.numero_pessoa_raiz is null and p.natureza_juridica_id in ${LIMITADA} and (p.nome like '%&%' or p.nome ~ '^([A-Z]\\. )+[^ ]+ LTDA$')
      and not exists (select 1 from socio s join pessoa q on q.numero_pessoa = s.numero_pessoa_socio where s.numero_pessoa_empresa = p.numero_pessoa and q.nome like '% ' || parte)`,
  firmaDeUmSoDono: `select count(*) n from pessoa p where p.tipo = 'J' and p.nome like '%&%' and (p.natureza_juridica_id not in ${LIMITADA}
    or (select count(*) from socio s where s.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa)) < 2)`,
  nomeComDescricaoDeCnae: `select count(*) n from pessoa where tipo = 'J' and (nome ~ ${DESCRICAO_CNAE} or coalesce(nome_fantasia, '') ~ ${DESCRICAO_CNAE})`,
  // Lei 14.195/2021 art. 41: every EIRELI became a limitada (206-2), the old name kept in the history on the law's day,
  // its capital at least 100 minimum wages of its start year (CC art. 980-A).
  eireliViva: `select count(*) n from pessoa where natureza_juridica_id = 2305`,
  eireliConvertidaForaDaLei: `select count(*) n from historico_razao_social h join pessoa p on p.numero_pessoa = h.numero_pessoa
    join (select numero_pessoa, max(data_inicio_atividade) filter (where motivo_id is distinct from 501) inicio, min(valor_capital_social) capital
      from contribuinte group by 1) c on c.numero_pessoa = p.numero_pessoa
    left join (values ${SALARIOS_MINIMOS_SQL}) sm(ano, valor) on sm.ano = extract(year from c.inicio)
    where h.nome like '% EIRELI' and (p.natureza_juridica_id <> 2062 or h.data_alteracao <> '${EIRELI_FIM}' or p.nome <> regexp_replace(h.nome, ' EIRELI$', ' LTDA')
      or not (c.inicio >= '${EIRELI_INICIO}' and c.inicio < '${EIRELI_FIM}') or c.capital < 100 * sm.valor or sm.valor is null
      or (select count(*) from socio s where s.numero_pessoa_empresa = p.numero_pessoa) <> 1)`,
  // CC art. 982: an empresário's activity makes a society empresária, never a Sociedade Simples Limitada (224-0).
  sociedadeSimplesEmpresaria: `select count(*) n from atividade_contribuinte a join contribuinte c on c.id = a.contribuinte_id join pessoa p on p.numero_pessoa = c.numero_pessoa
    join pessoa m on m.numero_pessoa = ${RAIZ} where m.natureza_juridica_id = 2240 and not ${DE_SOCIEDADE_SIMPLES}`,
  // "De interesse" is what the reference table says of the activity (LC 87/1996 art. 2º by CNAE division).
  interesseForaDaTabela: `select count(*) n from atividade_contribuinte a where a.eh_interesse <> ${DE_INTERESSE}`,
  // An individual's registration: a rural producer's (type 3, CNAE section A, nature 412-0), no porte, Simples nor CNPJ status.
  pessoaFisicaForaDoProdutorRural: `select count(*) n from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    where p.tipo = 'F' and (c.tipo_contribuinte_id <> 3 or p.natureza_juridica_id is distinct from 4120 or c.porte_id is not null or c.eh_optante_simples or c.eh_mei
      or c.situacao_pj is not null or exists (select 1 from atividade_contribuinte a where a.contribuinte_id = c.id and a.eh_principal and ${DIVISAO} > 3))`,
  // Accountants: the CRC's "apto" for every ATIVO registration; no portfolio beyond 20 times the median (8,682 against 110).
  ativoComContadorInapto: `select count(*) n from contribuinte_contador cc join contribuinte c on c.id = cc.contribuinte_id
    join contador k on k.numero_pessoa = cc.numero_pessoa_contador where c.situacao_id = 1 and not k.apto`,
  carteiraForaDaCauda: `select count(*) n from (select numero_pessoa_contador, count(*) q from contribuinte_contador group by 1) x
    where x.q > 20 * (select percentile_cont(0.5) within group (order by q) from (select count(*) q from contribuinte_contador group by numero_pessoa_contador) y)`,
  // Dates (nothing after the generator's today; nothing before what it concerns).
  datasNoFuturo: `select (select count(*) from contribuinte where greatest(data_inicio_atividade, data_situacao, data_autorizacao_documento_eletronico) > '${HOJE}')
    + (select count(*) from historico_situacao where data_alteracao > '${HOJE}') + (select count(*) from socio where data_inclusao > '${HOJE}')
    + (select count(*) from contribuinte_contador where data_inicio > '${HOJE}') + (select count(*) from historico_razao_social where data_alteracao > '${HOJE}')
    + (select count(*) from edital where greatest(data_publicacao, data_efeito_legal) > '${HOJE}')
    + (select count(*) from pendencia where greatest(competencia, data_regularizacao) > '${HOJE}')
    + (select count(*) from solicitacao where data_solicitacao::date > '${HOJE}') + (select count(*) from solicitacao_mensagem where dth_processamento::date > '${HOJE}')
    + (select count(*) from manifestacao where data_manifestacao::date > '${HOJE}') + (select count(*) from regime_especial_contribuinte where dt_inicio > '${HOJE}')
    + (select count(*) from procurador where data_inicio_validade > '${HOJE}') as n`,
  historicoForaDeOrdem: `select count(*) n from historico_situacao h join contribuinte c on c.id = h.contribuinte_id
    where h.data_alteracao < c.data_inicio_atividade or h.data_alteracao > c.data_situacao`,
  socioAntesDoInicio: `select count(*) n from socio s join (select numero_pessoa, min(data_inicio_atividade) inicio from contribuinte group by 1) c
    on c.numero_pessoa = s.numero_pessoa_empresa where s.data_inclusao < c.inicio`,
  pendenciaForaDaVida: `select count(*) n from pendencia x join contribuinte c on c.id = x.contribuinte_id
    where x.competencia < date_trunc('month', c.data_inicio_atividade) or x.competencia > case when c.situacao_id in (4, 5) then c.data_situacao else '${HOJE}' end`,
  regularizacaoAntesDaCompetencia: `select count(*) n from pendencia where data_regularizacao <= competencia`,
  // Addresses and phones.
  cepForaDaFaixa: `select count(*) n from endereco e left join (values ${faixas}) f(ibge, a, z) on f.ibge = e.municipio_id
    where f.ibge is null or e.cep::int not between f.a and f.z`,
  telefoneMalFormado: `select count(*) n from telefone where not (numero ~ '^[2-5][0-9]{7}$' or numero ~ '^9[0-9]{8}$')
    or (tipo_telefone_id = 3 and numero !~ '^9[0-9]{8}$')`,
  dddForaDaUf: `select count(*) n from telefone t join endereco e on e.numero_pessoa = t.numero_pessoa and e.eh_principal
    where not exists (select 1 from (values ${ddds}) d(uf, ddd) where d.uf = e.uf and d.ddd = t.ddd)`,
  // Status, SPED, pendências by regime.
  motivoIncoerenteComMeiSimples: `select count(*) n from contribuinte where (motivo_id = 701 and (not eh_optante_simples or eh_mei)) or (motivo_id = 702 and not eh_mei)
    or (motivo_id = 801 and eh_optante_simples) or (motivo_id = 802 and eh_mei) or (motivo_id / 100 <> situacao_id)`,
  spedForaDoAjusteSinief: `select count(*) n from contribuinte where uso_obrigatorio_sped is distinct from (not eh_optante_simples or coalesce(sublimite_excedido, false))`,
  pendenciaForaDoRegime: `select count(*) n from pendencia x join contribuinte c on c.id = x.contribuinte_id
    where (x.classificacao_id = 1 and not c.uso_obrigatorio_sped) or (x.classificacao_id = 2 and (not c.eh_optante_simples or c.eh_mei))
      or (x.classificacao_id = 5 and not c.opcao_documento_eletronico)`,
  // Notices: a published suspension/inaptitude/closure/nullity has taken effect on every linked registration.
  editalPublicadoSemEfeito: `select count(*) n from edital e join edital_contribuinte ec on ec.edital_id = e.id join contribuinte c on c.id = ec.contribuinte_id
    where e.situacao_edital_id in (3, 4) and e.situacao_cadastral_futura_id is not null and (c.situacao_id <> e.situacao_cadastral_futura_id
      or not e.processado or not exists (select 1 from historico_situacao h where h.contribuinte_id = c.id and h.edital_id = e.id))`,
  editalAntesDoContribuinte: `select count(*) n from edital e join edital_contribuinte ec on ec.edital_id = e.id join contribuinte c on c.id = ec.contribuinte_id
    where e.data_publicacao < c.data_inicio_atividade or e.data_efeito_legal < e.data_publicacao`,
  nuloDuplicidadeSemOriginal: `select count(*) n from contribuinte d where d.situacao_id = 5 and d.motivo_id = 501
    and not exists (select 1 from contribuinte o where o.numero_pessoa = d.numero_pessoa and o.id <> d.id and o.motivo_id is distinct from 501)`,
  // People.
  contadorSocioDaEmpresa: `select count(*) n from contribuinte_contador cc join contribuinte c on c.id = cc.contribuinte_id join pessoa p on p.numero_pessoa = c.numero_pessoa
    where exists (select 1 from socio s where s.numero_pessoa_empresa = ${RAIZ} and s.numero_pessoa_socio = cc.numero_pessoa_contador)
       or exists (select 1 from responsavel r where r.numero_pessoa_empresa = ${RAIZ} and r.numero_pessoa_responsavel = cc.numero_pessoa_contador)`,
  documentoDeExemplo: `select count(*) n from pessoa where numero_documento in (${EXEMPLOS})`,
  nomeCortado: `select count(*) n from pessoa where tipo = 'J' and (nome ~ ${conectivo} or coalesce(nome_fantasia, '') ~ ${conectivo} or length(nome) >= 150)`,
  filialSemNatureza: `select count(*) n from pessoa f join pessoa m on m.numero_pessoa = f.numero_pessoa_raiz
    where f.natureza_juridica_id is distinct from m.natureza_juridica_id or m.natureza_juridica_id is null`,
  // CACEAL: the third digit is the taxpayer type (SINTEGRA, AL).
  cacealDeOutroTipo: `select count(*) n from contribuinte where substr(numero_caceal::text, 3, 1)::int <> tipo_contribuinte_id`,
  cnpjComDoisStatusNaReceita: `select count(*) n from (select numero_pessoa from contribuinte group by 1 having count(distinct situacao_pj) > 1) x`,
};

/** Violations of every rule, by rule name. */
export async function contarViolacoes(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [regra, texto] of Object.entries(REGRAS_COERENCIA)) {
    out[regra] = Number((await queryOne<{ n: number }>(db.db, sql.raw(texto)))!.n);
  }
  // The published shares, each 1 when out of its tolerance.
  for (const p of await contarProporcoes(db)) out[`proporcao:${p.medida}`] = p.fora ? 1 : 0;
  return out;
}
