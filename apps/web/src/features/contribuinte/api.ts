import { useQuery } from '@tanstack/react-query';
import type { DadosCadastrais, PaginaBuscaNome, PaginaContribuintes, TipoBuscaContribuinte } from '@cadastro/domain';
import { REGISTRY_API_BASE } from '@cadastro/domain';
import { http } from '../../ui/http';
import { useUserKey } from '../../ui/session';

const base = `${REGISTRY_API_BASE}/contribuinte`;

/** The search's own errors are shown on its page (silent: not the global alert too). */
export const buscarContribuintes = (tipo: TipoBuscaContribuinte, termo: string, page0: number, size: number, signal?: AbortSignal) =>
  http.get<PaginaContribuintes>(`${base}/obterListaContribuintes/${tipo}/${encodeURIComponent(termo)}/${page0}/${size}`, { silent: true, signal });

/** Cache key of the search's result pages (an explicit search fetches them again). */
export const BUSCA_KEY = ['contribuinte', 'busca'] as const;

/**
 * The link of a search, opened on its first page (the navbar quick search uses it). Written without
 * the page's zod shape (BUSCA_URL): the navbar is in the first load, zod is not.
 */
export const buscaUrl = (tipo: TipoBuscaContribuinte, termo: string) => `/contribuinte?tipo=${tipo}&termo=${encodeURIComponent(termo)}&page=1`;

// Registration data is keyed by user: a taxpayer may read only their own (others get 403), staff
// any, so one user's answer is never another's.

export function useDadosCadastrais(numeroPessoa: number, caceal: number | undefined, enabled = true) {
  const userKey = useUserKey();
  return useQuery({
    enabled,
    queryKey: userKey(['contribuinte', 'dados', numeroPessoa, caceal]),
    queryFn: ({ signal }) =>
      // The page shows its own error (404: 'Nenhum registro encontrado.'), not the global alert too.
      http.get<DadosCadastrais>(`${base}/obterDadosCadastrais/${numeroPessoa}`, { query: { caceal }, silent: true, signal }),
    retry: false,
  });
}

/** One call per tab (§7), loaded when the tab opens. */
export function useAba<T>(
  nome: 'obterAtividades' | 'obterSocios' | 'obterResponsavel' | 'obterContador' | 'obterProcuradores' | 'obterEditais' | 'obterRegimesEspeciais',
  numeroPessoa: number,
  caceal: number | undefined,
  enabled = true,
) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['contribuinte', nome, numeroPessoa, caceal]),
    queryFn: ({ signal }) => http.get<T>(`${base}/${nome}/${numeroPessoa}`, { query: { caceal }, silent: true, signal }),
    retry: false,
    enabled,
  });
}

export function useDadosPorCaceal(caceal: number, enabled = true) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['contribuinte', 'dados', 'porCaceal', caceal]),
    queryFn: ({ signal }) => http.get<DadosCadastrais>(`${base}/obterDadosCadastrais/porCaceal/${caceal}`, { silent: true, signal }),
    enabled,
    retry: false,
  });
}

export const FICHA_PDF_URL = `${REGISTRY_API_BASE}/relatorio/imprimir`;

/** The search screen's name search (#43): contains first, then words in any order, variants, typos; `apos` pages on. */
export const buscarPorNome = (termo: string, size: number, apos: string | undefined, signal?: AbortSignal) =>
  http.get<PaginaBuscaNome>(`${base}/buscarPorNome`, { query: { termo, size, apos }, silent: true, signal });
