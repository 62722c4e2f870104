import type { Violacao } from './mensagens.js';

/**
 * CONCLA natureza jurídica codes (ref_natureza_juridica ids: the code without its hyphen). 412-0 is of the
 * table's section 4, Pessoas Físicas: the rural producer, here the nature of a registration held by a CPF.
 */
export const NATUREZA = {
  SA_ABERTA: 2046, SA_FECHADA: 2054, LTDA: 2062, EMPRESARIO: 2135, COOPERATIVA: 2143, SOCIEDADE_SIMPLES_LTDA: 2240, EIRELI: 2305,
  PRODUTOR_RURAL_PF: 4120,
} as const;

/** Receita Federal — Tabela de Qualificação do Sócio/Responsável: the codes these rules name. */
export const QUALIFICACAO = {
  ADMINISTRADOR: 5, CONSELHEIRO: 8, DIRETOR: 10, PRESIDENTE: 16, SOCIO: 22, SOCIO_ADMINISTRADOR: 49, EMPRESARIO: 50,
  TITULAR_PF: 65, TITULAR_PF_EXTERIOR: 66, TITULAR_PF_INCAPAZ: 67, TITULAR_PF_MENOR: 68,
  ADMINISTRADOR_EXTERIOR: 70, CONSELHEIRO_EXTERIOR: 71, DIRETOR_EXTERIOR: 72, PRESIDENTE_EXTERIOR: 73, SOCIO_ADMINISTRADOR_EXTERIOR: 74,
} as const;
const Q = QUALIFICACAO;

export type Forma = 'individual' | 'limitada' | 'acoes' | 'eireli' | 'outra';

/** The legal form a nature's QSA follows (CONCLA category 2, entidades empresariais). */
export function formaDaNatureza(natureza: number | null | undefined): Forma {
  switch (natureza) {
    case NATUREZA.EMPRESARIO: return 'individual';
    case NATUREZA.LTDA: case NATUREZA.SOCIEDADE_SIMPLES_LTDA: return 'limitada';
    case NATUREZA.SA_ABERTA: case NATUREZA.SA_FECHADA: case NATUREZA.COOPERATIVA: return 'acoes';
    case NATUREZA.EIRELI: return 'eireli';
    default: return 'outra';
  }
}

/**
 * The qualifications a QSA of each form admits, among the Receita's table codes (ref_qualificacao):
 * a limited company has partners (sócio, sócio-administrador, residents abroad, minors/incapable, treasury
 * quotas) and non-partner administrators; an S.A. or cooperative has administrators, board members,
 * directors and a president — never "sócio"; an EIRELI its titular (and administrators).
 * `null`: the form's QSA is not checked here.
 */
const QSA: Record<Forma, readonly number[] | null> = {
  individual: [],
  limitada: [Q.ADMINISTRADOR, Q.SOCIO, 28, 29, 30, 37, 38, Q.SOCIO_ADMINISTRADOR, 63, Q.ADMINISTRADOR_EXTERIOR, Q.SOCIO_ADMINISTRADOR_EXTERIOR],
  acoes: [Q.ADMINISTRADOR, Q.CONSELHEIRO, Q.DIRETOR, Q.PRESIDENTE, Q.ADMINISTRADOR_EXTERIOR, Q.CONSELHEIRO_EXTERIOR, Q.DIRETOR_EXTERIOR, Q.PRESIDENTE_EXTERIOR],
  eireli: [Q.ADMINISTRADOR, Q.TITULAR_PF, Q.TITULAR_PF_EXTERIOR, Q.TITULAR_PF_INCAPAZ, Q.TITULAR_PF_MENOR, 78, 79, Q.ADMINISTRADOR_EXTERIOR],
  outra: null,
};
/** Partner qualifications that make a limited company's QSA have a partner. */
const SOCIOS_DE_FATO = [Q.SOCIO, 28, 29, 30, 37, 38, Q.SOCIO_ADMINISTRADOR, Q.SOCIO_ADMINISTRADOR_EXTERIOR];

/** The responsible's qualification by form: the titular, a partner-administrator, a director… */
const RESPONSAVEL: Record<Forma, readonly number[] | null> = {
  individual: [Q.EMPRESARIO],
  limitada: [Q.ADMINISTRADOR, Q.SOCIO_ADMINISTRADOR, Q.ADMINISTRADOR_EXTERIOR, Q.SOCIO_ADMINISTRADOR_EXTERIOR],
  acoes: [Q.ADMINISTRADOR, Q.DIRETOR, Q.PRESIDENTE, Q.ADMINISTRADOR_EXTERIOR, Q.DIRETOR_EXTERIOR, Q.PRESIDENTE_EXTERIOR],
  eireli: [Q.ADMINISTRADOR, Q.TITULAR_PF, Q.TITULAR_PF_EXTERIOR, Q.TITULAR_PF_INCAPAZ, Q.TITULAR_PF_MENOR, Q.ADMINISTRADOR_EXTERIOR],
  outra: null,
};

export const qualificacoesDoQsa = (natureza: number | null | undefined) => QSA[formaDaNatureza(natureza)];
export const qualificacoesDoResponsavel = (natureza: number | null | undefined) => RESPONSAVEL[formaDaNatureza(natureza)];

const codigo = (q: number) => String(q).padStart(2, '0');

/** The QSA (a list of qualification ids, in the order sent) against the company's legal nature. */
export function violacaoQsa(natureza: number | null | undefined, socios: readonly { qualificacaoId: number }[]): Violacao | null {
  const forma = formaDaNatureza(natureza);
  if (forma === 'individual' && socios.length) return { regra: 'qsaEmpresarioSemSocios', campo: '0.numeroPessoaSocio' };
  const admitidas = QSA[forma];
  if (admitidas) {
    const i = socios.findIndex((s) => !admitidas.includes(s.qualificacaoId));
    if (i >= 0) return { regra: 'qsaQualificacaoNatureza', campo: `${i}.qualificacaoId`, n: codigo(socios[i]!.qualificacaoId) };
  }
  if (forma === 'limitada' && !socios.some((s) => SOCIOS_DE_FATO.includes(s.qualificacaoId))) return { regra: 'qsaLimitadaSemSocio' };
  return null;
}

/** The responsible's qualification against the company's legal nature. */
export function violacaoResponsavel(natureza: number | null | undefined, qualificacaoId: number): Violacao | null {
  const admitidas = RESPONSAVEL[formaDaNatureza(natureza)];
  if (admitidas && !admitidas.includes(qualificacaoId)) return { regra: 'responsavelQualificacaoNatureza', campo: 'qualificacaoId', n: codigo(qualificacaoId) };
  return null;
}
