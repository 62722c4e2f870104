import { useQuery } from '@tanstack/react-query';
import type {
  ConfirmacaoPublicacao, ConsultaEditalInput, DadosContribuinteEdital, EditalDetalhe, EditalEdicao, EditalForm, PaginaEditais, ResultadoPublicacao,
} from '@cadastro/domain';
import { REGISTRY_API_BASE } from '@cadastro/domain';
import { http } from '../../ui/http';
import { useUserKey } from '../../ui/session';

const base = `${REGISTRY_API_BASE}/edital`;
export const ITENS_POR_PAGINA = 10;
export interface Opcao { id: number; descricao: string }

/** Reference lists of the notice screens (public combos, cached). */
export function useCombo<T = Opcao>(path: string, enabled = true) {
  return useQuery({ queryKey: ['combo', path], queryFn: () => http.get<T[]>(`${REGISTRY_API_BASE}/${path}`), staleTime: 3600_000, enabled });
}

export function useConsultaEditais(q: ConsultaEditalInput | null, pagina: number) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['edital', 'consulta', q, pagina]),
    queryFn: ({ signal }) => http.post<PaginaEditais>(`${base}/consultar`, q, { query: { paginaAtual: pagina - 1, itensPorPagina: ITENS_POR_PAGINA }, signal }),
    enabled: q !== null,
  });
}

export interface ConsultaPublica { numero?: string; tipoEdital?: number; caceal?: number; dataInicioPublicacao?: string; dataFimPublicacao?: string }
export function useConsultaPublica(q: ConsultaPublica | null, pagina: number) {
  return useQuery({
    queryKey: ['edital', 'publica', q, pagina],
    queryFn: ({ signal }) => http.post<PaginaEditais>(`${REGISTRY_API_BASE}/public/edital/consultar`, q, { query: { paginaAtual: pagina - 1, itensPorPagina: ITENS_POR_PAGINA }, signal }),
    enabled: q !== null,
  });
}

export function useEdital(id: number | null) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['edital', 'detalhe', id]),
    queryFn: ({ signal }) => http.get<EditalDetalhe>(`${base}/por-id/${id}`, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useEhResponsavel(id: number | null) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['edital', 'responsavel', id]),
    queryFn: () => http.get<boolean>(`${base}/verificarSePessoaLogadaEhResponsavel/${id}`, { silent: true }),
    enabled: id !== null,
  });
}

export const cadastrar = (f: EditalForm) => http.post<{ edital: { id: number; numero: string }; mensagem: string }>(`${base}/cadastro`, f, { silent: true });
export const editar = (f: EditalEdicao) => http.post<{ mensagem: string }>(`${base}/edicao`, f, { silent: true });
export const assinar = (id: number, version: number) => http.post<{ numero: string; codigoSituacao: number; situacaoEdital: string }>(`${base}/assinatura`, { id, version }, { silent: true });
export const confirmar = (c: ConfirmacaoPublicacao) => http.post<ResultadoPublicacao>(base, c, { silent: true });
export const republicar = (id: number, dataPublicacao: string) => http.post<ResultadoPublicacao>(`${base}/republicacao`, { id, dataPublicacao }, { silent: true });
export const excluir = (id: number) => http.delete<{ mensagem: string }>(`${base}/excluir/${id}`, { silent: true });
export const dadosContribuintes = (caceals: number[]) => http.post<DadosContribuinteEdital>(`${base}/obterDadosContribuinte`, caceals, { silent: true });
