import type { DadosGestor, ResultadoSincronizacao } from '@cadastro/domain';
import { REGISTRY_API_BASE } from '@cadastro/domain';
import { http } from '../../ui/http';

export const consultarGestor = (tipoDocumento: string, numeroDocumento: string) =>
  http.get<DadosGestor>(`${REGISTRY_API_BASE}/gestor/dadosContribuinte`, { query: { tipoDocumento, numeroDocumento }, silent: true });

export const sincronizarGestor = (tipoDocumento: string, numeroDocumento: string) =>
  http.post<ResultadoSincronizacao>(`${REGISTRY_API_BASE}/gestor/sinc`, { tipoDocumento, numeroDocumento }, { silent: true });
