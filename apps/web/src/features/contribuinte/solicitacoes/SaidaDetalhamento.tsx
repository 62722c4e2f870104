import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { protocoloDoCaminho, SAIDA_DETALHAMENTO } from './api';
import { DetalheSolicitacaoModal } from './DetalheSolicitacaoModal';

/**
 * The named outlet detalhamentoSolicitacao (§2): the URL's ?detalhamentoSolicitacao=
 * contribuinte/solicitacao-rds/{protocolo}/detalhe-solicitacao-modal opens the modal over whatever
 * page is under it, so a reload of that URL reopens it. Fechar clears the outlet; a path without a
 * protocol is cleared at once.
 */
export default function SaidaDetalhamento() {
  const [search, setSearch] = useSearchParams();
  const protocolo = protocoloDoCaminho(search.get(SAIDA_DETALHAMENTO));
  const limpar = (replace: boolean) =>
    setSearch((s) => {
      const n = new URLSearchParams(s);
      n.delete(SAIDA_DETALHAMENTO);
      return n;
    }, { replace });
  useEffect(() => {
    if (!protocolo) limpar(true);
  });
  return protocolo ? <DetalheSolicitacaoModal key={protocolo} protocolo={protocolo} onClose={() => limpar(false)} /> : null;
}
