import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@cadastro/domain';
import { hasAnyAuthority } from '@cadastro/domain';
import { http, UNAUTHORIZED_EVENT } from './http';
import { clearStored, readStored, storageKeys, writeStored } from './storage';
import { changeLanguage } from '../i18n';

interface Session {
  account: Account | null;
  /** True until we know whether a stored token is still good. */
  loading: boolean;
  authenticated: boolean;
  hasAnyAuthority(required: readonly string[]): boolean;
  login(username: string, password: string, rememberMe: boolean): Promise<Account>;
  logout(): void;
  loginOpen: boolean;
  openLogin(): void;
  closeLogin(): void;
}

const Ctx = createContext<Session | null>(null);
export const ACCOUNT_QUERY_KEY = ['account'] as const;

/**
 * The signed-in user (§4 Authentication): token in localStorage when "remember me", else in
 * sessionStorage (§7); the account is reloaded from the server, never trusted from storage.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [hasToken, setHasToken] = useState(() => !!readStored(storageKeys.token));
  const [loginOpen, setLoginOpen] = useState(false);

  const accountQuery = useQuery({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: () => http.get<Account>('/api/account', { silent: true }),
    enabled: hasToken,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const account = hasToken ? (accountQuery.data ?? null) : null;

  const logout = useCallback(() => {
    clearStored(storageKeys.token);
    setHasToken(false);
    qc.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
  }, [qc]);

  useEffect(() => {
    window.addEventListener(UNAUTHORIZED_EVENT, logout);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, logout);
  }, [logout]);

  useEffect(() => {
    if (account?.langKey) void changeLanguage(account.langKey);
  }, [account?.langKey]);

  const login = useCallback(
    async (username: string, password: string, rememberMe: boolean) => {
      const { id_token } = await http.post<{ id_token: string }>('/api/authenticate', { username, password, rememberMe }, { silent: true });
      clearStored(storageKeys.token);
      writeStored(storageKeys.token, id_token, rememberMe);
      setHasToken(true);
      const acc = await qc.fetchQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: () => http.get<Account>('/api/account', { silent: true }) });
      return acc;
    },
    [qc],
  );

  const value = useMemo<Session>(
    () => ({
      account,
      loading: hasToken && accountQuery.isPending,
      authenticated: !!account,
      hasAnyAuthority: (required) => hasAnyAuthority(account?.authorities, required),
      login,
      logout,
      loginOpen,
      openLogin: () => setLoginOpen(true),
      closeLogin: () => setLoginOpen(false),
    }),
    [account, hasToken, accountQuery.isPending, login, logout, loginOpen],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): Session {
  const c = useContext(Ctx);
  if (!c) throw new Error('useSession outside SessionProvider');
  return c;
}
