import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ContadorArea, CrcClassificacao, GerarManifestacoes, Manifestacao, ManifestacoesContador, PaginaContribuintesManifestacao, PaginaEmpresasNegacao, PaginaEmpresasSemManifestacao,
  Recadastro, RecadastroSalvo,
} from '@cadastro/domain';
import { ERRO_NIVEL_GOVBR, REGISTRY_API_BASE } from '@cadastro/domain';
import type { TFunction } from 'i18next';
import { HttpError, http } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';
import { useUserKey } from '../../ui/session';

const api = REGISTRY_API_BASE;

export const confirmarContador = (p: CrcClassificacao) => http.post<ContadorArea>(`${api}/contador/autenticado`, p, { silent: true });
export const salvarRecadastro = (p: Recadastro) => http.put<RecadastroSalvo>(`${api}/contador/recadastro`, p, { silent: true });
export const gerarManifestacoes = (p: GerarManifestacoes) =>
  http.post<{ nomeContador: string; manifestacoes: Manifestacao[] }>(`${api}/manifestacao/gerar`, p, { silent: true });

export const POR_PAGINA_MANIFESTACOES = 20;

/** The list's page and filter as the server takes them (0-based page, 20 rows). */
const pedidoDaLista = (o: { page?: number; filtro?: string; somenteAtivas?: boolean }) =>
  ({ page: (o.page ?? 1) - 1, size: POR_PAGINA_MANIFESTACOES, filtro: o.filtro || undefined, somenteAtivas: o.somenteAtivas || undefined });

/**
 * A page of the accountant's statements (tax staff: any accountant; an accountant: their own), paged
 * and filtered on the server (#32: hundreds of rows were one long page), with the active ones' counts.
 */
export function useManifestacoes(p: CrcClassificacao | null, o: { page?: number; filtro?: string; somenteAtivas?: boolean } = {}) {
  const userKey = useUserKey();
  const corpo = { ...p, ...pedidoDaLista(o) };
  return useQuery({
    enabled: !!p,
    queryKey: userKey(['contador', 'manifestacoes', corpo]),
    queryFn: ({ signal }) => http.post<ManifestacoesContador>(`${api}/manifestacao/consultar`, corpo, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A page of the signed-in account's own accountant's statements, paged the same way (404: the account is linked to none). */
export function useManifestacoesDoUsuario(enabled: boolean, o: { page?: number; filtro?: string } = {}) {
  const userKey = useUserKey();
  const corpo = pedidoDaLista(o);
  return useQuery({
    enabled,
    queryKey: userKey(['contador', 'manifestacoes', 'usuario', corpo]),
    queryFn: ({ signal }) => http.post<ManifestacoesContador>(`${api}/manifestacao/consultarPorUsuario`, corpo, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * A page (20) of the accountant's client companies by name, filtered on the server, with how many match
 * and how many there are (issue 40 §1: the whole list stopped at 5,000 companies, the rest dropped in silence).
 */
export function useContribuintesDoContador(p: CrcClassificacao | null, o: { page: number; filtro?: string }) {
  const userKey = useUserKey();
  const corpo = p && { ...p, page: o.page - 1, size: POR_PAGINA_MANIFESTACOES, filtro: o.filtro?.trim() || undefined };
  return useQuery({
    enabled: !!p,
    queryKey: userKey(['contador', 'contribuintes', corpo]),
    queryFn: ({ signal }) => http.post<PaginaContribuintesManifestacao>(`${api}/contribuinte/porContador`, corpo, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSemManifestacao(p: { dataInicial: string; dataFinal: string; page: number } | null) {
  const userKey = useUserKey();
  return useQuery({
    enabled: !!p,
    queryKey: userKey(['contador', 'sem', p]),
    queryFn: ({ signal }) =>
      http.get<PaginaEmpresasSemManifestacao>(`${api}/contribuinte/semManifestacaoPaginado`, { query: { dataInicial: p!.dataInicial, dataFinal: p!.dataFinal, page: p!.page - 1, size: 10 }, silent: true, signal }),
    retry: false,
  });
}

/** A page (20) of the companies with a denial in the period, filtered on the server (#32: the whole list was sliced here), with the totals. */
export function useComNegacao(p: { dataInicial: string; dataFinal: string; page: number; filtro?: string } | null) {
  const userKey = useUserKey();
  const corpo = p && { dataInicial: p.dataInicial, dataFinal: p.dataFinal, page: p.page - 1, size: POR_PAGINA_MANIFESTACOES, filtro: p.filtro || undefined };
  return useQuery({
    enabled: !!p,
    queryKey: userKey(['contador', 'negacao', corpo]),
    queryFn: ({ signal }) => http.post<PaginaEmpresasNegacao>(`${api}/contribuinte/comManifestacaoNegacaoSemEvento`, corpo, { silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useClassificacoes() {
  return useQuery({
    queryKey: ['combo', 'classificacao-contador'],
    queryFn: ({ signal }) => http.get<{ id: number; descricao: string }[]>(`${api}/classificacao-contador`, { silent: true, signal }),
    staleTime: Infinity,
  });
}

export function useUfs() {
  return useQuery({ queryKey: ['combo', 'uf'], queryFn: ({ signal }) => http.get<{ id: string; descricao: string }[]>(`${api}/uf`, { silent: true, signal }), staleTime: Infinity });
}

export function useMunicipios(uf: string) {
  return useQuery({
    enabled: uf.length === 2,
    queryKey: ['combo', 'municipio', uf],
    queryFn: ({ signal }) => http.get<{ id: number; descricao: string }[]>(`${api}/municipio/${uf}`, { silent: true, signal }),
    staleTime: Infinity,
  });
}

/** §8: 404 → the accountant text, 429 → wait, 401 → sign in; anything else → the call's own error text. */
export function mensagemContador(e: unknown, t: TFunction, erro: string): string {
  if (e instanceof HttpError && e.status === 404) return t('contador.confirmacao.naoEncontrado');
  if (e instanceof HttpError && e.status === 429) return t('contador.confirmacao.muitasTentativas');
  if (e instanceof HttpError && (e.status === 400 || e.status === 401)) return httpErrorMessage(e, t);
  // Issue 41: a gov.br level short of the area's (the level needed and where to raise it).
  if (e instanceof HttpError && e.problem?.message?.startsWith(ERRO_NIVEL_GOVBR)) return httpErrorMessage(e, t);
  return t(erro);
}

/** The day after 'yyyy-MM-dd' (§5: the final date is sent as the day after; the server bound is exclusive). */
export function diaSeguinte(dia: string): string {
  return new Date(Date.parse(`${dia}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** dd/MM/yyyy HH:mm in Maceió (UTC−3) whatever the browser's zone. */
export function dataHora(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(Date.parse(iso) - 3 * 3600_000).toISOString();
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${d.slice(11, 16)}`;
}
