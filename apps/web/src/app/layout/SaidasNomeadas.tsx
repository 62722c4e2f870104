import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

const DetalhamentoSolicitacao = lazy(() => import('../../features/contribuinte/solicitacoes/SaidaDetalhamento'));

/**
 * Named outlets: a dialog named in the URL opens over any page (and again on reload). Its code is
 * fetched only when the URL names it.
 */
export function SaidasNomeadas() {
  const [search] = useSearchParams();
  return search.has('detalhamentoSolicitacao') ? <Suspense fallback={null}><DetalhamentoSolicitacao /></Suspense> : null;
}
