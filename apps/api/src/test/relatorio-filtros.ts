import type { NomeRelatorio } from '@cadastro/domain';

/** The reports' API prefix and, per report, a filter that finds rows in the generated test registry. */
export const API_RELATORIO = '/sfz-cadastro-api/api/relatorio';
export const TUDO = 'dataInicial=1980-01-01&dataFinal=2026-12-31';
export const FILTRO_DE_TESTE: Record<NomeRelatorio, string> = {
  solicitacoesBaixadas: TUDO, contribuintesAtivos: 'tipoConsulta=tipo', eventos: '', cacealForaInteresse: '', cacealNulo: TUDO,
  cacealAtivoCnpjInativo: '', cacealAtivoEmOutraUf: '', cacealSuspensaoTemporaria: '', multiplosVivos: TUDO, divergenciaResponsavel: '', contribuinteGeral: TUDO,
};
