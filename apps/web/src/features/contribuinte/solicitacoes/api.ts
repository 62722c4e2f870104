import { useQuery } from '@tanstack/react-query';
import type { SolicitacoesEncontradas } from '@cadastro/domain';
import { REGISTRY_API_BASE } from '@cadastro/domain';
import { http } from '../../../ui/http';
import { useUserKey } from '../../../ui/session';

const base = `${REGISTRY_API_BASE}/solicitacao`;

/** The named outlet of the request detail (§2: outlet detalhamentoSolicitacao) as a search param. */
export const SAIDA_DETALHAMENTO = 'detalhamentoSolicitacao';
export const caminhoDetalhe = (protocolo: string) => `contribuinte/solicitacao-rds/${protocolo}/detalhe-solicitacao-modal`;
/** The protocol of an outlet path; null when the path names none (the outlet is then cleared at once). */
export function protocoloDoCaminho(caminho: string | null): string | null {
  const m = caminho && /^contribuinte\/solicitacao-rds\/([0-9A-Za-z]{1,20})\/detalhe-solicitacao-modal$/.exec(caminho);
  return m ? m[1]!.toUpperCase() : null;
}

/** A taxpayer's requests of both sources (solicitacao/consultar?cnpj=). */
export function useSolicitacoes(cnpj: string | undefined) {
  const userKey = useUserKey();
  return useQuery({
    enabled: !!cnpj,
    queryKey: userKey(['solicitacao', 'consultar', cnpj]),
    queryFn: ({ signal }) => http.get<SolicitacoesEncontradas>(`${base}/consultar`, { query: { cnpj }, silent: true, signal }),
    retry: false,
  });
}

export type Bloco = 'solicitacao' | 'identificacao' | 'atividade-economica' | 'contabilista' | 'qsa' | 'mensagem';

/** One block of the detail modal, by its own call (a failing block does not take the others down). */
export function useBloco<T>(bloco: Bloco, protocolo: string) {
  const userKey = useUserKey();
  return useQuery({
    queryKey: userKey(['solicitacao', bloco, protocolo]),
    queryFn: ({ signal }) => http.get<T>(bloco === 'solicitacao' ? `${base}/${protocolo}` : `${base}/${bloco}/${protocolo}`, { silent: true, signal }),
    retry: false,
  });
}
