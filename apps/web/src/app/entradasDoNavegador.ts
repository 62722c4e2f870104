/**
 * Issue 40 §6: an entry the browser makes itself — an address typed or pasted, a bookmark, a link
 * that only changes the hash — carries no index, and react-router's hash history then computes the
 * distance of the next Back/Forward from null: a blocked Back "restored" with go(0) (a reload that
 * drops the draft without asking) or with a jump several entries away. Before the router sees such
 * an entry, it is stamped with the index that follows the last one known, as the router would.
 * Call before creating the router, so this listener runs before the router's.
 */
export function numerarEntradasDoNavegador(): (indice: unknown) => void {
  let ultimo = indiceDe(window.history.state) ?? 0;
  window.addEventListener('popstate', () => {
    const estado = window.history.state as Record<string, unknown> | null;
    if (indiceDe(estado) === undefined) {
      // A new entry comes right after the one the clerk was on (the ones ahead of it are gone).
      window.history.replaceState({ usr: null, key: Math.random().toString(36).slice(2, 10), ...estado, idx: ultimo + 1 }, '');
    }
    ultimo = indiceDe(window.history.state) ?? ultimo;
  });
  // After each router navigation (push/replace write the index without an event).
  return (indice) => { ultimo = indiceDe({ idx: indice }) ?? ultimo; };
}

function indiceDe(estado: unknown): number | undefined {
  const idx = (estado as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}
