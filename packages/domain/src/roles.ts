/**
 * Authorities of §6. The API guards routes with these constants and the SPA's route table and
 * menus read the very same ones, so a role can never be spelled two ways.
 */
export const Authority = {
  ADMIN: 'ROLE_ADMIN',
  USER: 'ROLE_USER',
  // Taxpayers
  CON_DADOS_CONTRI: 'ROLE_CAD_CON_DADOS_CONTRI',
  MAN_DADOS_CONTRI: 'ROLE_CAD_MAN_DADOS_CONTRI', // "supertela": every edit on the taxpayer
  CON_SITU_CONTRI: 'ROLE_CAD_CON_SITU_CONTRI',
  ALT_SITU_CNPJ: 'ROLE_CAD_ALT_SITU_CNPJ',
  SINC_GESTOR: 'ROLE_CAD_SINC_GESTOR',
  MEU_CADASTRO: 'ROLE_CAD_MEU_CADASTRO',
  // Pendencias
  CON_PEND_OFICIO: 'ROLE_CAD_CON_PEND_OFICIO',
  MAN_PEND_OFICIO: 'ROLE_CAD_MAN_PEND_OFICIO',
  // Person and history
  CON_PESSOA: 'ROLE_CAD_CON_PESSOA',
  CAD_PESSOA_INFOC: 'ROLE_CAD_CAD_PESSOA_INFOC',
  CON_HISTORICO: 'ROLE_CAD_CON_HISTORICO',
  CON_HIS_INFOCONV: 'ROLE_CAD_CON_HIS_INFOCONV',
  // Notices
  CON_EDITAL: 'ROLE_CAD_CON_EDITAL',
  CON_EDITAL_PUBLI: 'ROLE_CAD_CON_EDITAL_PUBLI',
  EDITAR_EDITAL: 'ROLE_CAD_EDITAR_EDITAL',
  // Statements (manifestacoes)
  MAN_MANIFESTACAO: 'ROLE_MAN_MANIFESTACAO',
  NFC: 'ROLE_NFC',
  CON_MANIFESTACAO: 'ROLE_CON_MANIFESTACAO',
  // Reports
  REL_SOL_BAI: 'ROLE_CAD_CON_REL_SOL_BAI',
  REL_CONT_ATI: 'ROLE_CAD_CON_REL_CONT_ATI',
  REL_EVENTOS: 'ROLE_CAD_CON_REL_EVENTOS',
  REL_CACE_FOI: 'ROLE_CAD_CON_REL_CACE_FOI',
  REL_CACE_NUL: 'ROLE_CAD_CON_REL_CACE_NUL',
  REL_CACE_ATI: 'ROLE_CAD_CON_REL_CACE_ATI',
  REL_CA_AT_UF: 'ROLE_CAD_CON_REL_CA_AT_UF',
  REL_CA_SU_TE: 'ROLE_CAD_CON_REL_CA_SU_TE',
  REL_MUL_CAVI: 'ROLE_CAD_CON_REL_MUL_CAVI',
  REL_CONT_GER: 'ROLE_CAD_CON_REL_CONT_GER',
} as const;

export type Authority = (typeof Authority)[keyof typeof Authority];

export const ALL_AUTHORITIES: readonly Authority[] = Object.values(Authority);

export const REPORT_AUTHORITIES: readonly Authority[] = ALL_AUTHORITIES.filter((a) =>
  a.startsWith('ROLE_CAD_CON_REL_'),
);

/** The accountant area (manifestacao-contador: confirmation, statements, re-registration): one list for its routes and screens. */
export const AREA_CONTADOR: readonly Authority[] = [Authority.SINC_GESTOR, Authority.MAN_MANIFESTACAO, Authority.NFC];

/** Tax staff of the accountant area: any accountant's statements (Consulta do Fazendário) and the company lists. */
export const FAZENDARIO_CONTADOR: readonly Authority[] = [Authority.CON_MANIFESTACAO, Authority.SINC_GESTOR];

/**
 * The registry's own readers: the roles whose screens already show any taxpayer or person whole
 * (detail, person lookup, the supertela). Outside them an individual's CPF on a public document (the
 * FIC) is masked unless it is the reader's own registration; what they print is an act of the registry.
 */
export const LEITORES_DO_CADASTRO: readonly Authority[] = [Authority.CON_DADOS_CONTRI, Authority.MAN_DADOS_CONTRI, Authority.CON_PESSOA];

export function isAuthority(value: string): value is Authority {
  return (ALL_AUTHORITIES as readonly string[]).includes(value);
}

/** True when the holder has at least one of the required authorities (an empty list needs none). */
export function hasAnyAuthority(held: readonly string[] | undefined, required: readonly string[]): boolean {
  if (required.length === 0) return true;
  if (!held) return false;
  return required.some((r) => held.includes(r));
}
