import type { Authority } from '@cadastro/domain';
import type { Client } from '../harness.js';

/** Real keys of the seeded registry (and records made for the table) a sample request names. */
export interface Valores {
  hoje: string;
  caceal: string;
  numeroPessoa: string;
  cnpj: string;
  cpf: string;
  numeroPessoaCpf: string;
  versaoPessoaCpf: number;
  nomePessoaCpf: string;
  /** A registration no other sample reads: DELETE contribuinte/{id} may remove it. */
  cacealOutro: string;
  numeroPessoaOutro: string;
  situacaoMotivo: { situacao: number; motivo: number };
  cnpjGestor: string;
  contadorEdicao: unknown;
  crc: string;
  classificacao: number;
  numeroPessoaContador: string;
  documentoContador: string;
  cacealDoContador: number;
  manifestacaoId: string;
  enderecoRecadastro: unknown;
  documentoProcurador: string;
  cpfReceita: string;
  cnpjReceita: string;
  pendencia: { sequencial: number; version: number };
  pendenciaAlterada: unknown;
  protocolo: string;
  cnpjSolicitacao: string;
  editalId: string;
  editalNumero: string;
  editalProntoId: string;
  editalExcluirId: string;
  editalPublicadoId: string;
  editalNovo: unknown;
  editalEdicao: unknown;
  chaveAtivacao: string;
  chaveRedefinicao: string;
}

/** What a sample may ask the running app (a record another call of the table created). */
export interface Extra {
  admin: Client;
}

type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the spec's §7, as the contract test drives it: the fragment of §7 that names it
 * (verbatim), the verb and full path the spec gives (`{name}` filled from Valores), who may call
 * it, and a valid sample. `quem`: the demo account that calls it when the first holder of the role
 * is not the right one (the accountant's own calls, the notice's responsible person).
 */
export interface Chamada {
  spec: string;
  metodo: Metodo;
  caminho: string;
  papel: Authority | 'publico' | 'autenticado';
  query?: (v: Valores) => Record<string, string>;
  corpo?: (v: Valores, x: Extra) => unknown;
  quem?: string;
  /** The response fields §7 names (checked on the answer to the sample, which must then be 2xx). */
  campos?: string[];
  /** A response header §7 names (the token of authenticate, the audits' total). */
  cabecalho?: string;
}

export const API = '/api';
export const REG = '/sfz-cadastro-api/api';
export const MGMT = '/management';
