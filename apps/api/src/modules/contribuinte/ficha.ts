import {
  enderecoEmLinha, telefonesEmLinha, formatCaceal, formatCep, formatCnae, formatCrcContador, formatDocumento, formatMoeda, formatNaturezaJuridica, formatPercentual, SITUACAO_REGIME, sublimiteAplicavel,
} from '@cadastro/domain';
import type { Content } from 'pdfmake/interfaces';
import type { DbOrTx } from '../../db/client.js';
import { campos, dia, NAO_INFORMADO, secao, simNao, tabela } from '../../platform/pdf/blocos.js';
import type { DocumentoPdf } from '../../platform/pdf/documento.js';
import { obterAtividades, obterContador, obterEditais, obterProcuradores, obterRegimesEspeciais, obterResponsavel, obterSocios } from './abas.js';
import { obterDadosCadastrais } from './dados.js';

const NENHUM = 'Nenhum registro encontrado.';
const comData = (opcao: boolean | null, data: string | null) => [simNao(opcao), data && dia(data)].filter(Boolean).join(' desde ') || null;

/**
 * §2 "Printable sheet sections" as a PDF document (relatorio/imprimir): the same reads as the tabs, in
 * parallel, so the sheet always matches the screen. Null when the registration does not exist.
 */
export async function fichaCadastralPdf(db: DbOrTx, caceal: number): Promise<{ documento: DocumentoPdf; numeroPessoa: number; numeroPessoaRaiz: number } | null> {
  const d = await obterDadosCadastrais(db, { caceal });
  if (!d) return null;
  const by = { caceal };
  const [atividades, contador, procuradores, editais, responsavel, socios, regimes] = await Promise.all([
    obterAtividades(db, by), obterContador(db, by), obterProcuradores(db, by), obterEditais(db, by),
    obterResponsavel(db, by), obterSocios(db, by), obterRegimesEspeciais(db, by),
  ]);
  const id = d.identificacao;
  const e = id.endereco;
  const p = d.processamentoDados;
  const conteudo: Content[] = [
    secao('Identificação'),
    campos([
      ['CACEAL', formatCaceal(d.numeroCaceal, id.digitoCaceal)],
      [id.cnpj.length < 12 ? 'CPF' : 'CNPJ', formatDocumento(id.cnpj)],
      ['Razão social', id.razaoSocial],
      ['Nome fantasia', id.nomeFantasia],
      ['Natureza jurídica', id.naturezaJuridica && formatNaturezaJuridica(id.naturezaJuridica.codigoNaturezaJuridica, id.naturezaJuridica.descricao)],
      ['Capital social', formatMoeda(id.valorCapitalSocial)],
      ['Início da atividade', dia(id.dataInicioAtividade)],
      ['Tipo de empresa', id.tipoContribuinte.descricao],
      ['Porte', id.porte?.descricao],
      ['Categoria', id.indicadorMatriz],
      ['MEI', simNao(id.ehMei)],
      ['Optante do Simples Nacional', simNao(id.ehOptanteDoSimples)],
      ['Sublimite do Simples excedido', id.ehOptanteDoSimples && sublimiteAplicavel(id.porte?.id) ? simNao(d.sublimiteSN) : 'Não se aplica.'],
      ['Formas de atuação', d.formasAtuacao.map((f) => f.descricao).join('; ')],
      ['Tipos de unidade', d.tipoUnidade.map((u) => u.descricao).join('; ')],
    ]),
    secao('Endereço principal'),
    e ? campos([['Endereço', enderecoEmLinha(e)], ['CEP', formatCep(e.cep)], ['Referência', e.referencia]]) : { text: 'Não informado' },
    secao('Contato'),
    campos([
      ['E-mail', id.email],
      ['Telefones', telefonesEmLinha(id.telefones)],
      ['Endereço eletrônico', e?.enderecoEletronico],
    ]),
    secao('Situação cadastral'),
    campos([
      ['Situação', d.situacaoCadastral.situacaoCadastralContribuinte],
      ['Data da situação', dia(d.situacaoCadastral.dataSituacao)],
      ['Motivo', d.situacaoCadastral.descricaoMotivoSituacaoCadastral],
      ['Situação do CNPJ (Receita Federal)', d.situacaoCadastral.situacaoCadastralPj],
    ], 4),
    secao('Processamento de dados'),
    campos([
      ['Livro eletrônico', comData(p.opcaoLivroEletronico, p.dataAutorizacaoLivroEletronico)],
      ['Documento eletrônico', comData(p.opcaoDocumentoEletronico, p.dataAutorizacaoDocumentoEletronico)],
      ['Livros fiscais', comData(p.opcaoLivrosFiscais, p.dataAutorizacaoLivrosFiscais)],
      ['Uso obrigatório do SPED', simNao(p.usoObrigatorioDoSped)],
    ], 4),
    secao('Atividade econômica'),
    tabela(['CNAE', 'Descrição', 'Principal'], atividades.map((a) => [formatCnae(a.codigoCnae), a.descricao, a.ehAtividadePrincipal ? 'PRINCIPAL' : 'Secundária']), NENHUM, [60, '*', 60]),
    secao('Contador'),
    contador
      ? campos([
          ['Nome', contador.nome], ['CPF/CNPJ', formatDocumento(contador.numeroDocumento)],
          ['CRC', formatCrcContador(contador)],
          ['Categoria', contador.categoria], ['Classificação', contador.classificacao], ['Responsável desde', dia(contador.dataInicio)],
          ['E-mail', contador.email], ['Telefones', telefonesEmLinha(contador.contatos)], ['Endereço', contador.endereco && enderecoEmLinha(contador.endereco)],
        ])
      : { text: NENHUM, italics: true },
    secao('Procurador no Estado'),
    tabela(['CPF', 'Nome', 'Data de início', 'Endereço', 'Telefones'],
      procuradores.map((x) => [formatDocumento(x.numeroDocumento), x.razaoSocial, dia(x.dataInicioValidade), x.endereco ? enderecoEmLinha(x.endereco) : NAO_INFORMADO, telefonesEmLinha(x.contatos) || NAO_INFORMADO]),
      NENHUM, [75, 110, 55, '*', 90]),
    secao('Editais'),
    tabela(['Número', 'Tipo', 'Motivo', 'Processo', 'Publicação'], editais.map((x) => [x.numero, x.tipo, x.motivo, x.processo, dia(x.dataPublicacao)]), NENHUM, [55, 90, '*', 70, 55]),
    secao('Responsável'),
    responsavel
      ? campos([
          ['CPF/CNPJ', formatDocumento(responsavel.numeroDocumento)], ['Nome', responsavel.razaoSocial],
          ['Qualificação', responsavel.qualificacao.descricao], ['Impedido', simNao(responsavel.possuiImpedimento)],
          ['Endereço', responsavel.endereco && enderecoEmLinha(responsavel.endereco)], ['Telefones', telefonesEmLinha(responsavel.contatos)],
        ])
      : { text: NENHUM, italics: true },
    secao('Quadro de Sócios e Administradores'),
    tabela(
      ['CPF/CNPJ', 'Nome', 'Qualificação', 'Participação', 'Inclusão'],
      socios.map((s) => [formatDocumento(s.numeroDocumentoSocio), s.nomeSocio, s.qualificacao.descricao,
        formatPercentual(s.percentualParticipacao), dia(s.dataInclusao)]),
      NENHUM, [95, '*', 110, 55, 55],
    ),
    secao('Regime especial'),
    tabela(['Regime', 'Ato concessório', 'Início', 'Fim', 'Situação'],
      regimes.map((r) => [r.descRegimeEspecial, r.descAtoConcessorio, dia(r.dtInicio), r.dtFim ? dia(r.dtFim) : '---', SITUACAO_REGIME[r.situacao]]), NENHUM, ['*', 100, 55, 55, 65]),
  ];
  const documento = { titulo: 'Ficha Cadastral do Contribuinte', subtitulo: `${formatCaceal(d.numeroCaceal, id.digitoCaceal)} · ${id.razaoSocial}`, conteudo };
  return { documento, numeroPessoa: d.numeroPessoa, numeroPessoaRaiz: d.numeroPessoaRaiz };
}
