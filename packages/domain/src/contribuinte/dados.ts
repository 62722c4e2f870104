import { z } from 'zod';
import { formatCep } from '../formato/codigos.js';
import type { Enquadramento } from '../regras/porte.js';

const Ref = z.object({ id: z.number().int(), descricao: z.string() });

export const Endereco = z.object({
  id: z.number().int(),
  tipoEnderecoId: z.number().int(),
  tipoEndereco: z.string(),
  ehPrincipal: z.boolean(),
  paisId: z.number().int(),
  pais: z.object({ nome: z.string() }),
  uf: z.string().nullable(),
  municipio: z.object({ id: z.number().int(), nome: z.string(), codigoUf: z.string() }).nullable(),
  codigoTipoLogradouro: z.number().int().nullable(),
  tipoLogradouro: z.string().nullable(),
  logradouro: z.string(),
  numeroImovel: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cep: z.string().nullable(),
  referencia: z.string().nullable(),
  enderecoEletronico: z.string().nullable(),
  numeroLatitude: z.string().nullable(),
  numeroLongitude: z.string().nullable(),
});
export type Endereco = z.infer<typeof Endereco>;

export const Telefone = z.object({
  id: z.number().int(),
  codigoTipoTelefone: z.number().int(),
  descricaoTipoTelefone: z.string(),
  ddd: z.string(),
  numeroTelefone: z.string(),
});
export type Telefone = z.infer<typeof Telefone>;

/**
 * Versions of what the registration shares with the company's other registrations (issue 29), read
 * before the data they cover: `contato` (nome fantasia, e-mail: the person's version), the person's
 * `telefones` and `enderecos`, the head office's `socios` (QSA) and `responsavel`. A registry event
 * carries them back; a part changed meanwhile through another registration → 409.
 */
export const VersoesCompartilhadas = z.object({
  contato: z.number().int().min(0),
  telefones: z.number().int().min(0),
  enderecos: z.number().int().min(0),
  socios: z.number().int().min(0),
  responsavel: z.number().int().min(0),
});
export type VersoesCompartilhadas = z.infer<typeof VersoesCompartilhadas>;

/** §3 Taxpayer, the "Dados Cadastrais" tab (obterDadosCadastrais). Days are yyyy-MM-dd. */
export const DadosCadastrais = z.object({
  numeroPessoa: z.number().int(),
  numeroPessoaRaiz: z.number().int(),
  numeroCaceal: z.number().int(),
  /** The registration's optimistic-lock version: a registry event (POST eventos) carries it back. */
  version: z.number().int(),
  versoes: VersoesCompartilhadas,
  identificacao: z.object({
    digitoCaceal: z.number().int(),
    cnpj: z.string(),
    razaoSocial: z.string(),
    nomeFantasia: z.string().nullable(),
    naturezaJuridica: z.object({ id: z.number().int(), codigoNaturezaJuridica: z.string(), descricao: z.string() }).nullable(),
    valorCapitalSocial: z.string().nullable(),
    dataInicioAtividade: z.string(),
    /** The company's first activity start (its head office's and branches' earliest): the lower bound of an event's dates (issue 30). */
    inicioEmpresa: z.string(),
    tipoContribuinte: Ref,
    porte: Ref.nullable(),
    indicadorMatriz: z.enum(['Matriz', 'Filial']),
    ehMei: z.boolean(),
    ehOptanteDoSimples: z.boolean(),
    endereco: Endereco.nullable(),
    enderecos: z.array(Endereco),
    telefones: z.array(Telefone),
    email: z.string().nullable(),
  }),
  sublimiteSN: z.boolean().nullable(),
  situacaoCadastral: z.object({
    idSituacao: z.number().int(),
    situacaoCadastralContribuinte: z.string(),
    situacaoCadastralPj: z.string().nullable(),
    descricaoMotivoSituacaoCadastral: z.string().nullable(),
    dataSituacao: z.string(),
  }),
  processamentoDados: z.object({
    opcaoLivroEletronico: z.boolean().nullable(),
    dataAutorizacaoLivroEletronico: z.string().nullable(),
    opcaoDocumentoEletronico: z.boolean().nullable(),
    dataAutorizacaoDocumentoEletronico: z.string().nullable(),
    opcaoLivrosFiscais: z.boolean().nullable(),
    dataAutorizacaoLivrosFiscais: z.string().nullable(),
    usoObrigatorioDoSped: z.boolean().nullable(),
  }),
  formasAtuacao: z.array(Ref),
  tipoUnidade: z.array(Ref),
});
export type DadosCadastrais = z.infer<typeof DadosCadastrais>;

/** What the porte rule (LC 123/2006) reads of a registration as loaded: the server judges a new porte against the same. */
export const enquadramentoDe = (d: DadosCadastrais): Enquadramento => ({
  naturezaJuridicaId: d.identificacao.naturezaJuridica?.id, porteId: d.identificacao.porte?.id ?? null,
  ehMei: d.identificacao.ehMei, ehOptanteSimples: d.identificacao.ehOptanteDoSimples,
});

/** An address on one line, as certificates and lists print it. */
export function enderecoEmLinha(e: Endereco): string {
  const cep = formatCep(e.cep);
  const rua = [e.tipoLogradouro, e.logradouro].filter(Boolean).join(' ') + (e.numeroImovel ? `, ${e.numeroImovel}` : ', S/N');
  const lugar = e.municipio ? `${e.municipio.nome}/${e.municipio.codigoUf}` : [e.uf, e.pais.nome].filter(Boolean).join(' - ');
  return [rua, e.complemento, e.bairro, lugar, cep && `CEP ${cep}`].filter(Boolean).join(' - ');
}

/** Phones on one line, as the sheet and the tabs show them: "Celular: (82) 99123-4567 · Fixo: (82) 3221-0000". */
export function telefonesEmLinha(telefones: readonly Telefone[]): string {
  return telefones.map((t) => `${t.descricaoTipoTelefone}: ${formatTelefoneDdd(t.ddd, t.numeroTelefone)}`).join(' · ');
}

/** A phone with its area code, as written in Brazil: (82) 3333-4444, (82) 99999-8888; no DDD, the number alone. */
export function formatTelefoneDdd(ddd: string | null | undefined, numero: string): string {
  const d = (ddd ?? '').trim();
  return d ? `(${d}) ${formatTelefone(numero)}` : formatTelefone(numero);
}

/** 8 digits → 9999-9999, 9 digits → 99999-9999; anything else as stored. */
export function formatTelefone(numero: string): string {
  return /^\d{8,9}$/.test(numero) ? `${numero.slice(0, -4)}-${numero.slice(-4)}` : numero;
}
