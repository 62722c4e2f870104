import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authority, SITUACOES_INATIVAS, type AbaEvento, type VersoesCompartilhadas } from '@cadastro/domain';
import { AvisoAoSair } from '../../../ui/AvisoAoSair';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useSession } from '../../../ui/session';

/**
 * The maintenance ("supertela") state of one registration page (§4 "Edit tabs", "Detail save"): per
 * tab whether it is unlocked and its draft (the tab's whole current state). Kept here, above the tabs,
 * so a draft survives switching tabs; the page's Salvar collects the blocks of the changed tabs.
 */
interface Estado {
  editando: Partial<Record<AbaEvento, boolean>>;
  rascunho: Partial<Record<AbaEvento, unknown>>;
  /** The block each changed tab would send (null or absent: unchanged). */
  blocos: Partial<Record<AbaEvento, unknown>>;
}

interface Contexto extends Estado {
  version: number;
  /** What the registration shares with the company's others, as loaded: the save carries it back (stale → 409). */
  versoes: VersoesCompartilhadas;
  definir(aba: AbaEvento, mudanca: Partial<{ editando: boolean; rascunho: unknown; bloco: unknown }>): void;
  /** §4: unlocking a registration in an inactive situation asks first (once per page). */
  pedirEdicao(aba: AbaEvento): void;
  limpar(): void;
}

const Ctx = createContext<Contexto | null>(null);
const vazio: Estado = { editando: {}, rascunho: {}, blocos: {} };

export function ManutencaoProvider({ version, versoes, situacao, children }: { version: number; versoes: VersoesCompartilhadas; situacao: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [estado, setEstado] = useState<Estado>(vazio);
  const [confirmada, setConfirmada] = useState(false);
  const [perguntar, setPerguntar] = useState<AbaEvento | null>(null);
  const definir = useCallback<Contexto['definir']>((aba, m) => {
    setEstado((e) => ({
      editando: 'editando' in m ? { ...e.editando, [aba]: m.editando } : e.editando,
      rascunho: 'rascunho' in m ? { ...e.rascunho, [aba]: m.rascunho } : e.rascunho,
      blocos: 'bloco' in m ? { ...e.blocos, [aba]: m.bloco } : e.blocos,
    }));
  }, []);
  const inativa = SITUACOES_INATIVAS[situacao];
  const pedirEdicao = useCallback((aba: AbaEvento) => {
    if (inativa && !confirmada) setPerguntar(aba);
    else definir(aba, { editando: true });
  }, [inativa, confirmada, definir]);
  const valor = useMemo<Contexto>(() => ({ ...estado, version, versoes, definir, pedirEdicao, limpar: () => setEstado(vazio) }), [estado, version, versoes, definir, pedirEdicao]);
  return (
    <Ctx.Provider value={valor}>
      {children}
      <AvisoAoSair ativo={Object.values(estado.blocos).some((b) => b != null)} />
      <ConfirmDialog
        opened={perguntar !== null}
        title={t('manutencao.inativa.titulo')}
        message={inativa ? t('manutencao.inativa.mensagem', { situacao: t(`manutencao.inativa.${inativa}`) }) : ''}
        confirmLabel={t('entity.action.yes')}
        denyLabel={t('entity.action.no')}
        onConfirm={() => { setConfirmada(true); if (perguntar) definir(perguntar, { editando: true }); setPerguntar(null); }}
        // Não: the tab stays locked and its draft is dropped (§4).
        onDeny={() => { if (perguntar) definir(perguntar, { editando: false, rascunho: undefined, bloco: null }); setPerguntar(null); }}
      />
    </Ctx.Provider>
  );
}

export function useManutencao() {
  return useContext(Ctx);
}

/**
 * One editable tab: `pode` (supertela role and a maintenance page), `editando`, the current data
 * (the draft, or the original), `alterado` (current ≠ original, compared as the block sent), and the
 * actions. Every change recomputes the tab's block for the page's Salvar.
 */
export function useAbaEditavel<T>(aba: AbaEvento, original: T | undefined, paraBloco: (v: T) => unknown) {
  const ctx = useManutencao();
  const { hasAnyAuthority } = useSession();
  const pode = !!ctx && hasAnyAuthority([Authority.MAN_DADOS_CONTRI]);
  const rascunho = ctx?.rascunho[aba] as T | undefined;
  const atual = rascunho ?? original;
  const alterado = !!ctx?.blocos[aba];
  const definir = ctx?.definir;
  const alterar = useCallback((novo: T) => {
    if (!definir || original === undefined) return;
    const bloco = paraBloco(novo);
    const mudou = JSON.stringify(bloco) !== JSON.stringify(paraBloco(original));
    definir(aba, { rascunho: novo, bloco: mudou ? bloco : null });
  }, [definir, original, paraBloco, aba]);
  return {
    pode,
    editando: pode && !!ctx?.editando[aba],
    atual,
    alterado,
    alterar,
    alternar: () => (ctx?.editando[aba] ? ctx.definir(aba, { editando: false }) : ctx?.pedirEdicao(aba)),
    resetar: () => ctx?.definir(aba, { rascunho: undefined, bloco: null }),
  };
}

/** Issue 40 §6: a tab with a draft that differs from the record says so on the tab itself (a dot, named for screen readers). */
export function MarcaNaoSalvo({ aba }: { aba: string }) {
  const { t } = useTranslation();
  const ctx = useManutencao();
  if (ctx?.blocos[aba as AbaEvento] == null) return null;
  const rotulo = t('global.naoSalvo.marca');
  return <span role="img" aria-label={rotulo} title={rotulo} data-testid={`nao-salvo-${aba}`} style={{ marginLeft: 6, color: 'var(--mantine-color-red-9)', fontWeight: 700 }}>•</span>;
}
