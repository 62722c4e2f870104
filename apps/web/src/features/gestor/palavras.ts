import type { TFunction } from 'i18next';
import type { DiferencaGestor } from '@cadastro/domain';
import { formatCaceal, formatDia, ProblemType } from '@cadastro/domain';
import { HttpError } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';

/** A difference the server sent as a code and values, in the user's language, with the act it overrides. */
export const diferencaText = (t: TFunction, d: DiferencaGestor): string => {
  const texto = t(`gestor.diferenca.${d.campo}`, { caceal: d.caceal === null ? '' : formatCaceal(d.caceal), atual: d.atual ?? t('gestor.semValor'), novo: d.novo });
  const origem = origemText(t, d);
  return origem ? `${texto} (${origem})` : texto;
};

/** Which legal act set the status a sync would override: the notice, else the date (and reason) of the change. */
export function origemText(t: TFunction, d: DiferencaGestor): string | null {
  const o = d.origem;
  if (!o) return null;
  const data = o.data ? formatDia(o.data) : '';
  if (o.edital) return t('gestor.origem.edital', { edital: o.edital, tipo: o.tipoEdital ?? '', data });
  if (o.data) return o.motivo ? t('gestor.origem.motivo', { data, motivo: o.motivo }) : t('gestor.origem.data', { data });
  return null;
}

/**
 * A failed lookup or sync: a 404 says which system did not find the document (the registry or the
 * manager system; found in neither, the spec's 'Nenhum registro encontrado.').
 */
export function gestorErro(t: TFunction, e: unknown, tipo: string, numero: string): string {
  if (!(e instanceof HttpError) || e.status !== 404) return httpErrorMessage(e, t);
  const doc = { tipo: t(`contribuinte.busca.tipo.${tipo}`, { defaultValue: tipo }), documento: numero.trim() };
  switch (e.problem?.type) {
    case ProblemType.NOT_IN_MANAGER_SYSTEM:
      return t('gestor.naoEncontrado.gestor', doc);
    case ProblemType.NOT_IN_REGISTRY:
      return t('gestor.naoEncontrado.cadastro', doc);
    default:
      return t('global.noRecords');
  }
}
