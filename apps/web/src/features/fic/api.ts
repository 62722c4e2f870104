import { useQuery } from '@tanstack/react-query';
import type { Fic, VerificacaoFic } from '@cadastro/domain';
import { REGISTRY_API_BASE } from '@cadastro/domain';
import { http } from '../../ui/http';

export const FIC_PDF_URL = `${REGISTRY_API_BASE}/relatorio/fic/imprimir`;

export function useFic(caceal: string) {
  return useQuery({
    queryKey: ['fic', caceal],
    queryFn: () => http.get<Fic>(`${REGISTRY_API_BASE}/contribuinte/obterDadosFic/${encodeURIComponent(caceal)}`, { silent: true }),
    retry: false,
  });
}

export function useVerificacaoFic(codigo: string | undefined) {
  return useQuery({
    queryKey: ['fic', 'verificacao', codigo],
    queryFn: () => http.get<VerificacaoFic>(`${REGISTRY_API_BASE}/public/fic/verificar/${encodeURIComponent(codigo!)}`, { silent: true }),
    enabled: !!codigo,
    retry: false,
  });
}
