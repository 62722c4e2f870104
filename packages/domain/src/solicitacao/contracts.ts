import { z } from 'zod';
import { Inteiro } from '../common/inteiro.js';
import { Dia } from '../common/dias.js';
import { isValidCnpj, onlyCnpjChars } from '../documents/index.js';

/** §3 Request (RDS: REDESIM) as the taxpayer's Solicitações tab lists it. */
export const SolicitacaoRds = z.object({
  numProtocoloRedesim: z.string(),
  codTipoStatusProcessamento: z.number().int(),
  dscTipoStatusProcessamento: z.string(),
  numCnpj: z.string(),
  nomEmpresarial: z.string(),
  /** ISO instant. */
  dthSolicitacao: z.string(),
  codEventosUnificados: z.string().nullable(),
});
export type SolicitacaoRds = z.infer<typeof SolicitacaoRds>;

/** §3 Request (CSN: Simples Nacional). */
export const SolicitacaoCsn = z.object({
  numReciboSolicitacao: z.string(),
  numIdentificacaoSolicitacao: z.string(),
  numCnpj: z.string(),
  nomEmpresarial: z.string(),
  codTipoStatusProcessamento: z.number().int(),
  dscTipoStatusProcessamento: z.string(),
  /** yyyy-MM-dd */
  datEvento: z.string(),
  codEvento: z.string().nullable(),
});
export type SolicitacaoCsn = z.infer<typeof SolicitacaoCsn>;

/** GET solicitacao/consultar: both sources' requests (newest first). */
export const SolicitacoesEncontradas = z.object({ rds: z.array(SolicitacaoRds), csn: z.array(SolicitacaoCsn) });
export type SolicitacoesEncontradas = z.infer<typeof SolicitacoesEncontradas>;

export const CnpjSolicitacao = z.string().max(40).transform(onlyCnpjChars).refine((d) => /^[0-9A-Z]{12}\d{2}$/.test(d) && isValidCnpj(d), 'cnpj');

/** §3 request query (dataSolicitacao, codigoSituacao/situacao, cnpj): a CNPJ or a day is required. */
export const ConsultaSolicitacoes = z
  .object({
    cnpj: CnpjSolicitacao.optional(),
    dataSolicitacao: Dia.optional(),
    situacao: Inteiro(z.number().int().min(1).max(99)).optional(),
  })
  .refine((q) => q.cnpj !== undefined || q.dataSolicitacao !== undefined, { path: ['cnpj'], message: 'required' });

/** A protocol (REDESIM: letters and digits) in a path. */
export const ProtocoloParam = z.string().regex(/^[0-9A-Z]{1,20}$/, 'pattern');

export const EventoSolicitacao = z.object({ codEvento: z.string(), dscEvento: z.string().nullable() });

/** solicitacao/{id}: protocol and date, processing status, events, the product's situation. */
export const DetalheSolicitacao = z.object({
  numProtocoloRedesim: z.string(),
  dthSolicitacao: z.string(),
  codTipoStatusProcessamento: z.number().int(),
  dscTipoStatusProcessamento: z.string(),
  numCnpj: z.string(),
  nomEmpresarial: z.string(),
  /** The product asked for (the state registration) and its situation (§4 situation colours). */
  produto: z.string(),
  situacao: z.string().nullable(),
  solicitacaoEventos: z.array(EventoSolicitacao),
});
export type DetalheSolicitacao = z.infer<typeof DetalheSolicitacao>;

/** identificacao/{id} (§3 detail content identificacao). porteEnquadramento 3 means MEI. */
export const IdentificacaoSolicitacao = z.object({
  nomeEmpresarial: z.string(),
  nomFantasia: z.string().nullable(),
  numCnpj: z.string(),
  naturezaJuridicaCad: z.string().nullable(),
  porteEnquadramento: z.number().int().nullable(),
  valorCapitalSocial: z.string().nullable(),
  simplesNacional: z.object({ indSimplesNacional: z.enum(['S', 'N']) }),
  endereco: z.string().nullable(),
  formaAtuacaoEmpresas: z.array(z.string()),
  tiposUnidades: z.array(z.string()),
  dscTipoUnidade: z.string().nullable(),
  responsavelLegal: z.object({ numCpf: z.string(), nome: z.string() }).nullable(),
});
export type IdentificacaoSolicitacao = z.infer<typeof IdentificacaoSolicitacao>;

export const AtividadeSolicitacao = z.object({ codigoCnae: z.string(), descricao: z.string(), principal: z.boolean() });
export const ContabilistaSolicitacao = z.object({ numDocumento: z.string(), nome: z.string(), crc: z.string().nullable() });
export const SocioSolicitacao = z.object({
  numDocumento: z.string(),
  nome: z.string(),
  qualificacaoSocioList: z.array(z.string()),
});
export const MensagemSolicitacao = z.object({ dthProcessamento: z.string(), dscMensagem: z.string() });
export type AtividadeSolicitacao = z.infer<typeof AtividadeSolicitacao>;
export type ContabilistaSolicitacao = z.infer<typeof ContabilistaSolicitacao>;
export type SocioSolicitacao = z.infer<typeof SocioSolicitacao>;
export type MensagemSolicitacao = z.infer<typeof MensagemSolicitacao>;

/** The public consultation: a protocol or a CNPJ, and the day of the request (both known to the applicant). */
export const ConsultaPublicaSolicitacao = z
  .object({
    protocolo: z.string().regex(/^[0-9A-Za-z]{1,20}$/, 'pattern').transform((s) => s.toUpperCase()).optional(),
    cnpj: CnpjSolicitacao.optional(),
    dataSolicitacao: Dia,
  })
  .refine((q) => (q.protocolo === undefined) !== (q.cnpj === undefined), { path: ['protocolo'], message: 'required' });

/** What the public sees of a request: status and messages only (no partner, no personal data). */
export const SolicitacaoPublica = z.object({
  sistema: z.enum(['RDS', 'CSN']),
  protocolo: z.string(),
  numCnpj: z.string(),
  nomEmpresarial: z.string(),
  dthSolicitacao: z.string(),
  codTipoStatusProcessamento: z.number().int(),
  dscTipoStatusProcessamento: z.string(),
  mensagens: z.array(MensagemSolicitacao),
});
export type SolicitacaoPublica = z.infer<typeof SolicitacaoPublica>;

/** contribuinte/obterContribuinte/{id} (public): the company of a CNPJ as the public registry shows it. */
export const ContribuintePublico = z.object({
  cnpj: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  situacaoCadastral: z.string().nullable(),
});
export type ContribuintePublico = z.infer<typeof ContribuintePublico>;

/**
 * §4 status colours. REDESIM: green concluded with approval; yellow suspended, in requirement,
 * duplicate; red concluded with rejection, out of interest, accepted with error, processed with
 * error, cancelled, expired; none for the rest. Simples Nacional by the same reading of its list.
 */
const COR_RDS: Readonly<Record<number, 'green' | 'yellow' | 'red'>> = { 4: 'green', 10: 'yellow', 11: 'yellow', 13: 'yellow', 5: 'red', 6: 'red', 3: 'red', 7: 'red', 8: 'red', 9: 'red' };
const COR_CSN: Readonly<Record<number, 'green' | 'yellow' | 'red'>> = {
  1: 'green', 7: 'yellow', 2: 'red', 4: 'red', 5: 'red', 8: 'red', 9: 'red', 10: 'red', 11: 'red', 12: 'red', 13: 'red',
};
export const corStatusSolicitacao = (sistema: 'RDS' | 'CSN', codigo: number) => (sistema === 'RDS' ? COR_RDS : COR_CSN)[codigo] ?? null;

/** §4 situation colours: yellow awaiting request / under analysis / in requirement; green issued; red revoked, cassado, annulled, suspended, cancelled, rejected. */
export function corSituacaoSolicitacao(situacao: string | null): 'green' | 'yellow' | 'red' | null {
  if (!situacao) return null;
  const s = situacao.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  if (/AGUARDANDO|EM ANALISE|EXIGENCIA/.test(s)) return 'yellow';
  if (/EMITID|DEFERID/.test(s) && !/INDEFERID/.test(s)) return 'green';
  if (/REVOGAD|CASSAD|ANULAD|SUSPENS|CANCELAD|INDEFERID|REJEITAD/.test(s)) return 'red';
  return null;
}
