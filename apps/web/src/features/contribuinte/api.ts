import { useQuery } from '@tanstack/react-query';
import type { DadosCadastrais, PaginaContribuintes, TipoBuscaContribuinte } from '@cadastro/domain';
import { REGISTRY_API_BASE } from '@cadastro/domain';
import { http } from '../../ui/http';

const base = `${REGISTRY_API_BASE}/contribuinte`;

export const buscarContribuintes = (tipo: TipoBuscaContribuinte, termo: string, page0: number, size: number) =>
  http.get<PaginaContribuintes>(`${base}/obterListaContribuintes/${tipo}/${encodeURIComponent(termo)}/${page0}/${size}`);

export function useDadosCadastrais(numeroPessoa: number, caceal: number | undefined, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['contribuinte', 'dados', numeroPessoa, caceal],
    queryFn: () =>
      // The page shows its own error (404: 'Nenhum registro encontrado.'), not the global alert too.
      http.get<DadosCadastrais>(`${base}/obterDadosCadastrais/${numeroPessoa}`, { query: { caceal }, silent: true }),
    retry: false,
  });
}

/** One call per tab (§7), loaded when the tab opens. */
export function useAba<T>(
  nome: 'obterAtividades' | 'obterSocios' | 'obterResponsavel' | 'obterContador' | 'obterProcuradores' | 'obterEditais' | 'obterRegimesEspeciais',
  numeroPessoa: number,
  caceal: number | undefined,
) {
  return useQuery({
    queryKey: ['contribuinte', nome, numeroPessoa, caceal],
    queryFn: () => http.get<T>(`${base}/${nome}/${numeroPessoa}`, { query: { caceal }, silent: true }),
    retry: false,
  });
}

export function useDadosPorCaceal(caceal: number, enabled = true) {
  return useQuery({
    queryKey: ['contribuinte', 'dados', 'porCaceal', caceal],
    queryFn: () => http.get<DadosCadastrais>(`${base}/obterDadosCadastrais/porCaceal/${caceal}`, { silent: true }),
    enabled,
    retry: false,
  });
}

export const FICHA_PDF_URL = `${REGISTRY_API_BASE}/relatorio/imprimir`;
