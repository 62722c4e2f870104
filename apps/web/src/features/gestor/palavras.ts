import type { TFunction } from 'i18next';
import type { DiferencaGestor } from '@cadastro/domain';
import { formatCaceal, ProblemType } from '@cadastro/domain';
import { HttpError } from '../../ui/http';
import { httpErrorMessage } from '../../ui/errors';

/** A difference the server sent as a code and values, in the user's language. */
export const diferencaText = (t: TFunction, d: DiferencaGestor): string =>
  t(`gestor.diferenca.${d.campo}`, { caceal: d.caceal === null ? '' : formatCaceal(d.caceal), atual: d.atual ?? t('gestor.semValor'), novo: d.novo });

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
