import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Account, ProfileInfo } from '@cadastro/domain';
import { hasAnyAuthority } from '@cadastro/domain';
import { http, UNAUTHORIZED_EVENT, type UnauthorizedDetail } from './http';
import { clearStored, readStored, storageKeys, writeStored } from './storage';
import { forgetCachedData, userScoped } from './userKey';
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
  /** Takes a session token the server handed out another way (the second factor's step). */
  adopt(idToken: string, rememberMe: boolean): Promise<Account>;
  /** Takes the session an identity provider's sign-in made (issue 41), handed by the server once. */
  adoptarSessaoDoProvedor(): Promise<Account>;
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
  // The token itself (not a flag): a different token means a different user, even while signed in.
  const [token, setToken] = useState(() => readStored(storageKeys.token));
  const hasToken = !!token;
  const tokenRef = useRef(token);
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

  /** The browser now speaks as someone else (or no one): nothing cached for the previous user survives. */
  const switchToken = useCallback(
    (next: string | null) => {
      tokenRef.current = next;
      forgetCachedData(qc);
      setToken(next);
    },
    [qc],
  );

  const logout = useCallback(
    (reason: 'user' | 'expired' = 'expired') => {
      if (reason === 'user' && readStored(storageKeys.token)) {
        if (readStored(storageKeys.entradaProvedor)) {
          // A provider's session: revoked here, then the browser goes to the provider to end its session too.
          http.post<{ url: string | null }>('/api/identidade/sair', undefined, { silent: true, alertHeaders: false })
            .then((r) => r.url && window.location.assign(r.url), () => undefined);
        } else {
          // Lets the server revoke the token. Fire and forget: the user is signed out here whatever
          // it answers (a server without the call answers 404). request() reads the bearer before
          // its first await, so clearing the token below does not strip it from this call.
          http.post('/api/logout', undefined, { silent: true, alertHeaders: false }).catch(() => undefined);
        }
      }
      clearStored(storageKeys.entradaProvedor);
      setSignedOutOnPurpose(reason === 'user');
      clearStored(storageKeys.token);
      switchToken(null);
    },
    [switchToken],
  );

  useEffect(() => {
    const onUnauthorized = (e: Event) => {
      // A late answer to a call made with an older token (revoked at sign-out, or another user's)
      // says nothing about the session now in place.
      const sent = (e as CustomEvent<UnauthorizedDetail | undefined>).detail?.token ?? null;
      if (sent === tokenRef.current) logout('expired');
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [logout]);

  useEffect(() => {
    // Another tab signed out, or in as someone else, with a remembered token (localStorage is
    // shared): this tab follows, dropping what it holds for the previous user.
    const onStorage = () => {
      const now = readStored(storageKeys.token);
      if (now === tokenRef.current) return;
      if (!now) setSignedOutOnPurpose(true);
      switchToken(now);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [switchToken]);

  useEffect(() => {
    if (account?.langKey) void changeLanguage(account.langKey);
  }, [account?.langKey]);

  const adopt = useCallback(
    async (id_token: string, rememberMe: boolean) => {
      clearStored(storageKeys.token);
      clearStored(storageKeys.entradaProvedor);
      writeStored(storageKeys.token, id_token, rememberMe);
      switchToken(id_token);
      setSignedOutOnPurpose(false);
      const acc = await qc.fetchQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: () => http.get<Account>('/api/account', { silent: true }) });
      return acc;
    },
    [qc, switchToken],
  );

  const login = useCallback(
    async (username: string, password: string, rememberMe: boolean) => {
      const { id_token } = await http.post<{ id_token: string }>('/api/authenticate', { username, password, rememberMe }, { silent: true });
      return adopt(id_token, rememberMe);
    },
    [adopt],
  );
  const adoptarSessaoDoProvedor = useCallback(async () => {
    const { id_token } = await http.post<{ id_token: string }>('/api/identidade/sessao', undefined, { silent: true });
    clearStored(storageKeys.token);
    writeStored(storageKeys.token, id_token, false);
    writeStored(storageKeys.entradaProvedor, '1', false);
    switchToken(id_token);
    setSignedOutOnPurpose(false);
    return qc.fetchQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: () => http.get<Account>('/api/account', { silent: true }) });
  }, [qc, switchToken]);

  const value = useMemo<Session>(
    () => ({
      account,
      profile: profileQuery.data,
      loading: hasToken && accountQuery.isPending,
      authenticated: !!account,
      hasAnyAuthority: (required) => hasAnyAuthority(account?.authorities, required),
      login,
      adopt,
      adoptarSessaoDoProvedor,
      logout,
      signedOutOnPurpose,
      loginOpen,
      openLogin: () => setLoginOpen(true),
      closeLogin: () => setLoginOpen(false),
    }),
    [account, profileQuery.data, hasToken, accountQuery.isPending, login, adopt, adoptarSessaoDoProvedor, logout, signedOutOnPurpose, loginOpen],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): Session {
  const c = useContext(Ctx);
  if (!c) throw new Error('useSession outside SessionProvider');
  return c;
}

/**
 * Scopes a query key to the signed-in user (userScoped): for data whose answer depends on who
 * asks. Public reference data and answers the same for every holder of a role need no scope.
 */
export function useUserKey(): (key: QueryKey) => QueryKey {
  const id = useSession().account?.id;
  return useCallback((key: QueryKey) => userScoped(id === undefined ? null : { id }, key), [id]);
}
