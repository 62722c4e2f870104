import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AlterarPessoaFisica, AlterarPessoaJuridica, PaginaEmpresasVinculadas, PaginaLeituras, VinculoEmpresa, PessoaAlterada, PessoaCadastrada, PessoaFisica, PessoaJuridica, PessoaResumo,
} from '@cadastro/domain';
import { onlyCnpjChars, REGISTRY_API_BASE } from '@cadastro/domain';
import { http } from '../../ui/http';
import { useUserKey } from '../../ui/session';

const base = `${REGISTRY_API_BASE}/pessoa`;

/** §7 pessoa/{document}: the list; the first element is the person. */
export const buscarPessoa = (documento: string) => http.get<PessoaResumo[]>(`${base}/${onlyCnpjChars(documento)}`, { silent: true });

export function usePessoaFisica(cpf: string) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['pessoa', 'fisica', cpf]),
    // tela: the LGPD log records from which screen the individual was read.
    queryFn: ({ signal }) => http.get<PessoaFisica>(`${base}/consultar-pessoa-fisica/${cpf}`, { query: { tela: 'pessoa' }, silent: true, signal }),
    retry: false,
  });
}

export function usePessoaJuridica(cnpj: string) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['pessoa', 'juridica', cnpj]),
    queryFn: ({ signal }) => http.get<PessoaJuridica>(`${base}/consultar-pessoa-juridica/${cnpj}`, { silent: true, signal }),
    retry: false,
  });
}

/** A page of the person's companies of one kind of link, filtered on the server (#32: one 25,300-pixel table). */
export function useEmpresasVinculadas(numeroPessoa: number, vinculo: VinculoEmpresa, o: { page: number; size: number; filtro: string }) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['pessoa', 'empresas', numeroPessoa, vinculo, o]),
    queryFn: ({ signal }) =>
      http.get<PaginaEmpresasVinculadas>(`${base}/empresas-vinculadas/${numeroPessoa}`, { query: { vinculo, tela: 'pessoa', page: o.page - 1, size: o.size, filtro: o.filtro || undefined }, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const alterarPessoaFisica = (numeroPessoa: number, body: AlterarPessoaFisica) =>
  http.post<PessoaAlterada>(`${base}/alterar-pessoa-fisica/${numeroPessoa}`, body, { silent: true });

export const alterarPessoaJuridica = (numeroPessoa: number, body: AlterarPessoaJuridica) =>
  http.put<PessoaAlterada>(`${base}/alterar-pessoa-juridica/${numeroPessoa}`, body, { silent: true });

export const cadastrarPessoa = (documento: string) =>
  http.post<PessoaCadastrada>(`${base}/cadastrar-pessoa-infoconv/${onlyCnpjChars(documento)}`, {}, { silent: true });

export function useLeituras(filtro: { cpf?: string; login?: string; page: number }) {
  const userKey = useUserKey();
  return useQuery({
    enabled: !!(filtro.cpf || filtro.login),
    queryKey: userKey(['pessoa', 'leituras', filtro]),
    queryFn: ({ signal }) => http.get<PaginaLeituras>(`${base}/leituras`, { query: { cpf: filtro.cpf, login: filtro.login, page: filtro.page - 1, size: 20 }, silent: true, signal }),
    retry: false,
  });
}

/** A combo of §7 (public, cached by ETag): id and descricao. */
export function useCombo(nome: 'uf' | 'categoria' | 'classificacao' | 'tipoInscricao') {
  return useQuery({
    queryKey: ['combo', nome],
    queryFn: ({ signal }) => http.get<{ id: string | number; descricao: string }[]>(`${REGISTRY_API_BASE}/${nome}`, { silent: true, signal }),
    staleTime: Infinity,
  });
}
