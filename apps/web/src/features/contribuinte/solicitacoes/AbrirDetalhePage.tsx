import { Navigate, useParams } from 'react-router';
import { caminhoDetalhe, SAIDA_DETALHAMENTO } from './api';

/**
 * contribuinte/solicitacao-rds/{protocolo}/detalhe-solicitacao-modal as a path of its own (a link, a
 * bookmark): the modal opens in its named outlet over the home page.
 */
export default function AbrirDetalhePage() {
  const { protocolo = '' } = useParams();
  return <Navigate replace to={{ pathname: '/', search: `?${new URLSearchParams({ [SAIDA_DETALHAMENTO]: caminhoDetalhe(protocolo) }).toString()}` }} />;
}
