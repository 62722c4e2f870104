import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ALERT_TIMEOUT_MS } from '@cadastro/domain';
import { HTTP_ERROR_EVENT, HTTP_SUCCESS_EVENT } from './http';
import { httpErrorMessage } from './errors';
import { ExportacoesEmCurso } from './ExportacoesEmCurso';

export type AlertType = 'success' | 'danger' | 'warning' | 'info';
interface AlertItem {
  id: number;
  type: AlertType;
  msg: string;
}

interface AlertApi {
  show(type: AlertType, msg: string, timeout?: number): void;
  success(msg: string): void;
  error(msg: string): void;
  clear(): void;
}

const Ctx = createContext<AlertApi | null>(null);

const ALERT_EVENT = 'cadastro:alert';
/** An alert from outside the page (the navbar sits above the provider): the provider shows it. */
export function announce(type: AlertType, msg: string) {
  window.dispatchEvent(new CustomEvent<{ type: AlertType; msg: string }>(ALERT_EVENT, { detail: { type, msg } }));
}
let nextId = 1;

/**
 * Navigation state that carries the alerts on screen to the next screen — for a step that ends by
 * moving on, e.g. a user dialog that saves and returns to the list the success alert speaks of.
 */
export const CARRY_ALERTS = { keepAlerts: true } as const;
const carriesAlerts = (state: unknown) => (state as { keepAlerts?: unknown } | null)?.keepAlerts === true;

const COLORS: Record<AlertType, string> = { success: 'green', danger: 'red', warning: 'yellow', info: 'blue' };

/**
 * Page alerts (§8): they last 5000 ms, an identical message already shown is not repeated, and the
 * page scrolls to the top so the user sees it. Also shows every global http-error.
 * Alerts belong to the screen that raised them: moving to another route clears them (a success
 * must not follow the user to the next screen), unless the navigation carries them (CARRY_ALERTS).
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<AlertItem[]>([]);
  const { t } = useTranslation();
  const location = useLocation();
  const [screen, setScreen] = useState(location.pathname);
  if (screen !== location.pathname) {
    // Adjusted while rendering (not in an effect) so the new screen never shows the old alerts.
    setScreen(location.pathname);
    if (!carriesAlerts(location.state)) setItems([]);
  }

  const remove = useCallback((id: number) => setItems((xs) => xs.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (type: AlertType, msg: string, timeout = ALERT_TIMEOUT_MS) => {
      const id = nextId++;
      // An identical message already on screen is not repeated.
      setItems((xs) => (xs.some((x) => x.msg === msg && x.type === type) ? xs : [...xs, { id, type, msg }]));
      window.scrollTo?.({ top: 0, behavior: 'smooth' });
      if (timeout > 0) setTimeout(() => remove(id), timeout);
    },
    [remove],
  );
  const api = useMemo<AlertApi>(
    () => ({ show, success: (m) => show('success', m), error: (m) => show('danger', m), clear: () => setItems([]) }),
    [show],
  );

  useEffect(() => {
    const onError = (e: Event) => api.error(httpErrorMessage((e as CustomEvent).detail, t));
    const onSuccess = (e: Event) => {
      const { key, param } = (e as CustomEvent<{ key: string; param: string | null }>).detail;
      api.success(t(key, { param: param ?? '' }));
    };
    const onAlert = (e: Event) => {
      const { type, msg } = (e as CustomEvent<{ type: AlertType; msg: string }>).detail;
      api.show(type, msg);
    };
    window.addEventListener(HTTP_ERROR_EVENT, onError);
    window.addEventListener(HTTP_SUCCESS_EVENT, onSuccess);
    window.addEventListener(ALERT_EVENT, onAlert);
    return () => {
      window.removeEventListener(HTTP_ERROR_EVENT, onError);
      window.removeEventListener(HTTP_SUCCESS_EVENT, onSuccess);
      window.removeEventListener(ALERT_EVENT, onAlert);
    };
  }, [api, t]);

  return (
    <Ctx.Provider value={api}>
      <Stack gap="xs" data-testid="alerts" aria-live="polite" style={{ position: 'sticky', top: 0, zIndex: 200 }}>
        {items.map((a) => (
          <Alert key={a.id} color={COLORS[a.type]} withCloseButton closeButtonLabel={t('global.close')} onClose={() => remove(a.id)} role={a.type === 'danger' ? 'alert' : 'status'}>
            {a.msg}
          </Alert>
        ))}
        <ExportacoesEmCurso />
      </Stack>
      {children}
    </Ctx.Provider>
  );
}

export function useAlerts(): AlertApi {
  const c = useContext(Ctx);
  if (!c) throw new Error('useAlerts outside AlertProvider');
  return c;
}
