import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { AlterarPendencia, ClassificacaoOrigemCadastro, ConsultaPendencias, PaginaPendencias, Pendencia } from '@cadastro/domain';
import { REGISTRY_API_BASE, REGULARIZACAO } from '@cadastro/domain';
import { http, HttpError, request } from '../../../ui/http';
import { httpErrorMessage } from '../../../ui/errors';
import { useUserKey } from '../../../ui/session';

const base = REGISTRY_API_BASE;

/** Cache keys: every list of pendências sits under this one (a change marks them all stale). */
export const PENDENCIAS_KEY = ['pendencia'] as const;

/** POST pendencias/consultar (the screen) or contribuinte/obterPendencias (the taxpayer's tab). */
export function usePendencias(origem: 'consultar' | 'aba', consulta: ConsultaPendencias | undefined) {
  const userKey = useUserKey();
  const url = origem === 'consultar' ? `${base}/pendencias/consultar` : `${base}/contribuinte/obterPendencias`;
  return useQuery({
    enabled: consulta !== undefined,
    queryKey: userKey([...PENDENCIAS_KEY, origem, consulta]),
    queryFn: ({ signal }) => http.post<PaginaPendencias>(url, consulta, { silent: true, signal }),
    placeholderData: (prev) => prev,
    retry: false,
  });
}

/** The classifications a registry clerk may alter (origin 10). */
export function useClassificacoesOrigemCadastro(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['pendencia', 'classificacoes-origem-cadastro'],
    queryFn: ({ signal }) => http.get<ClassificacaoOrigemCadastro[]>(`${base}/pendencias/classificacoes-origem-cadastro`, { silent: true, signal }),
    staleTime: Infinity,
  });
}

/** The pendência combos of §7 (public, cached by ETag). */
export function useComboPendencia(nome: 'classificacaoIrregularidade' | 'criticidadeIrregularidade' | 'situacaoIrregularidade') {
  return useQuery({
    queryKey: ['combo', nome],
    queryFn: ({ signal }) => http.get<{ id: number; descricao: string }[]>(`${base}/${nome}`, { silent: true, signal }),
    staleTime: Infinity,
  });
}

/** PATCH regularizar with the fixed codes of §9; the answer is the row as it now is. */
export const regularizarPendencia = (p: Pendencia) =>
  request<Pendencia>('PATCH', `${base}/pendencias/regularizar`, { sequencial: p.sequencial, ...REGULARIZACAO, version: p.version }, { silent: true }).then((r) => r.data);

export const alterarPendencia = (body: AlterarPendencia) =>
  request<Pendencia>('PATCH', `${base}/pendencias/alterar`, body, { silent: true }).then((r) => r.data);

/** The server's refusal codes (error.pendencia.*) in this area's words; anything else as every screen says it. */
export function mensagemErroPendencia(err: unknown, t: TFunction): string {
  const code = err instanceof HttpError ? err.problem?.message : undefined;
  if (code?.startsWith('error.pendencia.')) {
    const key = `pendencia.erro.${code.slice('error.pendencia.'.length)}`;
    if (t(key, { defaultValue: '' })) return t(key);
  }
  return httpErrorMessage(err, t);
}
