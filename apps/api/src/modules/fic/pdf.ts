import { formatCaceal, formatCnae, formatCodigoVerificacao, formatDocumento, type VerificacaoFic } from '@cadastro/domain';
import type { Content } from 'pdfmake/interfaces';
import { campos, dia, secao, tabela } from '../../platform/pdf/blocos.js';
import type { DocumentoPdf } from '../../platform/pdf/documento.js';

const NAO_HA = 'NÃO HÁ.';

/** The printed FIC (§2 FIC): every field of the certificate plus its verification code and issue time. */
export function ficPdf(v: VerificacaoFic, urlVerificacao: string): DocumentoPdf {
  const f = v.fic;
  const codigo = formatCodigoVerificacao(v.codigo);
  const conteudo: Content[] = [
    secao('Identificação'),
    campos([
      ['CACEAL', formatCaceal(f.numeroCaceal, f.digitoCaceal)],
      // A CPF masked for this reader (LGPD, leitor.ts) is printed as it came.
      [f.cnpj.length < 12 || f.cnpj.includes('*') ? 'CPF' : 'CNPJ', f.cnpj.includes('*') ? f.cnpj : formatDocumento(f.cnpj)],
      ['Início da atividade', dia(f.dataInicioAtividade)],
      ['Razão social', f.razaoSocial],
      ['Nome fantasia', f.nomeFantasia],
      ['Natureza jurídica', f.naturezaJuridica],
      ['Optante pelo Simples Nacional', f.ehOptanteDoSimples ? 'SIM' : 'NÃO'],
      ['Sublimite do Simples excedido', f.sublimiteSN ? 'SIM' : 'NÃO'],
    ]),
    campos([
      ['Formas de atuação', f.formasAtuacao.length ? f.formasAtuacao.join('; ') : NAO_HA],
      ['Tipos de unidade', f.tiposUnidade.length ? f.tiposUnidade.join('; ') : NAO_HA],
    ], 2),
    secao('Endereço'),
    { text: f.endereco ?? 'Não informado' },
    secao('Situação cadastral'),
    campos([
      ['Situação', f.descricaoSituacaoCadastral],
      ['Data da situação', dia(f.dataAlteracaoSituacaoCadastral)],
      ['Motivo', f.motivoSituacaoCadastral],
      // The latest entry of the status history (§3 situacaoCadastralRecente).
      ['Alteração mais recente da situação', f.situacaoCadastralRecente && `${f.situacaoCadastralRecente.situacaoCadastral} em ${dia(f.situacaoCadastralRecente.dataAlteracaoSituacaoCadastral)}`],
    ]),
    secao('Atividades econômicas'),
    tabela(['CNAE', 'Descrição', ''], f.atividadesEconomicas.map((a) => [formatCnae(a.codigoCnae), a.descricao, a.principal ? 'PRINCIPAL' : '']), NAO_HA, [60, '*', 60]),
    secao('Sócios'),
    { ul: f.nomeDosSocios.length ? f.nomeDosSocios : [NAO_HA] },
    secao('Responsáveis'),
    { ul: f.nomeDosResponsaveis.length ? f.nomeDosResponsaveis : [NAO_HA] },
    secao('Regimes especiais'),
    tabela(['Regime', 'Início', 'Fim'], f.regimeEspecial.map((r) => [r.descricao, dia(r.dataInicio), r.dataFim ? dia(r.dataFim) : '---']), NAO_HA, ['*', 60, 60]),
    {
      margin: [0, 16, 0, 0],
      table: {
        widths: ['*'],
        body: [[{
          stack: [
            { text: `Código de verificação: ${codigo}`, bold: true, fontSize: 10 },
            { text: `A autenticidade desta ficha pode ser conferida em ${urlVerificacao}` },
          ],
          margin: [6, 4, 6, 4],
        }]],
      },
    },
  ];
  return {
    titulo: 'Ficha de Inscrição Cadastral - FIC',
    subtitulo: `${formatCaceal(f.numeroCaceal, f.digitoCaceal)} · ${f.razaoSocial}`,
    conteudo,
    rodape: `Código de verificação ${codigo}`,
    emitidoEm: v.emitidaEm,
  };
}
