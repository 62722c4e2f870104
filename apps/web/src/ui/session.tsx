import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, ProfileInfo } from '@cadastro/domain';
import { hasAnyAuthority } from '@cadastro/domain';
import { http, UNAUTHORIZED_EVENT } from './http';
import { clearStored, readStored, storageKeys, writeStored } from './storage';
import { changeLanguage } from '../i18n';

interface Session {
  account: Account | null;
  /** Active profiles and switches (API docs on/off) from /api/profile-info. */
  profile: ProfileInfo | undefined;
  /** True until we know whether a stored token is still good. */
  loading: boolean;
  authenticated: boolean;
  hasAnyAuthority(required: readonly string[]): boolean;
  login(username: string, password: string, rememberMe: boolean): Promise<Account>;
  /** 'user' = signed out on purpose (go home); 'expired' = a 401 (ask to sign in again, then come back). */
  logout(reason?: 'user' | 'expired'): void;
  signedOutOnPurpose: boolean;
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
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);

  const accountQuery = useQuery({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: () => http.get<Account>('/api/account', { silent: true }),
    enabled: hasToken,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const account = hasToken ? (accountQuery.data ?? null) : null;
  const profileQuery = useQuery({ queryKey: ['profile-info'], queryFn: () => http.get<ProfileInfo>('/api/profile-info', { silent: true }), staleTime: Infinity });

  const logout = useCallback((reason: 'user' | 'expired' = 'expired') => {
    setSignedOutOnPurpose(reason === 'user');
    clearStored(storageKeys.token);
    setHasToken(false);
    qc.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
  }, [qc]);

  useEffect(() => {
    const onUnauthorized = () => logout('expired');
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
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
      setSignedOutOnPurpose(false);
      const acc = await qc.fetchQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: () => http.get<Account>('/api/account', { silent: true }) });
      return acc;
    },
    [qc],
  );

  const value = useMemo<Session>(
    () => ({
      account,
      profile: profileQuery.data,
      loading: hasToken && accountQuery.isPending,
      authenticated: !!account,
      hasAnyAuthority: (required) => hasAnyAuthority(account?.authorities, required),
      login,
      logout,
      signedOutOnPurpose,
      loginOpen,
      openLogin: () => setLoginOpen(true),
      closeLogin: () => setLoginOpen(false),
    }),
    [account, profileQuery.data, hasToken, accountQuery.isPending, login, logout, signedOutOnPurpose, loginOpen],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): Session {
  const c = useContext(Ctx);
  if (!c) throw new Error('useSession outside SessionProvider');
  return c;
}
