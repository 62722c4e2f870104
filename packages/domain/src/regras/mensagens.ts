/**
 * The registry's implicit rules (issue 30 §2) as codes with their words: the server answers a
 * violation with the code as the field error (`codigo` or `codigo:n`) and the pt-BR text as `detail`;
 * the SPA shows the same text (its i18n `validation.*` entries are these) before sending.
 */
export const MENSAGENS_REGRAS = {
  qsaEmpresarioSemSocios: {
    pt: 'Empresário individual (natureza 213-5) e MEI não têm quadro de sócios: o titular é o responsável.',
    en: 'A sole proprietor (legal nature 213-5) or MEI has no partners: its titular is the responsible.',
  },
  qsaLimitadaSemSocio: {
    pt: 'Sociedade limitada mantém ao menos um sócio (qualificação 22 Sócio ou 49 Sócio-Administrador) no quadro.',
    en: 'A limited company keeps at least one partner (qualification 22 Partner or 49 Managing partner).',
  },
  qsaQualificacaoNatureza: {
    pt: 'A qualificação {{n}} não é admitida no quadro de sócios e administradores desta natureza jurídica.',
    en: 'Qualification {{n}} is not allowed in the partners and administrators of this legal nature.',
  },
  responsavelQualificacaoNatureza: {
    pt: 'A qualificação {{n}} não é admitida para o responsável desta natureza jurídica.',
    en: 'Qualification {{n}} is not allowed for the responsible of this legal nature.',
  },
  porteSociedadeAnonimaCooperativa: {
    pt: 'Sociedade anônima e cooperativa não são ME, EPP nem MEI, nem optantes do Simples Nacional (LC 123/2006, art. 3º, § 4º).',
    en: 'A corporation or cooperative is neither ME, EPP nor MEI, nor in the Simples Nacional (LC 123/2006, art. 3, § 4).',
  },
  porteMeiNatureza: {
    pt: 'MEI é somente o empresário individual (natureza 213-5) optante do Simples Nacional (LC 123/2006, art. 18-A).',
    en: 'MEI is only a sole proprietor (legal nature 213-5) in the Simples Nacional (LC 123/2006, art. 18-A).',
  },
  porteSimplesDemais: {
    pt: 'Optante do Simples Nacional é ME, EPP ou MEI: exclua-o do Simples antes de mudar o porte (LC 123/2006, art. 3º).',
    en: 'A Simples Nacional company is ME, EPP or MEI: leave the Simples before changing the size (LC 123/2006, art. 3).',
  },
  atividadeNaoPermitidaMei: {
    pt: 'A atividade {{n}} não é permitida ao MEI: o MEI exerce somente as ocupações do Anexo XI da Resolução CGSN nº 140/2018.',
    en: 'Activity {{n}} is not allowed to a MEI: a MEI carries only the occupations of Annex XI of CGSN Resolution 140/2018.',
  },
  sublimiteSomenteEpp: {
    pt: 'Somente a EPP optante do Simples Nacional pode exceder o sublimite estadual: ME e MEI não o alcançam (LC 123/2006, art. 3º, I, art. 13-A e art. 19).',
    en: 'Only an EPP in the Simples Nacional can exceed the state sublimit: an ME or MEI cannot reach it (LC 123/2006, art. 3, I, art. 13-A and art. 19).',
  },
  eireliForaDoPeriodo: {
    pt: 'EIRELI (natureza 230-5) existiu de 09/01/2012 (Lei 12.441/2011) até sua extinção (Lei 14.195/2021): não se admite nova inscrição nem início antes de 09/01/2012.',
    en: 'EIRELI (legal nature 230-5) existed from 2012-01-09 (Law 12,441/2011) until abolished (Law 14,195/2021): no new registration, no start before 2012-01-09.',
  },
  atividadeEmpresariaSociedadeSimples: {
    pt: 'A atividade {{n}} é de empresário: a sociedade que a exerce é empresária (Código Civil, art. 966 e 982), não Sociedade Simples Limitada (natureza 224-0).',
    en: 'Activity {{n}} is an entrepreneur\'s: the company carrying it is a business company (Civil Code, art. 966 and 982), not a Simple Limited Company (legal nature 224-0).',
  },
  dataFutura: {
    pt: 'A data não pode ser posterior a hoje ({{n}}).',
    en: 'The date cannot be after today ({{n}}).',
  },
  dataAntesInicioAtividade: {
    pt: 'A data não pode ser anterior ao início das atividades da empresa ({{n}}).',
    en: 'The date cannot be before the company started its activities ({{n}}).',
  },
  dataAntesCompetencia: {
    pt: 'A regularização não pode ser anterior à competência da pendência ({{n}}).',
    en: 'The regularization cannot be before the pendência\'s period ({{n}}).',
  },
  competenciaFutura: {
    pt: 'A competência não pode ser posterior ao mês corrente ({{n}}).',
    en: 'The period cannot be after the current month ({{n}}).',
  },
  competenciaAntesInicioAtividade: {
    pt: 'A competência não pode ser anterior ao mês de início das atividades da empresa ({{n}}).',
    en: 'The period cannot be before the month the company started its activities ({{n}}).',
  },
  dataEfeitoAntesPublicacao: {
    pt: 'O efeito legal do edital não pode ser anterior à sua publicação ({{n}}).',
    en: 'The notice\'s legal effect cannot be before its publication ({{n}}).',
  },
  cepForaDoMunicipio: {
    pt: 'O CEP não pertence ao município informado (faixa dos Correios: {{n}}).',
    en: 'The CEP does not belong to the chosen municipality (Correios range: {{n}}).',
  },
  cepForaDaUf: {
    pt: 'O CEP não pertence a Alagoas (faixa dos Correios: {{n}}).',
    en: 'The CEP does not belong to Alagoas (Correios range: {{n}}).',
  },
  naInscricao: {
    pt: 'Inscrição {{n}}, da mesma raiz de CNPJ, que receberia o novo porte:',
    en: 'Registration {{n}}, of the same CNPJ root, which would get the new size:',
  },
  cnpjNaoAtivoNaReceita: {
    pt: 'O CNPJ está {{n}} na Receita Federal: confirme que deseja reativar a inscrição mesmo assim.',
    en: 'The CNPJ is {{n}} at the Receita Federal: confirm that you want to reactivate the registration anyway.',
  },
} as const satisfies Record<string, { pt: string; en: string }>;

export type CodigoRegra = keyof typeof MENSAGENS_REGRAS;

/**
 * A broken rule: its code, the field it concerns (when one) and the value the text names; `inscricao`
 * when it was found on another registration the change reaches (a porte propagated to the CNPJ root).
 */
export interface Violacao {
  regra: CodigoRegra;
  campo?: string;
  n?: string;
  inscricao?: string;
}

/** The pt-BR (or English) text of a violation, its value in place (and the registration it concerns first). */
export function textoRegra(v: Violacao, idioma: 'pt' | 'en' = 'pt'): string {
  const texto = MENSAGENS_REGRAS[v.regra][idioma].replace('{{n}}', v.n ?? '');
  return v.inscricao ? `${MENSAGENS_REGRAS.naInscricao[idioma].replace('{{n}}', v.inscricao)} ${texto}` : texto;
}

/** The field error's message: the code, its value after a colon (the `V` convention), the other registration after '@'. */
export const codigoRegra = (v: Violacao) => `${v.n === undefined ? v.regra : `${v.regra}:${v.n}`}${v.inscricao ? `@${v.inscricao}` : ''}`;

/** codigoRegra read back (the SPA words a server's field error with it). */
export function lerCodigoRegra(mensagem: string): { codigo: string; n?: string; inscricao?: string } {
  const [antes, inscricao] = mensagem.split('@') as [string, string | undefined];
  const i = antes.indexOf(':');
  return { codigo: i < 0 ? antes : antes.slice(0, i), ...(i < 0 ? {} : { n: antes.slice(i + 1) }), ...(inscricao ? { inscricao } : {}) };
}

/** The texts as i18n `validation` entries of one language. */
export const validacoesRegras = (idioma: 'pt' | 'en') =>
  Object.fromEntries(Object.entries(MENSAGENS_REGRAS).map(([k, m]) => [k, m[idioma]])) as Record<CodigoRegra, string>;
